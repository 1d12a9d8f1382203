// The draw cases of corpus/cases run as MSL on the CPU (msl_test::run_draw: the Metal header's draw runner, per
// vertex, then per 2x2 quad of covered pixels) and their target is compared with the references the WGSL run
// uses: the glslang build on lavapipe, drawn y-up as Metal draws (VulkanRunner::run's y_up), the case's C++
// reference and its literal values, with the case's tolerances (no wider ones: a texture with 8-bit unorm texels
// filters in 8-bit fixed point as lavapipe does, which Metal allows; with float filtering the blur passes differed
// by 1.9e-3 against their 1e-4). Buffers, textures and samplers are bound at the
// Metal indices of the two functions' arguments, found by name; the vertex buffer at the backend's index 30 with
// the vertex descriptor oneshader::layouts gives for the case's attributes (to_metal()). A case that cannot run
// here is in kNotRun with the reason, which must be part of what stops it; a listed case that runs and matches
// fails the test, as does an unlisted one that does not.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>

#include "case_bindings.hpp"
#include "case_file.hpp"
#include "case_layouts.hpp"
#include "compare.hpp"
#include "compilers.hpp"
#include "msl_clang.hpp"
#include "msl_source.hpp"
#include "oneshader/layouts.hpp"
#include "oneshader/oneshader.hpp"
#include "references.hpp"
#include "vulkan_runner.hpp"

