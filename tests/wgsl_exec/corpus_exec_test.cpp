// The execution cases of corpus/cases run as WGSL on WebGPU: Dawn for Node on SwiftShader's Vulkan driver, all
// cases in ONE runner process (tools/wgsl/run.mjs). Every case is compiled to WGSL in process at -O3 and -Od, turned
// into a job with the bind group layouts our reflection gives (case_job.hpp), and its outputs are compared with
// the references and tolerances of the lavapipe run (tests/exec): the glslang build on lavapipe, drawn y-up as
// WebGPU draws, the case's C++ reference and its literal values. A case either runs and matches at both levels or
// is in kNotRun with the reason that stops it; a listed case that runs and matches fails the test, as does an
// unlisted one that does not.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "case_file.hpp"
#include "case_job.hpp"
#include "compare.hpp"
#include "compilers.hpp"
#include "references.hpp"
#include "vulkan_runner.hpp"
#include "webgpu_runner.hpp"
#include "oneshader/oneshader.hpp"

namespace {
namespace fs = std::filesystem;
using namespace oneshader;
using namespace oneshader::exec;

struct NotRun {
    const char* name;
    const char* why;   // the reason, as the compiler or the runner says it: found in what stops the case
};

// Cases that cannot run as WGSL on WebGPU here, with the OSH5202 refusal (or the runner's error) that stops them.
constexpr NotRun kNotRun[] = {
#include "not_run.inc"
};

const char* not_run(const std::string& name) {
    for (const NotRun& n : kNotRun)
        if (name == n.name) return n.why;
    return nullptr;
}

oneshader::Stage api_stage(exec::Stage s) {
    return s == exec::Stage::compute ? oneshader::Stage::Compute
           : s == exec::Stage::vertex ? oneshader::Stage::Vertex
                                      : oneshader::Stage::Pixel;
}

struct Expectations {
    std::string problem;  // the reference could not be made
    std::optional<std::map<std::string, Bytes>> glslang;
    ExpectedOutputs cpp, literals;
};

// The lavapipe run's expectations: glslang's SPIR-V on lavapipe (y-up, as WebGPU draws), the C++ reference and the
// literal values.
Expectations expectations(const Case& c, VulkanRunner* runner, CompilerSet& compilers) {
    Expectations e;
    if (!c.cpp_reference.empty()) {
        ReferenceFunction f = find_reference(c.cpp_reference);
        if (!f) {
            e.problem = "no C++ reference " + c.cpp_reference;
            return e;
        }
        e.cpp = f(c);
    }
    for (const Literal& l : c.literals) e.literals[l.output] = l.bytes;
    if (!c.glslang_reference) return e;
    if (!runner) {
        e.problem = "the glslang reference needs lavapipe, which did not start";
        return e;
    }
    std::vector<exec::Module> modules;
    for (const Entry& entry : c.entries) {
        exec::CompileResult compiled = compilers.compile_with_glslang(c, entry);
        if (compiled.status != exec::CompileResult::Status::ok) {
            e.problem = "glslang does not compile " + entry.name + ":\n" + compiled.log;
            return e;
        }
        modules.push_back({&entry, std::move(compiled.spirv)});
    }
    try {
        e.glslang = runner->run(c, modules, true).outputs;
    } catch (const std::exception& error) {
        e.problem = std::string("the glslang run on lavapipe failed: ") + error.what();
    }
    return e;
}

// Compares the outputs of one WebGPU run; empty when everything matches.
std::string compare_all(const Case& c, const Expectations& e, const std::map<std::string, Bytes>& actual) {
    std::string failures;
    auto check = [&](const std::map<std::string, Bytes>& expected, bool prefix, const char* source) {
        for (Output out : c.outputs) {
            if (out.webgpu_tolerance) out.tolerance = out.webgpu_tolerance;
            out.allowed_pixels = out.webgpu_pixels;
            auto it = expected.find(out.name);
            if (it == expected.end()) continue;
            auto got = actual.find(out.name);
            std::string report;
            if (got == actual.end()) failures += out.name + ": no output from the runner\n";
            else if (!compare_output(c, out, got->second, it->second, prefix, report))
                failures += out.name + " against " + source + ":\n" + report + "\n";
        }
    };
    if (e.glslang) check(*e.glslang, false, "glslang on lavapipe");
    check(e.cpp, false, "the C++ reference");
    check(e.literals, true, "the literal values");
    return failures;
}

struct Attempt {
    std::string level;     // "-O3" or "-Od"
    std::string problem;   // a compile refusal or a job that could not be made
    std::size_t job = 0;   // index into the job list when the problem is empty
};

struct CaseRun {
    Case c;
    Expectations expected;
    std::vector<Attempt> attempts;
};

}  // namespace

