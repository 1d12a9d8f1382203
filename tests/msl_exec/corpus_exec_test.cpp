// The compute execution cases of corpus/cases run as MSL on the CPU (msl_test::run_kernel: the Metal header's
// CPU runner, threads of a group concurrent with real barriers), compared with the references the lavapipe run
// uses: the case's C++ reference and literal expectations. Buffers and textures are bound at the Metal indices
// of the MSL's entry arguments, found by name; each dispatch runs on the previous one's results. A case that
// cannot run here is in kNotRun with the reason; every other compute case must run and match.
#include <catch2/catch.hpp>

#include <cctype>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <sstream>

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

struct NotRun {
    const char* name;
    const char* why;
};

constexpr NotRun kNotRun[] = {
    {"typed_buffers", "MSL refuses its RWBuffer InterlockedAdd (OSH5101: atomics on textures need Metal 3.1)"},
};

// The draw cases. The Metal header's CPU runner calls compute kernels only: a draw needs vertex fetch from the
// case's vertex buffer by attribute format, a rasterizer with perspective-correct varyings at pixel centres, 2x2
// quads for derivatives, discard and blending into the target, and the runner's driver generation knows kernel
// arguments only. Beyond that, what each case would need and what it compares with:
constexpr NotRun kDraws[] = {
    {"blit_copy_texel", "a full-screen triangle; samplers as fragment arguments; C++ reference"},
    {"bool_coverage", "two rectangles from SV_VertexID, a flat bool varying, [[sample_mask]] in and out; literal image"},
    {"blit_linear", "a full-screen triangle, linear sampling; only the glslang run as expectation"},
    {"blit_point", "a full-screen triangle, point sampling; only the glslang run as expectation"},
    {"bloom_downsample", "a full-screen triangle, 13 linear taps; only the glslang run as expectation"},
    {"bloom_prefilter", "a full-screen triangle, linear sampling; only the glslang run as expectation"},
    {"bloom_upsample", "a full-screen triangle, tent filter; only the glslang run as expectation"},
    {"blur_horizontal", "a full-screen triangle, linear taps; only the glslang run as expectation"},
    {"blur_vertical", "a full-screen triangle, linear taps; only the glslang run as expectation"},
    {"precise", "vertex fetch (float3/float attributes); only the glslang run as expectation"},
    {"renderer2d_circle", "vertex fetch with a unorm8x4 colour, fwidth (quads), alpha blending; glslang only"},
    {"renderer2d_line", "vertex fetch with a unorm8x4 colour, fwidth (quads), alpha blending; glslang only"},
    {"renderer2d_solid", "vertex fetch with a unorm8x4 colour; only the glslang run as expectation"},
    {"renderer2d_textured", "vertex fetch, repeat sampling; only the glslang run as expectation"},
    {"sprite", "an instanced strip, structured buffer in the vertex function, alpha blending; glslang only"},
    {"sprite_alpha_test", "an instanced strip, discard_fragment; only the glslang run as expectation"},
    {"tonemap_aces", "a full-screen triangle, two textures; only the glslang run as expectation"},
    {"tonemap_hable", "a full-screen triangle, two textures; only the glslang run as expectation"},
    {"tonemap_reinhard", "a full-screen triangle, two textures; only the glslang run as expectation"},
    {"ui_rect", "an instanced strip, flat uint varying, discard, alpha blending; glslang only"},
};

const char* draw_listed(const std::string& name) {
    for (const NotRun& n : kDraws)
        if (name == n.name) return n.why;
    return nullptr;
}

const char* not_run(const std::string& name) {
    for (const NotRun& n : kNotRun)
        if (name == n.name) return n.why;
    return nullptr;
}

std::string words_of(const Bytes& bytes) {
    std::string out;
    for (std::size_t k = 0; k + 4 <= bytes.size(); k += 4) {
        std::uint32_t w;
        std::memcpy(&w, bytes.data() + k, 4);
        out += " " + std::to_string(w);
    }
    return out;
}

