// 16-bit values in each kind of interface storage declare exactly that kind's
// SPV_KHR_16bit_storage capability (storage buffers, uniform blocks, push constants, stage
// variables), with the extension before SPIR-V 1.3, and every output validates.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

using namespace oneshader;

namespace {

constexpr std::uint32_t kStorageBuffer16 = 4433, kUniform16 = 4434, kPushConstant16 = 4435, kInputOutput16 = 4436;

struct Module {
    std::set<std::uint32_t> storage16;  // the 16-bit storage capabilities it declares
    std::string text;
};

Module compile_16(const char* source, Stage stage, SpirvTargetEnv env, spv_target_env val_env) {
    CompileOptions o;
    o.enable_16bit_types = true;
    o.entry_points = {{"main", stage}};
    o.spirv.target_env = env;
    CompileResult r = compile(source, "storage16.hlsl", o);
    std::string diags;
    for (const Diagnostic& d : r.diagnostics) diags += d.to_string() + "\n";
    INFO(diags);
    REQUIRE(r.ok());
    const ShaderBlob* blob = r.find("main", Target::SpirV);
    REQUIRE(blob != nullptr);
    std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
    CHECK(spirv_tools::validate(words, val_env) == "");
    Module m;
    for (std::size_t at = 5; at < words.size();) {
        std::uint32_t count = words[at] >> 16, opcode = words[at] & 0xFFFF;
        if (count == 0) break;
        if (opcode == 17 && at + 1 < words.size() && words[at + 1] >= kStorageBuffer16 && words[at + 1] <= kInputOutput16)
            m.storage16.insert(words[at + 1]);
        at += count;
    }
    m.text = spirv_tools::disassemble(words, val_env);
    return m;
}

struct Case {
    const char* what;
    const char* source;
    Stage stage;
    std::uint32_t capability;
};

const Case kCases[] = {
    {"a structured buffer", "RWStructuredBuffer<half4> o : register(u0);\n"
                            "[numthreads(1,1,1)] void main() { o[0] = o[1] * (half)2; }",
     Stage::Compute, kStorageBuffer16},
    {"a constant buffer", "cbuffer C : register(b0) { uint16_t2 k; };\nRWStructuredBuffer<uint> o : register(u0);\n"
                          "[numthreads(1,1,1)] void main() { o[0] = k.x + k.y; }",
     Stage::Compute, kUniform16},
    {"a push constant", "struct P { half s; };\n[[vk::push_constant]] P pc;\nRWStructuredBuffer<float> o : register(u0);\n"
                        "[numthreads(1,1,1)] void main() { o[0] = pc.s; }",
     Stage::Compute, kPushConstant16},
    {"stage variables", "struct VSOut { float4 pos : SV_Position; half4 col : COLOR; };\n"
                        "VSOut main(half4 c : COLOR, uint id : SV_VertexID) { VSOut r; r.pos = float4(id, 0, 0, 1); "
                        "r.col = c * (half)2; return r; }",
     Stage::Vertex, kInputOutput16},
};

}  // namespace

TEST_CASE("16-bit storage: each kind of storage declares its own capability", "[spirv][features]") {
    for (const Case& c : kCases) {
        INFO(c.what);
        Module m = compile_16(c.source, c.stage, SpirvTargetEnv::Vulkan1_2, SPV_ENV_VULKAN_1_2);
        CHECK(m.storage16 == std::set<std::uint32_t>{c.capability});
        // Core since SPIR-V 1.3: no extension for Vulkan 1.2.
        CHECK_FALSE(spirv_tools::has_line(m.text, "OpExtension \"SPV_KHR_16bit_storage\""));
        Module old = compile_16(c.source, c.stage, SpirvTargetEnv::Vulkan1_0, SPV_ENV_VULKAN_1_0);
        CHECK(old.storage16 == std::set<std::uint32_t>{c.capability});
        CHECK(spirv_tools::has_line(old.text, "OpExtension \"SPV_KHR_16bit_storage\""));
    }
}

TEST_CASE("16-bit storage: 32-bit buffers and 16-bit arithmetic alone declare none", "[spirv][features]") {
    Module m = compile_16("RWStructuredBuffer<float> o : register(u0);\n"
                          "[numthreads(1,1,1)] void main() { half h = (half)o[0]; o[1] = h * (half)3; }",
                          Stage::Compute, SpirvTargetEnv::Vulkan1_2, SPV_ENV_VULKAN_1_2);
    CHECK(m.storage16.empty());
    CHECK(spirv_tools::has_line(m.text, "OpCapability Float16"));
}
