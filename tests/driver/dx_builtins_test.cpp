// -fvk-use-dx-position-w and -fvk-support-nonzero-base-vertex/-instance: the built-ins read as
// Direct3D defines them, in SPIR-V that validates for Vulkan 1.0 and 1.2; without the options the
// loads are untouched.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::test::diagnostics_of;

namespace {

struct Flags {
    bool position_w = false, base_vertex = false, base_instance = false;
};

std::string spirv_text(const char* source, oneshader::Stage stage, Flags f, oneshader::SpirvTargetEnv env, bool optimize) {
    oneshader::CompileOptions o;
    o.entry_points = {{"main", stage}};
    o.spirv.dx_position_w = f.position_w;
    o.spirv.nonzero_base_vertex = f.base_vertex;
    o.spirv.nonzero_base_instance = f.base_instance;
    o.spirv.target_env = env;
    o.optimize = optimize;
    oneshader::CompileResult r = oneshader::compile(source, "dx.hlsl", o);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words);
    INFO(text);
    CHECK(spirv_tools::validate(words, env == oneshader::SpirvTargetEnv::Vulkan1_0 ? SPV_ENV_VULKAN_1_0 : SPV_ENV_VULKAN_1_2) ==
          "");
    return text;
}

const char* kPixelWhole = R"(float4 main(float4 pos : SV_Position) : SV_Target { return pos; })";
const char* kPixelW = R"(float4 main(float4 pos : SV_Position) : SV_Target { return pos.w * 2; })";
const char* kVertex = R"(
float4 main(uint v : SV_VertexID, uint i : SV_InstanceID) : SV_Position { return float4(v, i, 0, 1); }
)";

}  // namespace

TEST_CASE("fvk-use-dx-position-w: a pixel shader's SV_Position.w is the reciprocal of FragCoord.w", "[spirv][dx]") {
    for (auto env : {oneshader::SpirvTargetEnv::Vulkan1_2, oneshader::SpirvTargetEnv::Vulkan1_0})
        for (bool optimize : {true, false})
            for (const char* source : {kPixelWhole, kPixelW}) {
                std::string text = spirv_text(source, oneshader::Stage::Pixel, {true, false, false}, env, optimize);
                CHECK(text.find("OpFDiv %float %float_1") != std::string::npos);
            }
    std::string plain = spirv_text(kPixelW, oneshader::Stage::Pixel, {}, oneshader::SpirvTargetEnv::Vulkan1_2, true);
    CHECK(plain.find("OpFDiv") == std::string::npos);
}

TEST_CASE("fvk-support-nonzero-base-vertex/-instance subtract BaseVertex and BaseInstance", "[spirv][dx]") {
    for (auto env : {oneshader::SpirvTargetEnv::Vulkan1_2, oneshader::SpirvTargetEnv::Vulkan1_0})
        for (bool optimize : {true, false}) {
            std::string text = spirv_text(kVertex, oneshader::Stage::Vertex, {false, true, true}, env, optimize);
            CHECK(spirv_tools::has_line(text, "OpCapability DrawParameters"));
            CHECK(text.find("BuiltIn BaseVertex") != std::string::npos);
            CHECK(text.find("BuiltIn BaseInstance") != std::string::npos);
            CHECK(text.find("OpISub") != std::string::npos);
            if (env == oneshader::SpirvTargetEnv::Vulkan1_0)
                CHECK(spirv_tools::has_line(text, "OpExtension \"SPV_KHR_shader_draw_parameters\""));
        }
    std::string only_instance =
        spirv_text(kVertex, oneshader::Stage::Vertex, {false, false, true}, oneshader::SpirvTargetEnv::Vulkan1_2, false);
    CHECK(only_instance.find("BuiltIn BaseVertex") == std::string::npos);
    CHECK(only_instance.find("BuiltIn BaseInstance") != std::string::npos);
    std::string plain = spirv_text(kVertex, oneshader::Stage::Vertex, {}, oneshader::SpirvTargetEnv::Vulkan1_2, false);
    CHECK(plain.find("DrawParameters") == std::string::npos);
    CHECK(plain.find("OpISub") == std::string::npos);
}
