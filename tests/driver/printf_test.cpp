// printf as DXC emits it for Vulkan: NonSemantic.DebugPrintf's DebugPrintf on an OpString format,
// with SPV_KHR_non_semantic_info, valid for Vulkan 1.0 and 1.2, optimized and not; the format in
// the IR text; MSL's and WGSL's refusals; -fspv-extension without the extension; errorf refused.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;
using spirv_tools::has_line;

namespace {

const char* kShader = R"(
RWStructuredBuffer<float> Data : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float v = Data[id.x];
    printf("thread %u: %f\n", id.x, v);
    if (v > 2.0)
        printf("big %v3u %d %f", id, v > 3.0, (half)v);
    printf("thread %u: %f\n", id.x, 1.5);
    printf("literal %d", 7);
}
)";

CompileOptions options_for(oneshader::Target target) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    o.targets = {target};
    o.verify_ir = true;
    return o;
}

// Whether a whole line of the disassembly matches `pattern` (ids are numbers, so they need one).
bool has_line_like(const std::string& text, const std::string& pattern) {
    std::regex re(pattern);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::size_t first = line.find_first_not_of(' ');
        if (first != std::string::npos && std::regex_match(line.substr(first), re)) return true;
    }
    return false;
}

struct Env {
    oneshader::SpirvTargetEnv option;
    spv_target_env validator;
};

}  // namespace

TEST_CASE("printf is a DebugPrintf of NonSemantic.DebugPrintf on the format's OpString", "[driver][printf]") {
    for (Env env : {Env{oneshader::SpirvTargetEnv::Vulkan1_2, SPV_ENV_VULKAN_1_2},
                    Env{oneshader::SpirvTargetEnv::Vulkan1_0, SPV_ENV_VULKAN_1_0}})
        for (bool optimize : {true, false}) {
            CompileOptions o = options_for(oneshader::Target::SpirV);
            o.optimize = optimize;
            o.spirv.target_env = env.option;
            oneshader::CompileResult r = oneshader::compile(kShader, "printf.hlsl", o);
            INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
            REQUIRE(r.ok());
            CHECK(r.diagnostics.empty());
            const oneshader::ShaderBlob* blob = r.find("main", oneshader::Target::SpirV);
            REQUIRE(blob != nullptr);
            std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
            std::string text = spirv_tools::disassemble(words, env.validator);
            INFO(text);
            CHECK(spirv_tools::validate(words, env.validator) == "");
            CHECK(has_line(text, "OpExtension \"SPV_KHR_non_semantic_info\""));
            CHECK(has_line_like(text, "%[0-9]+ = OpExtInstImport \"NonSemantic.DebugPrintf\""));
            // One OpString per distinct format: the repeated one is shared.
            CHECK(has_line_like(text, "%[0-9]+ = OpString \"big %v3u %d %f\""));
            CHECK(has_line_like(text, "%[0-9]+ = OpString \"literal %d\""));
            std::size_t strings = 0, prints = 0;
            for (std::size_t at = text.find("OpString"); at != std::string::npos; at = text.find("OpString", at + 1))
                ++strings;
            for (std::size_t at = text.find(" 1 %"); at != std::string::npos; at = text.find(" 1 %", at + 1)) ++prints;
            CHECK(strings == 3);
            CHECK(prints == 4);
            // The bool prints as a uint, the half as a float, the literals as int and float.
            CHECK(has_line_like(text, "%[0-9]+ = OpExtInst %void %[0-9]+ 1 %[0-9]+ %[0-9]+ %[0-9]+ %[0-9]+"));
            CHECK(has_line_like(text, "%[0-9]+ = OpExtInst %void %[0-9]+ 1 %[0-9]+ %int_7"));
        }
}

TEST_CASE("printf's format keeps its decoded escapes in the OpString and reads back from the IR text", "[driver][printf]") {
    oneshader::IrDumpResult ir = oneshader::dump_ir(kShader, "printf.hlsl", options_for(oneshader::Target::SpirV));
    INFO(ir.text);
    REQUIRE(ir.ok());
    CHECK(ir.text.find("intrinsic printf(\"thread %u: %f\\0a\", ") != std::string::npos);
    CHECK(ir.text.find("intrinsic printf(\"literal %d\", 7:int)") != std::string::npos);
}

TEST_CASE("printf needs SPV_KHR_non_semantic_info when -fspv-extension lists the extensions", "[driver][printf]") {
    CompileOptions o = options_for(oneshader::Target::SpirV);
    o.spirv.extensions = {"SPV_KHR_16bit_storage"};
    oneshader::CompileResult r = oneshader::compile(kShader, "printf.hlsl", o);
    std::string d = diagnostics_of(r);
    INFO(d);
    CHECK_FALSE(r.ok());
    CHECK(d.find("OSH5001") != std::string::npos);
    CHECK(d.find("-fspv-extension=SPV_KHR_non_semantic_info") != std::string::npos);
    o.spirv.extensions.push_back("SPV_KHR_non_semantic_info");
    CHECK(oneshader::compile(kShader, "printf.hlsl", o).ok());
}

TEST_CASE("MSL and WGSL refuse printf with their codes", "[driver][printf]") {
    oneshader::CompileResult msl = oneshader::compile(kShader, "printf.hlsl", options_for(oneshader::Target::Msl));
    oneshader::CompileResult wgsl = oneshader::compile(kShader, "printf.hlsl", options_for(oneshader::Target::Wgsl));
    CHECK_FALSE(msl.ok());
    CHECK_FALSE(wgsl.ok());
    CHECK(diagnostics_of(msl).find("OSH5101") != std::string::npos);
    CHECK(diagnostics_of(msl).find("debug output") != std::string::npos);
    CHECK(diagnostics_of(wgsl).find("OSH5202") != std::string::npos);
    CHECK(diagnostics_of(wgsl).find("'printf'") != std::string::npos);
}

TEST_CASE("printf's arguments: a string format first, scalars and vectors, one per conversion", "[driver][printf]") {
    auto diags = [](const std::string& body) {
        std::string src = "RWStructuredBuffer<float4> D : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() {\n" +
                          body + "\n}\n";
        return diagnostics_of(oneshader::compile(src, "printf.hlsl", options_for(oneshader::Target::SpirV)));
    };
    CHECK(diags("float4x4 m = 0; printf(\"%f\", m);").find("OSH0314") != std::string::npos);
    CHECK(diags("printf(D[0].x);").find("must be a string literal") != std::string::npos);
    CHECK(diags("printf(\"bad \\q\");").find("escape '\\q'") != std::string::npos);
    std::string mismatch = diags("printf(\"%f %f\", D[0].x);");
    CHECK(mismatch.find("warning OSH0354") != std::string::npos);
    CHECK(mismatch.find("2 conversions but the call passes 1 value") != std::string::npos);
    CHECK(diags("printf(\"100%% of %d\", 1);").empty());
    // A function of the shader's own named printf is called, not the intrinsic.
    CHECK(diags("}\nvoid printf(float x) { D[0] = x; }\nvoid other() { printf(1.0);").empty());
}

TEST_CASE("errorf stays refused: SPIR-V has no error output", "[driver][printf]") {
    oneshader::CompileResult r = oneshader::compile(R"(
[numthreads(1, 1, 1)]
void main() { errorf("value %d\n", 1); }
)", "printf.hlsl", options_for(oneshader::Target::SpirV));
    std::string d = diagnostics_of(r);
    INFO(d);
    CHECK_FALSE(r.ok());
    CHECK(d.find("OSH0374") != std::string::npos);
    CHECK(d.find("OSH0303") == std::string::npos);
}
