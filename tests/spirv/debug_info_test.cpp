// Debug information (CompileOptions::spirv_debug; docs/spirv.md, "Debug information"): DXC's
// -fspv-debug categories, each checked for what DXC's own tests expect of it, every module valid
// for Vulkan 1.2, and nothing at all without them.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace {

using namespace oneshader;

const char* kShader =
    "// a comment naming ünïcode\n"                                    // line 1
    "float4 main(uint val : A) : SV_Target {\n"                         // line 2
    "    uint a = reversebits(val);\n"                                  // line 3
    "    float4 c = 0;\n"                                               // line 4
    "    for (uint i = 0; i < a; ++i) { c += float4(i, 1, 2, 3); }\n"   // line 5
    "    return c;\n"                                                   // line 6
    "}\n";

struct Out {
    std::vector<std::uint32_t> words;
    std::string text;
    std::string validation;
};

Out compile_with(const SpirvDebugInfo& debug, bool optimize = true, const char* source = kShader) {
    CompileOptions o;
    o.profile = parse_profile("ps_6_1");
    o.entry_points.push_back({"main", Stage::Pixel});
    o.spirv_debug = debug;
    o.optimize = optimize;
    CompileResult r = compile(source, "spirv.debug.hlsl", o);
    std::string diags;
    for (const Diagnostic& d : r.diagnostics) diags += d.to_string() + "\n";
    INFO(diags);
    REQUIRE(r.blobs.size() == 1);
    Out out;
    out.words = spirv_tools::words_of(r.blobs[0]);
    out.text = spirv_tools::disassemble(out.words);
    out.validation = spirv_tools::validate(out.words);
    return out;
}

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("without debug options the module has no debug instructions", "[spirv][debug]") {
    Out o = compile_with({});
    CHECK_FALSE(contains(o.text, "OpString"));
    CHECK_FALSE(contains(o.text, "OpSource"));
    CHECK_FALSE(contains(o.text, "OpLine"));
    CHECK_FALSE(contains(o.text, "OpModuleProcessed"));
}

TEST_CASE("fspv-debug=file: the file's name and OpSource, no text, no lines", "[spirv][debug]") {
    SpirvDebugInfo d;
    d.file = true;
    Out o = compile_with(d);
    CHECK(o.validation == "");
    CHECK(contains(o.text, "OpString \"spirv.debug.hlsl\""));
    CHECK(contains(o.text, "OpSource HLSL 610 %"));
    CHECK_FALSE(contains(o.text, "float4 main(uint val"));
    CHECK_FALSE(contains(o.text, "OpLine"));
    CHECK_FALSE(contains(o.text, "OpModuleProcessed"));
}

TEST_CASE("fspv-debug=source: the text in OpSource", "[spirv][debug]") {
    SpirvDebugInfo d;
    d.file = d.source = true;
    Out o = compile_with(d);
    CHECK(o.validation == "");
    CHECK(contains(o.text, "float4 main(uint val"));
    CHECK_FALSE(contains(o.text, "OpLine"));
}

TEST_CASE("fspv-debug=line (and Zi): OpLine at each statement's line, valid optimized and not", "[spirv][debug]") {
    SpirvDebugInfo d;
    d.file = d.source = d.line = d.tool = true;
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        Out o = compile_with(d, optimize);
        CHECK(o.validation == "");
        CHECK(contains(o.text, "OpModuleProcessed \"oneshader "));
        CHECK(contains(o.text, "OpLine %"));
        // reversebits at line 3, column 14; the loop's add at line 5; the return at line 6.
        CHECK(contains(o.text, " 3 14\n"));
        CHECK(contains(o.text, " 5 "));
        if (!optimize) CHECK(contains(o.text, " 6 5\n"));  // optimized, the return is the entry's own
        CHECK(contains(o.text, "OpBitReverse"));
    }
}

TEST_CASE("an included file gets its own OpString, OpSource and lines", "[spirv][debug]") {
    CompileOptions o;
    o.profile = parse_profile("ps_6_0");
    o.entry_points.push_back({"main", Stage::Pixel});
    o.spirv_debug.file = o.spirv_debug.source = o.spirv_debug.line = true;
    o.include_resolver = [](std::string_view, std::string_view, bool) -> std::optional<ResolvedInclude> {
        return ResolvedInclude{"lib.hlsli", "float twice(float x)\n{\n    return x * 2.0;\n}\n"};
    };
    CompileResult r = compile("#include \"lib.hlsli\"\nfloat4 main(float v : A) : SV_Target { return twice(v); }\n",
                              "main.hlsl", o);
    REQUIRE(r.blobs.size() == 1);
    std::vector<std::uint32_t> words = spirv_tools::words_of(r.blobs[0]);
    std::string text = spirv_tools::disassemble(words);
    CHECK(spirv_tools::validate(words) == "");
    CHECK(contains(text, "OpString \"lib.hlsli\""));
    CHECK(count_of(text, "OpSource HLSL 600") == 2);
    CHECK_FALSE(contains(text, "<built-in>"));  // the predefined macros are no source file
    CHECK(contains(text, "return x * 2.0;"));
    CHECK(contains(text, " 3 14\n"));  // the multiply, inlined from the include's line 3
}

TEST_CASE("fspv-debug=vulkan-with-source: NonSemantic.Shader.DebugInfo.100 with the text", "[spirv][debug]") {
    SpirvDebugInfo d;
    d.vulkan = d.source = true;
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        Out o = compile_with(d, optimize);
        CHECK(o.validation == "");
        CHECK(contains(o.text, "OpExtension \"SPV_KHR_non_semantic_info\""));
        CHECK(contains(o.text, "OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\""));
        CHECK(contains(o.text, "DebugSource %"));
        CHECK(contains(o.text, "DebugCompilationUnit %uint_1 %uint_4 %"));
        CHECK(contains(o.text, "DebugLine %"));
        CHECK(contains(o.text, "%uint_3 %uint_3 %uint_14 %uint_14"));  // reversebits
        CHECK(contains(o.text, "float4 main(uint val"));
        CHECK_FALSE(contains(o.text, "OpLine"));
        CHECK_FALSE(contains(o.text, "OpSource "));
    }
    SpirvDebugInfo without_text;
    without_text.vulkan = true;
    Out o = compile_with(without_text);
    CHECK(o.validation == "");
    CHECK(contains(o.text, "DebugLine %"));
    CHECK_FALSE(contains(o.text, "float4 main(uint val"));
}

TEST_CASE("a source text longer than one instruction holds goes on in continuations", "[spirv][debug]") {
    std::string source = kShader;
    source += "// " + std::string(300000, 'x') + "\n";
    SpirvDebugInfo core;
    core.file = core.source = core.line = true;
    Out o = compile_with(core, true, source.c_str());
    CHECK(o.validation == "");
    // Pieces of at most 65535 bytes, a literal string's limit: five for 300,000 bytes and the shader.
    CHECK(count_of(o.text, "OpSourceContinued") == 4);
    SpirvDebugInfo vulkan;
    vulkan.vulkan = vulkan.source = true;
    Out v = compile_with(vulkan, true, source.c_str());
    CHECK(v.validation == "");
    CHECK(count_of(v.text, "DebugSourceContinued") == 4);
}
