#include "disassembly.hpp"

#include <spirv-tools/libspirv.hpp>

#include <vector>

namespace oneshader::cli {

namespace {

spv_target_env tools_env(SpirvTargetEnv env) {
    switch (env) {
    case SpirvTargetEnv::Vulkan1_0: return SPV_ENV_VULKAN_1_0;
    case SpirvTargetEnv::Vulkan1_1: return SPV_ENV_VULKAN_1_1;
    case SpirvTargetEnv::Vulkan1_3: return SPV_ENV_VULKAN_1_3;
    case SpirvTargetEnv::Universal1_5: return SPV_ENV_UNIVERSAL_1_5;
    case SpirvTargetEnv::Vulkan1_2: break;
    }
    return SPV_ENV_VULKAN_1_2;
}

}  // namespace

std::string disassemble_spirv(std::span<const std::uint8_t> bytes, SpirvTargetEnv env) {
    std::vector<std::uint32_t> words(bytes.size() / 4);
    for (std::size_t i = 0; i < words.size(); ++i)
        for (int k = 0; k < 4; ++k) words[i] |= std::uint32_t(bytes[i * 4 + k]) << (8 * k);
    spvtools::SpirvTools tools(tools_env(env));
    std::string text;
    if (!tools.Disassemble(words, &text,
                           SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT |
                               SPV_BINARY_TO_TEXT_OPTION_COMMENT))
        return {};
    return text;
}

}  // namespace oneshader::cli
