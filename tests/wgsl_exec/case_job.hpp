#pragma once
// A corpus execution case (tests/exec's case_file.hpp) as a job of the WebGPU runner (tools/wgsl/run.mjs; the
// job format is in docs/execution-tests.md, "WebGPU on the CPU"): the WGSL of each entry point, every resource at
// the group and binding our reflection gives its WGSL slot, with the binding type from the reflected kind (and,
// per step, the access the step's WGSL declares), push constants as the uniform at the reflected slot, and the
// steps and outputs of the case. Draws use clockwise front faces: the reference run on lavapipe draws y-up
// (VulkanRunner::run's y_up), so both see the same clip space and rows.
#include <map>
#include <string>

#include "case_file.hpp"
#include "oneshader/reflection.hpp"

namespace oneshader::wgsl_exec {

struct CaseJob {
    std::string json;     // the job, when `problem` is empty
    std::string problem;  // why the case cannot be a job
};

// `wgsl`: the WGSL text of each entry point of the case, by HLSL name; `module_files`: where each is written
// (the job names them by path).
CaseJob make_job(const exec::Case& c, const ShaderReflection& reflection, const std::map<std::string, std::string>& wgsl,
                 const std::map<std::string, std::string>& module_files, const std::string& job_name);

// The WebGPU format of a case format (`rgba8` -> `rgba8unorm`), as a texture or a vertex attribute; empty when
// WebGPU has none.
std::string texture_format(const exec::Format& f);
std::string vertex_format(const exec::Format& f);

// The rest of the WGSL declaration at `@group(group) @binding(binding)` ("var<storage, read> Name: ..."), or empty
// when the text declares nothing there.
std::string declaration_at(const std::string& wgsl, std::uint32_t group, std::uint32_t binding);

}  // namespace oneshader::wgsl_exec