TEST_CASE("the execution cases run as WGSL on WebGPU (SwiftShader) and match the lavapipe run", "[wgsl][exec]") {
    const auto started = std::chrono::steady_clock::now();
    std::string scratch = (fs::temp_directory_path() / "oneshader-wgsl-exec-XXXXXX").string();
    REQUIRE(mkdtemp(scratch.data()));

    std::optional<VulkanRunner> runner;
    std::string runner_error;
    try {
        runner.emplace();
    } catch (const std::exception& error) {
        runner_error = error.what();
    }
    CompilerSet compilers(fs::path(ONESHADER_SOURCE_DIR) / "corpus", "");

    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(ONESHADER_SOURCE_DIR) / "corpus" / "cases"))
        if (e.path().extension() == ".case") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(!files.empty());

    std::vector<CaseRun> runs;
    std::vector<std::string> job_paths;
    std::vector<std::vector<std::string>> job_outputs;
    for (const fs::path& file : files) {
        CaseRun run;
        run.c = parse_case(file.string());
        const Case& c = run.c;
        const std::string name = file.stem().string();
        run.expected = expectations(c, runner ? &*runner : nullptr, compilers);
        for (bool optimize : {true, false}) {
            Attempt a;
            a.level = optimize ? "-O3" : "-Od";
            CompileOptions o;
            o.targets = {Target::Wgsl};
            o.optimize = optimize;
            for (const std::string& d : c.defines) {
                auto eq = d.find('=');
                if (eq == std::string::npos) o.defines.push_back({d, std::nullopt});
                else o.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
            }
            for (const Entry& e : c.entries) o.entry_points.push_back({e.name, api_stage(e.stage)});
            oneshader::CompileResult r = compile_file((fs::path(ONESHADER_SOURCE_DIR) / "corpus" / c.shader).string(), o);
            std::map<std::string, std::string> wgsl, module_files;
            for (const Entry& e : c.entries)
                if (const ShaderBlob* blob = r.find(e.name, Target::Wgsl)) {
                    wgsl[e.name] = std::string(blob->as_text());
                    module_files[e.name] = scratch + "/" + name + a.level + "." + e.name + ".wgsl";
                    std::ofstream(module_files[e.name], std::ios::binary) << wgsl[e.name];
                }
            if (!r.ok() || !r.reflection || wgsl.size() != c.entries.size()) {
                a.problem = "does not compile to WGSL:";
                for (const Diagnostic& d : r.diagnostics) a.problem += "\n  " + d.to_string();
            } else {
                wgsl_exec::CaseJob job = wgsl_exec::make_job(c, *r.reflection, wgsl, module_files, name + a.level);
                if (!job.problem.empty()) {
                    a.problem = "is no WebGPU job: " + job.problem;
                } else {
                    a.job = job_paths.size();
                    job_paths.push_back(scratch + "/" + name + a.level + ".json");
                    std::ofstream(job_paths.back(), std::ios::binary) << job.json;
                    std::vector<std::string> outs;
                    for (const Output& out : c.outputs) outs.push_back(out.name);
                    job_outputs.push_back(outs);
                }
            }
            run.attempts.push_back(a);
        }
        runs.push_back(std::move(run));
    }
    const auto compiled = std::chrono::steady_clock::now();

    wgsl_exec::RunnerAnswer answer = wgsl_exec::run_jobs(job_paths, job_outputs, scratch);
    INFO(answer.startup_error);
    REQUIRE(answer.startup_error.empty());
    REQUIRE(answer.jobs.size() == job_paths.size());
    const auto ran_at = std::chrono::steady_clock::now();

    std::size_t matched = 0, listed = 0;
    std::string failures;
    for (const CaseRun& run : runs) {
        const std::string name = fs::path(run.c.path).stem().string();
        std::string stopped;  // what stops the case, at either level
        if (!run.expected.problem.empty()) stopped = "no reference: " + run.expected.problem + "\n";
        for (const Attempt& a : run.attempts) {
            if (!a.problem.empty()) {
                stopped += a.level + " " + a.problem + "\n";
                continue;
            }
            const wgsl_exec::JobResult& result = answer.jobs[a.job];
            if (!result.ok) stopped += a.level + " does not run on WebGPU: " + result.error + "\n";
            else if (std::string diff = compare_all(run.c, run.expected, result.outputs); !diff.empty())
                stopped += a.level + " differs:\n" + diff;
        }
        const char* why = not_run(name);
        if (why) {
            ++listed;
            if (stopped.empty()) failures += name + ": listed as not running (" + why + ") but runs and matches\n";
            else if (stopped.find(why) == std::string::npos)
                failures += name + ": listed for '" + why + "', but what stops it is:\n" + stopped;
        } else if (!stopped.empty()) {
            failures += name + ": " + stopped;
            // Kept beside the jobs for a look: the lavapipe run's outputs (the job's are what run.mjs prints).
            if (run.expected.glslang)
                for (const auto& [output, bytes] : *run.expected.glslang)
                    std::ofstream(scratch + "/" + name + "." + output + ".lavapipe.bin", std::ios::binary)
                        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        } else {
            ++matched;
        }
    }
    const auto done = std::chrono::steady_clock::now();
    auto seconds = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
    WARN(matched << " of " << runs.size() << " cases ran as WGSL on WebGPU and matched, " << listed
                 << " listed as not running; " << job_paths.size() << " jobs in one runner process ("
                 << seconds(compiled, ran_at) << " s), references and compiles " << seconds(started, compiled)
                 << " s, in all " << seconds(started, done) << " s");
    if (!runner_error.empty()) WARN("lavapipe did not start: " << runner_error);
    std::error_code ignored;
    if (failures.empty()) fs::remove_all(scratch, ignored);
    else WARN("jobs and WGSL kept in " << scratch);
    INFO(failures);
    CHECK(failures.empty());
    // A floor at what runs today (46 of 50: 3 cases are OSH5202 refusals, ui_rect differs where lavapipe's helper
    // invocations read zeros) and the 90%; a case that stops matching fails above, this catches a shrinking
    // corpus.
    CHECK(matched >= 46);
    CHECK(matched * 10 >= runs.size() * 9);
}