namespace {
namespace fs = std::filesystem;
using namespace oneshader::exec;
using namespace msl_exec;

struct NotRun {
    const char* name;
    const char* why;  // part of what stops the case
};

constexpr NotRun kNotRun[] = {
    // The difference is lavapipe's: only pixels on the strip's shared diagonal differ, each a covered pixel whose
    // fine-derivative partner in its quad is a helper lane of the same triangle (the partner of both lanes covered
    // matches). There lavapipe's fwidth of the rounded box's distance is far off its neighbours' (the anti-aliased
    // fill turns dark), consistent with llvmpipe masking the Rects loads of helper lanes, which Vulkan does not
    // allow; the MSL run's helper lanes read the buffer, and its fill is smooth across the diagonal.
    {"ui_rect", "-O3 differs:\ntarget against glslang on lavapipe"},
};

const char* not_run(const std::string& name) {
    for (const NotRun& n : kNotRun)
        if (name == n.name) return n.why;
    return nullptr;
}

struct Expected {
    std::string problem;
    std::optional<Bytes> glslang;
    std::optional<Bytes> cpp;
    std::optional<Bytes> literal;
};

Expected expectations(const Case& c, VulkanRunner* runner, const std::string& runner_error, CompilerSet& compilers) {
    Expected e;
    if (!c.cpp_reference.empty()) {
        ReferenceFunction f = find_reference(c.cpp_reference);
        if (!f) {
            e.problem = "no C++ reference " + c.cpp_reference;
            return e;
        }
        ExpectedOutputs outs = f(c);
        if (auto it = outs.find("target"); it != outs.end()) e.cpp = it->second;
    }
    for (const Literal& l : c.literals)
        if (l.output == "target") e.literal = l.bytes;
    if (!c.glslang_reference) return e;
    if (!runner) {
        e.problem = "the glslang reference needs lavapipe, which did not start: " + runner_error;
        return e;
    }
    std::vector<Module> modules;
    for (const Entry& entry : c.entries) {
        CompileResult compiled = compilers.compile_with_glslang(c, entry);
        if (compiled.status != CompileResult::Status::ok) {
            e.problem = "glslang does not compile " + entry.name + ":\n" + compiled.log;
            return e;
        }
        modules.push_back({&entry, std::move(compiled.spirv)});
    }
    try {
        RunResult r = runner->run(c, modules, true);
        if (auto it = r.outputs.find("target"); it != r.outputs.end()) e.glslang = it->second;
    } catch (const std::exception& error) {
        e.problem = std::string("the glslang run on lavapipe failed: ") + error.what();
    }
    return e;
}

oneshader::Stage api_stage(Stage s) {
    return s == Stage::vertex ? oneshader::Stage::Vertex : oneshader::Stage::Pixel;
}

std::string target_kind(const Format& f) {
    if (f.kind == ComponentKind::unorm8 && f.components == 4) return "unorm8";
    if (f.kind == ComponentKind::float32 && f.components == 4) return "float32";
    return "";
}

// The bindings of the draw's resources: buffers, textures and samplers of both functions by index (the MSL
// numbers each class over the whole file, so one index is one resource in both), push constants at the bytes
// index, the vertex buffer and its descriptor, the target and the draw.
std::string bindings_of(const Case& c, const Step& step, const oneshader::ShaderReflection& reflection,
                        const std::vector<msl_test::Entry>& functions, std::string& problem) {
    std::ostringstream b;
    std::map<std::string, std::string> bound;  // "buffer(0)" -> the argument name
    for (const msl_test::Entry& f : functions)
        for (const msl_test::EntryParam& p : f.params) {
            auto open = p.attribute.find('(');
            if (open == std::string::npos) continue;
            std::string kind = p.attribute.substr(0, open);
            if (kind != "buffer" && kind != "texture" && kind != "sampler") continue;
            int index = std::stoi(p.attribute.substr(open + 1));
            auto [it, added] = bound.emplace(p.attribute, p.name);
            if (!added) {
                if (it->second != p.name)
                    problem = "[[" + p.attribute + "]] is '" + it->second + "' in one function and '" + p.name +
                              "' in the other";
                continue;
            }
            const Resource* res = resource_named(c, p.name);
            if (kind == "buffer") {
                if (res) b << "buffer " << index << " uint" << words_of(res->contents) << "\n";
                else if (c.push_constants) b << "buffer " << index << " uint" << words_of(*c.push_constants) << "\n";
                else problem = "no case resource for the buffer argument " + p.name;
            } else if (kind == "texture") {
                if (!res || !res->format) problem = "no case image for the texture argument " + p.name;
                else {
                    b << "texture " << index << " " << res->width << " " << res->height << " uint" << texels_of(*res) << "\n";
                    // The reference filters 8-bit unorm texels in 8-bit fixed point, which Metal allows too.
                    if (res->format->kind == ComponentKind::unorm8) b << "texture-filter " << index << " unorm8\n";
                }
            } else {
                if (!res || res->kind != ResourceKind::sampler) problem = "no case sampler for the argument " + p.name;
                else b << "sampler " << index << " " << res->filter << " " << res->address << "\n";
            }
        }
    if (c.vertex_buffers.size() > 1) problem = "the backend's vertex input is one buffer; the case has several";
    if (c.vertex_buffers.size() == 1) {
        const VertexBuffer& vb = c.vertex_buffers[0];
        auto layout = oneshader::layouts::EntryLayout::create(reflection, step.vertex);
        if (!layout || !layout->vertex) {
            problem = "no vertex layout for " + step.vertex;
            return {};
        }
        oneshader::layouts::VertexLayoutOverrides overrides;
        overrides.stride = vb.stride;
        for (const Attribute& a : vb.attributes)
            overrides.attributes[a.location] = {vertex_format(a.format), a.offset};
        auto changed = layout->with_vertex_overrides(overrides);
        if (!changed) {
            problem = "the case's vertex buffer breaks the layout's rules: " + changed.error().message;
            return {};
        }
        auto descriptor = changed->vertex->to_metal(30, vb.per_instance ? oneshader::layouts::VertexStepMode::Instance
                                                                        : oneshader::layouts::VertexStepMode::Vertex);
        b << "vertex-buffer " << descriptor.buffer_index << " " << descriptor.stride << " "
          << static_cast<int>(descriptor.step_function) << "\n";
        for (const auto& [location, a] : descriptor.attributes)
            b << "attribute " << location << " " << static_cast<int>(a.format) << " " << a.offset << "\n";
        b << "buffer " << descriptor.buffer_index << " uint" << words_of(vb.contents) << "\n";
    }
    const std::string kind = target_kind(c.target->format);
    if (kind.empty()) problem = "the draw runner writes rgba8 and rgba32f targets, not " + c.target->format.name;
    b << "target " << c.target->width << " " << c.target->height << " " << kind;
    for (double v : c.target->clear) b << " " << v;
    b << "\ndraw " << step.x << " " << step.y << " " << (step.strip ? 1 : 0) << " " << (step.blend_alpha ? 1 : 0) << "\n";
    return b.str();
}

// Runs the draw at one level; the target's bytes, or what stops it in `problem`.
Bytes run_draw_case(const Case& c, bool optimize, std::string& problem) {
    if (c.steps.size() != 1 || !c.steps[0].is_draw || !c.target) {
        problem = "the draw runner runs one draw into the target";
        return {};
    }
    const Step& step = c.steps[0];
    oneshader::CompileOptions o = compile_options(c, optimize);
    for (const Entry& e : c.entries) o.entry_points.push_back({e.name, api_stage(e.stage)});
    fs::path shader = fs::path(ONESHADER_SOURCE_DIR) / "corpus" / c.shader;
    oneshader::CompileResult r = oneshader::compile_file(shader.generic_string(), o);
    const oneshader::ShaderBlob* vs = r.find(step.vertex, oneshader::Target::Msl);
    const oneshader::ShaderBlob* ps = r.find(step.pixel, oneshader::Target::Msl);
    if (!r.ok() || !r.reflection || !vs || !ps) {
        problem = "does not compile to MSL:\n";
        for (const auto& x : r.diagnostics) problem += x.to_string() + "\n";
        return {};
    }
    std::string vtext(vs->as_text()), ptext(ps->as_text());
    std::vector<msl_test::Entry> functions = msl_test::scan_entries(vtext);
    for (const msl_test::Entry& e : msl_test::scan_entries(ptext)) functions.push_back(e);
    std::string bindings = bindings_of(c, step, *r.reflection, functions, problem);
    if (!problem.empty()) return {};
    msl_test::ClangRun run;
    try {
        run = msl_test::run_draw(vtext, ptext, bindings, function_constants(c, *r.reflection, step.vertex),
                                 function_constants(c, *r.reflection, step.pixel));
    } catch (const std::exception& error) {
        problem = error.what();
        return {};
    }
    if (run.status != 0) {
        problem = "does not run: " + run.output.substr(0, 3000);
        return {};
    }
    std::istringstream out(run.output);
    for (std::string line; std::getline(out, line);) {
        if (line.rfind("target ", 0) != 0) continue;
        std::istringstream s(line.substr(7));
        std::uint32_t w = 0, h = 0;
        std::string type;
        s >> w >> h >> type;
        std::vector<double> values;
        for (double v; s >> v;) values.push_back(v);
        return encode_components(c.target->format, values);
    }
    problem = "the draw runner wrote no target";
    return {};
}

std::string compare_target(const Case& c, const Expected& e, const Bytes& actual) {
    const Output* out = c.find_output("target");
    if (!out) return "the case has no target output\n";
    std::string failures, report;
    if (e.glslang && !compare_output(c, *out, actual, *e.glslang, false, report))
        failures += "target against glslang on lavapipe:\n" + report + "\n";
    report.clear();
    if (e.cpp && !compare_output(c, *out, actual, *e.cpp, false, report))
        failures += "target against the C++ reference:\n" + report + "\n";
    report.clear();
    if (e.literal && !compare_output(c, *out, actual, *e.literal, true, report))
        failures += "target against the literal values:\n" + report + "\n";
    if (!e.glslang && !e.cpp && !e.literal) failures += "nothing to compare the target with\n";
    return failures;
}

}  // namespace