// The texels of an image as four 32-bit words each (float bits for float and unorm formats).
std::string texels_of(const Resource& r) {
    std::vector<double> values = decode_components(*r.format, r.contents);
    std::string out;
    const int n = r.format->components;
    for (std::size_t t = 0; t * n < values.size(); ++t)
        for (int c = 0; c < 4; ++c) {
            double v = c < n ? values[t * n + c] : (c == 3 ? 1.0 : 0.0);
            std::uint32_t w;
            if (r.format->kind == ComponentKind::uint32 || r.format->kind == ComponentKind::sint32) {
                w = static_cast<std::uint32_t>(static_cast<std::int64_t>(v));
            } else {
                float f = static_cast<float>(v);
                std::memcpy(&w, &f, 4);
            }
            out += " " + std::to_string(w);
        }
    return out;
}

Bytes texels_back(const Resource& r, const std::vector<std::uint32_t>& words) {
    std::vector<double> values;
    const int n = r.format->components;
    for (std::size_t t = 0; 4 * t + 3 < words.size(); ++t)
        for (int c = 0; c < n; ++c) {
            std::uint32_t w = words[4 * t + c];
            if (r.format->kind == ComponentKind::uint32) values.push_back(w);
            else if (r.format->kind == ComponentKind::sint32) values.push_back(static_cast<std::int32_t>(w));
            else {
                float f;
                std::memcpy(&f, &w, 4);
                values.push_back(f);
            }
        }
    return encode_components(*r.format, values);
}

// The MSL spells a resource's name as an identifier: the counter of an append/consume buffer, which the case
// names `counter.var.X` (DXC's name), is the argument `counter_var_X`.
std::string identifier_of(std::string name) {
    for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') ch = '_';
    return name;
}

const Resource* resource_named(const Case& c, const std::string& name) {
    for (const Resource& r : c.resources)
        for (const std::string& n : r.names)
            if (identifier_of(n) == name) return &r;
    return nullptr;
}

// The case's `specialize` values for the MSL's function constants, through oneshader::layouts' SpecializationValues
// (to_metal(): index, MTLDataType and bits), as the C++ literals the CPU runner defines the constants with.
std::map<int, std::string> function_constants(const Case& c, const oneshader::ShaderReflection& reflection,
                                              const std::string& entry) {
    std::map<int, std::string> out;
    auto layout = oneshader::layouts::EntryLayout::create(reflection, entry);
    if (!layout) return out;
    for (const auto& v : specialization_values(c, layout.value()).to_metal()) {
        std::string literal;
        switch (v.data_type) {
            case 29: literal = std::to_string(static_cast<std::int32_t>(v.bits)); break;
            case 33: literal = std::to_string(v.bits) + "u"; break;
            case 53: literal = v.bits ? "true" : "false"; break;
            case 3: {
                float f;
                std::memcpy(&f, &v.bits, 4);
                char text[32];
                std::snprintf(text, sizeof text, "%.9ef", static_cast<double>(f));
                literal = text;
                break;
            }
            default: continue;
        }
        out[static_cast<int>(v.index)] = literal;
    }
    return out;
}

// Runs the case; empty on success, else what went wrong.
std::string run_case(const Case& c, bool optimize, std::map<std::string, Bytes>& state) {
    oneshader::CompileOptions o;
    o.optimize = optimize;
    o.targets = {oneshader::Target::Msl};
    for (const std::string& d : c.defines) {
        auto eq = d.find('=');
        if (eq == std::string::npos) o.defines.push_back({d, std::nullopt});
        else o.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
    }
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

TEST_CASE("every draw case is listed with the reason it does not run as MSL on the CPU", "[msl][exec]") {
    std::size_t draws = 0;
    std::string failures;
    for (const auto& e : fs::directory_iterator(fs::path(ONESHADER_SOURCE_DIR) / "corpus" / "cases")) {
        if (e.path().extension() != ".case") continue;
        Case c = parse_case(e.path().string());
        bool draw = false;
        for (const Step& s : c.steps) draw = draw || s.is_draw;
        std::string name = e.path().stem().string();
        if (draw) ++draws;
        if (draw && !draw_listed(name)) failures += name + ": a draw case missing from kDraws\n";
        if (!draw && draw_listed(name)) failures += name + ": listed in kDraws but not a draw case\n";
    }
    INFO(failures);
    CHECK(failures.empty());
    CHECK(draws == std::size(kDraws));
    WARN(draws << " draw cases listed as not run as MSL on the CPU");
}
