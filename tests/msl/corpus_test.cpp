// Every entry point of the corpus, optimized (-O3) and not (-Od), compiled to MSL: each file passes
// the attribute lint and the type check (clang with the Metal header, layout asserts on), or its
// compile gives the refusal kExpected lists for it. An entry that fails otherwise fails the test,
// and so does an expected refusal that no longer happens (the table must shrink with the backend).
// ONESHADER_MSL_OUT=<dir> keeps the files (optimized in <dir>, unoptimized in <dir>/O0).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "corpus_files.hpp"
#include "msl_clang.hpp"
#include "msl_source.hpp"

namespace {

struct Refusal {
    const char* entry;  // "file:entry", relative to corpus/
    const char* code;   // the OSH51xx the compile reports ("OSH5101|OSH5102": either, as levels differ)
    const char* why;
};

// The constructs the spec's "Not supported" list refuses, where the corpus has them.
constexpr Refusal kExpected[] = {
    {"3d/stage_io.hlsl:VSMain", "OSH5101", "writes SV_CullDistance (Metal has no cull distances)"},
    {"3d/stage_io.hlsl:PSMain", "OSH5101", "reads SV_CullDistance"},
    {"3d/stage_io.hlsl:PSPerSample", "OSH5101", "reads SV_CullDistance"},
    {"3d/stage_io.hlsl:PSDepthWrite", "OSH5101", "reads SV_CullDistance"},
    {"exec/typed_buffers.hlsl:CSTyped", "OSH5101", "an atomic on a RWBuffer texel (texture atomics are Metal 3.1)"},
    {"lang/resource_params.hlsl:PSMain", "OSH5101", "GetDimensions on a structured buffer (Metal cannot query it)"},
    {"spec/Totals.hlsl:CSMain", "OSH5102", "double (Metal has no 64-bit float)"},
    {"lang/bindless.hlsl:PSMain", "OSH5101", "an unbounded resource array (no Metal argument buffers yet)"},
    {"lang/bindless.hlsl:CSAccumulate", "OSH5101", "an unbounded resource array (no Metal argument buffers yet)"},
    {"lang/byte_address_templated.hlsl:CSMain", "OSH5101|OSH5102",
     "Load<T> of a struct on a byte-address buffer, and double (Metal has no 64-bit float)"},
};

const Refusal* expected_refusal(const std::string& key) {
    for (const Refusal& r : kExpected)
        if (key == r.entry) return &r;
    return nullptr;
}

struct Tally {
    std::size_t entries = 0, passed = 0, refused = 0;
    std::string failures;
};

void check_entry(const std::filesystem::path& file, const oneshader::EntryPointInfo& ep, bool optimize, Tally& tally,
                 std::vector<std::string>& refused_seen,
                 oneshader::BufferLayoutRules rules = oneshader::BufferLayoutRules::Default) {
    namespace fs = std::filesystem;
    std::string key = corpus::name_of(file) + ":" + ep.name;
    ++tally.entries;
    oneshader::CompileOptions o = corpus::options_for(file);
    o.targets = {oneshader::Target::Msl};
    o.optimize = optimize;
    o.buffer_layout = rules;
    o.entry_points = {{ep.name, ep.stage}};
    oneshader::CompileResult r = oneshader::compile_file(file.generic_string(), o);
    const oneshader::ShaderBlob* blob = r.find(ep.name, oneshader::Target::Msl);
    const Refusal* expected = expected_refusal(key);
    const char* level = optimize ? "-O3" : "-Od";
    if (!blob) {
        std::string diags;
        for (const auto& d : r.diagnostics) diags += " " + d.to_string();
        bool listed = false;
        if (expected)
            for (const auto& d : r.diagnostics)
                if (!d.code.empty() && std::string_view(expected->code).find(d.code) != std::string_view::npos)
                    listed = true;
        // FXC's cbuffer packing leaves out the padding after an array's last element, which one
        // MSL array cannot express (docs/layout-rules.md); the front end refuses what the flag
        // cannot lay out for any target (OSH0357: tbuffer and TextureBuffer<T>).
        for (const auto& d : r.diagnostics)
            if (rules == oneshader::BufferLayoutRules::DX && (d.code == "OSH5101" || d.code == "OSH0357") &&
                d.message.find("-fvk-use-dx-layout") != std::string::npos)
                listed = true;
        if (listed) {
            ++tally.refused;
            refused_seen.push_back(key);
        } else {
            tally.failures += key + " " + level + ": no MSL:" + diags + "\n";
        }
        return;
    }
    std::string text(blob->as_text());
    if (const char* dir = std::getenv("ONESHADER_MSL_OUT")) {
        fs::path out = fs::path(dir) / (optimize ? "" : "O0");
        fs::create_directories(out);
        std::string name = corpus::name_of(file);
        for (char& c : name)
            if (c == '/') c = '_';
        std::ofstream(out / (name + "." + ep.name + ".metal")) << text;
    }
    std::string problems;
    for (const std::string& p : msl_test::lint(text)) problems += " " + p;
    msl_test::ClangRun run = msl_test::type_check(text);
    if (run.status != 0 || !problems.empty()) {
        std::string first = run.output.substr(0, run.output.find('\n', run.output.find("error")));
        tally.failures += key + " " + level + ": type check:" + problems + " " + first + "\n";
        return;
    }
    if (expected) tally.failures += key + " " + level + ": listed as refused (" + expected->code + ") but compiles\n";
    ++tally.passed;
}

void check_corpus(bool optimize, oneshader::BufferLayoutRules rules = oneshader::BufferLayoutRules::Default) {
    Tally tally;
    std::vector<std::string> refused_seen;
    for (const auto& file : corpus::shader_files()) {
        oneshader::CompileOptions o = corpus::options_for(file);
        o.syntax_only = true;
        oneshader::CompileResult front = oneshader::compile_file(file.generic_string(), o);
        if (!front.reflection) {
            tally.failures += corpus::name_of(file) + ": the front end fails\n";
            continue;
        }
        for (const oneshader::EntryPointInfo& ep : front.reflection->entry_points)
            check_entry(file, ep, optimize, tally, refused_seen, rules);
    }
    WARN((optimize ? "-O3" : "-Od") << ": " << tally.passed << " of " << tally.entries
                                    << " entry points pass the type check, " << tally.refused << " refused as listed");
    INFO(tally.failures);
    CHECK(tally.failures.empty());
    CHECK(tally.entries >= 100);
}

}  // namespace

TEST_CASE("every corpus entry point, optimized, is MSL the type check accepts or a listed refusal",
          "[msl][corpus]") {
    check_corpus(true);
}

TEST_CASE("every corpus entry point, unoptimized, is MSL the type check accepts or a listed refusal",
          "[msl][corpus]") {
    check_corpus(false);
}

// -fvk-use-dx-layout moves members to D3D's offsets (tight structured buffers, FXC's cbuffers): the
// padded structs still type-check with every offset asserted.
TEST_CASE("every corpus entry point with -fvk-use-dx-layout is MSL the type check accepts or a refusal",
          "[msl][corpus]") {
    check_corpus(true, oneshader::BufferLayoutRules::DX);
}
