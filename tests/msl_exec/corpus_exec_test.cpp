// The compute execution cases of corpus/cases run as MSL on the CPU (msl_test::run_kernel: the Metal header's
// CPU runner, threads of a group concurrent with real barriers), compared with the references the lavapipe run
// uses: the case's C++ reference and literal expectations. Buffers and textures are bound at the Metal indices
// of the MSL's entry arguments, found by name; each dispatch runs on the previous one's results. A case that
// cannot run here is in kNotRun with the reason; every other compute case must run and match. The draw cases
// are draw_exec_test.cpp's.
#include <catch2/catch.hpp>

#include <cctype>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <sstream>

#include "case_bindings.hpp"
#include "case_file.hpp"
#include "case_layouts.hpp"
#include "compare.hpp"
#include "references.hpp"
#include "msl_clang.hpp"
#include "msl_source.hpp"
#include "oneshader/oneshader.hpp"

namespace {
namespace fs = std::filesystem;
using namespace oneshader::exec;
using namespace msl_exec;

struct NotRun {
    const char* name;
    const char* why;
};

constexpr NotRun kNotRun[] = {
    {"typed_buffers", "MSL refuses its RWBuffer InterlockedAdd (OSH5101: atomics on textures need Metal 3.1)"},
    {"byte_address_templated", "MSL refuses Load<T> of structs and doubles (OSH5101, OSH5102)"},
};

const char* not_run(const std::string& name) {
    for (const NotRun& n : kNotRun)
        if (name == n.name) return n.why;
    return nullptr;
}

// Runs the case; empty on success, else what went wrong.
std::string run_case(const Case& c, bool optimize, std::map<std::string, Bytes>& state) {
    oneshader::CompileOptions o = compile_options(c, optimize);
    for (const Entry& e : c.entries) o.entry_points.push_back({e.name, oneshader::Stage::Compute});
    fs::path shader = fs::path(ONESHADER_SOURCE_DIR) / "corpus" / c.shader;
    oneshader::CompileResult r = oneshader::compile_file(shader.generic_string(), o);
    if (!r.ok() || !r.reflection) {
        std::string d;
        for (const auto& x : r.diagnostics) d += x.to_string() + "\n";
        return "does not compile to MSL:\n" + d;
    }
    for (const Resource& res : c.resources) state[res.name()] = res.contents;
    for (const Step& step : c.steps) {
        const oneshader::ShaderBlob* blob = r.find(step.entry, oneshader::Target::Msl);
        const oneshader::EntryPointInfo* info = r.reflection->find_entry_point(step.entry);
        if (!blob || !info) return "no MSL for " + step.entry;
        std::string text(blob->as_text());
        std::vector<msl_test::Entry> entries = msl_test::scan_entries(text);
        if (entries.size() != 1) return "not one kernel in the MSL of " + step.entry;
        std::ostringstream b;
        b << "grid " << step.x << " " << step.y << " " << step.z << "\n";
        b << "group " << info->workgroup_size[0] << " " << info->workgroup_size[1] << " " << info->workgroup_size[2]
          << "\n";
        std::map<int, const Resource*> buffers, textures;
        std::map<int, std::string> buffer_names;
        for (const msl_test::EntryParam& p : entries[0].params) {
            auto open = p.attribute.find('(');
            if (open == std::string::npos) continue;
            std::string kind = p.attribute.substr(0, open);
            int index = std::stoi(p.attribute.substr(open + 1));
            if (kind == "sampler") return "samplers are not in the CPU runner";
            const Resource* res = resource_named(c, p.name);
            if (kind == "buffer") {
                if (res) {
                    b << "buffer " << index << " uint" << words_of(state[res->name()]) << "\n";
                    buffer_names[index] = res->name();
                } else if (c.push_constants) {
                    b << "buffer " << index << " uint" << words_of(*c.push_constants) << "\n";
                } else {
                    return "no case resource for the buffer argument " + p.name;
                }
            } else if (kind == "texture") {
                if (!res || !res->format) return "no case image for the texture argument " + p.name;
                Resource current = *res;
                current.contents = state[res->name()];
                b << "texture " << index << " " << res->width << " " << res->height << " uint" << texels_of(current)
                  << "\n";
                textures[index] = res;
            }
        }
        msl_test::ClangRun run;
        try {
            run = msl_test::run_kernel(text, b.str(), function_constants(c, *r.reflection, step.entry));
        } catch (const std::exception& error) {
            return error.what();
        }
        if (run.status != 0) return step.entry + " does not run: " + run.output.substr(0, 2000);
        std::istringstream out(run.output);
        for (std::string line; std::getline(out, line);) {
            std::istringstream s(line);
            std::string what, type;
            int index = 0;
            s >> what >> index;
            std::vector<std::uint32_t> words;
            if (what == "buffer") {
                s >> type;
                for (std::uint32_t w; s >> w;) words.push_back(w);
                auto it = buffer_names.find(index);
                if (it == buffer_names.end()) continue;
                Bytes bytes(words.size() * 4);
                if (!words.empty()) std::memcpy(bytes.data(), words.data(), bytes.size());
                bytes.resize(state[it->second].size());
                state[it->second] = bytes;
            } else if (what == "texture") {
                std::uint32_t w = 0, h = 0;
                s >> w >> h >> type;
                for (std::uint32_t x; s >> x;) words.push_back(x);
                auto it = textures.find(index);
                if (it != textures.end()) state[it->second->name()] = texels_back(*it->second, words);
            }
        }
    }
    return {};
}

// Runs the case at one optimization level and compares its outputs; empty when all match, else what differs.
std::string check_case(const Case& c, bool optimize) {
    std::map<std::string, Bytes> state;
    std::string problem = run_case(c, optimize, state);
    if (!problem.empty()) return problem + "\n";
    ExpectedOutputs expected;
    if (!c.cpp_reference.empty())
        if (ReferenceFunction f = find_reference(c.cpp_reference)) expected = f(c);
    std::string failures;
    std::size_t compared = 0;
    for (const Output& out : c.outputs) {
        auto it = expected.find(out.name);
        std::string report;
        if (it != expected.end()) {
            ++compared;
            if (!compare_output(c, out, state[out.name], it->second, false, report))
                failures += out.name + ": " + report + "\n";
        }
    }
    for (const Literal& l : c.literals) {
        const Output* out = c.find_output(l.output);
        std::string report;
        ++compared;
        if (!out || !compare_output(c, *out, state[l.output], l.bytes, true, report))
            failures += l.output + ": " + report + "\n";
    }
    if (compared == 0) failures += "nothing to compare with: give the case a C++ reference or literals\n";
    return failures;
}

}  // namespace

