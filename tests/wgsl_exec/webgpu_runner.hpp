#pragma once
// Runs many WebGPU jobs in ONE `node tools/wgsl/run.mjs --list LIST` process (Dawn's Vulkan backend on
// SwiftShader) and returns each job's answer: the output bytes by name, or WebGPU's errors.
#include <map>
#include <string>
#include <vector>

#include "case_file.hpp"

namespace oneshader::wgsl_exec {

struct JobResult {
    bool ok = false;
    std::string error;                         // the runner's errors when !ok
    std::map<std::string, exec::Bytes> outputs;  // by output name ("target" for the render target)
};

struct RunnerAnswer {
    std::string startup_error;     // Node.js, the npm packages or SwiftShader missing: what to run
    std::string adapter;           // the runner's first line (the adapter)
    std::vector<JobResult> jobs;   // in the order of the job paths
};

// `outputs[i]`: the output names job i asks for.
RunnerAnswer run_jobs(const std::vector<std::string>& job_paths, const std::vector<std::vector<std::string>>& outputs,
                      const std::string& scratch_dir);

}  // namespace oneshader::wgsl_exec