TEST_CASE("the draw cases run as MSL on the CPU and match the lavapipe run", "[msl][exec]") {
    // ONESHADER_MSL_CASE=NAME runs one case (to debug it); the count check below then fails, as it should.
    const char* only = std::getenv("ONESHADER_MSL_CASE");
    const auto started = std::chrono::steady_clock::now();
    std::optional<VulkanRunner> runner;
    std::string runner_error;
    try {
        runner.emplace();
    } catch (const std::exception& error) {
        runner_error = error.what();
    }
    CompilerSet compilers(fs::path(ONESHADER_SOURCE_DIR) / "corpus", "");
    std::size_t draws = 0, matched = 0, listed = 0;
    std::string failures;
    for (const auto& file : fs::directory_iterator(fs::path(ONESHADER_SOURCE_DIR) / "corpus" / "cases")) {
        if (file.path().extension() != ".case") continue;
        Case c = parse_case(file.path().string());
        bool draw = false;
        for (const Step& s : c.steps) draw = draw || s.is_draw;
        if (!draw) continue;
        const std::string name = file.path().stem().string();
        if (only && name != only) continue;
        ++draws;
        std::string stopped;
        Expected expected = expectations(c, runner ? &*runner : nullptr, runner_error, compilers);
        if (!expected.problem.empty()) stopped = "no reference: " + expected.problem + "\n";
        for (bool optimize : {true, false}) {
            if (!stopped.empty()) break;
            const std::string level = optimize ? "-O3 " : "-Od ";
            std::string problem;
            Bytes target = run_draw_case(c, optimize, problem);
            // ONESHADER_MSL_DUMP=DIR keeps the target and the lavapipe run's as raw bytes there (to debug a case).
            if (const char* dump = std::getenv("ONESHADER_MSL_DUMP"); dump && problem.empty()) {
                std::ofstream(fs::path(dump) / (name + level.substr(0, 3) + ".msl.bin"), std::ios::binary)
                    .write(reinterpret_cast<const char*>(target.data()), static_cast<std::streamsize>(target.size()));
                if (expected.glslang)
                    std::ofstream(fs::path(dump) / (name + ".lavapipe.bin"), std::ios::binary)
                        .write(reinterpret_cast<const char*>(expected.glslang->data()),
                               static_cast<std::streamsize>(expected.glslang->size()));
            }
            if (!problem.empty()) stopped += level + problem + "\n";
            else if (std::string diff = compare_target(c, expected, target); !diff.empty())
                stopped += level + "differs:\n" + diff;
        }
        const char* why = not_run(name);
        if (why) {
            ++listed;
            WARN(name << ": not run (" << why << ")");
            if (stopped.empty()) failures += name + ": listed as not run (" + why + ") but runs and matches: unlist it\n";
            else if (stopped.find(why) == std::string::npos)
                failures += name + ": listed for '" + why + "', but what stops it is:\n" + stopped;
        } else if (!stopped.empty()) {
            failures += name + ": " + stopped;
        } else {
            ++matched;
        }
    }
    for (const NotRun& n : kNotRun)
        if (*n.name && !fs::exists(fs::path(ONESHADER_SOURCE_DIR) / "corpus" / "cases" / (std::string(n.name) + ".case")))
            failures += std::string(n.name) + ": listed in kNotRun but no case\n";
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    WARN(matched << " of " << draws << " draw cases ran as MSL at -O3 and -Od and matched; " << listed
                 << " listed as not run; " << seconds << " s");
    INFO(failures);
    CHECK(failures.empty());
    CHECK(matched + listed == draws);
    CHECK(matched >= 1);
}