TEST_CASE("the compute execution cases run as MSL on the CPU and match their references", "[msl][exec]") {
    // ONESHADER_MSL_CASE=NAME runs one case (to debug it); the count check below then fails, as it should.
    const char* only = std::getenv("ONESHADER_MSL_CASE");
    std::size_t ran = 0, listed = 0, total = 0;
    std::string failures;
    for (const auto& e : fs::directory_iterator(fs::path(ONESHADER_SOURCE_DIR) / "corpus" / "cases")) {
        if (e.path().extension() != ".case") continue;
        Case c = parse_case(e.path().string());
        bool compute = !c.steps.empty();
        for (const Step& s : c.steps) compute = compute && !s.is_draw;
        if (!compute) continue;  // draws: the test below
        std::string name = e.path().stem().string();
        if (only && name != only) continue;
        ++total;
        const char* why = not_run(name);
        for (bool optimize : {true, false}) {
            const std::string level = optimize ? " -O3" : " -Od";
            std::string problem = check_case(c, optimize);
            if (why && problem.empty())
                failures += name + level + ": listed as not run (" + why + ") but runs and matches: unlist it\n";
            else if (!why && !problem.empty())
                failures += name + level + ": " + problem;
            if (why) break;  // a listed case: one level shows it still fails
        }
        if (why) {
            ++listed;
            WARN(name << ": not run (" << why << ")");
        } else if (failures.find(name + " -O") == std::string::npos) {
            ++ran;
        }
    }
    WARN(ran << " of " << total << " compute cases ran as MSL at -O3 and -Od and matched; " << listed
              << " listed as not run");
    CHECK(ran + listed == total);
    INFO(failures);
    CHECK(failures.empty());
    CHECK(ran >= 20);
}
