#pragma once
// SPIRV-Tools in process, as every test that checks SPIR-V uses it: the validator and the
// disassembler (for Vulkan 1.2 unless told another environment), and a blob's bytes read back as words.
#include <cstdint>
#include <string>
#include <vector>

#include <spirv-tools/libspirv.hpp>

#include "oneshader/oneshader.hpp"

namespace spirv_tools {

// The blob's little-endian bytes as SPIR-V words (a trailing partial word is dropped).
inline std::vector<std::uint32_t> words_of(const oneshader::ShaderBlob& b) {
    std::vector<std::uint32_t> w(b.data.size() / 4);
    for (std::size_t i = 0; i < w.size(); ++i)
        for (int k = 0; k < 4; ++k) w[i] |= static_cast<std::uint32_t>(b.data[i * 4 + k]) << (8 * k);
    return w;
}

// The validator's messages, one line each ("word N: message"); empty when the module is valid.
// `scalar_block_layout`: buffers laid out by -fvk-use-dx-layout or -fvk-use-scalar-layout, which
// Vulkan accepts with the scalarBlockLayout feature (spirv-val --scalar-block-layout).
inline std::string validate(const std::vector<std::uint32_t>& words, spv_target_env env = SPV_ENV_VULKAN_1_2,
                            bool scalar_block_layout = false) {
    spvtools::SpirvTools tools(env);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& p, const char* m) {
        messages += "word " + std::to_string(p.index) + ": " + m + "\n";
    });
    spvtools::ValidatorOptions options;
    options.SetScalarBlockLayout(scalar_block_layout);
    if (!tools.Validate(words.data(), words.size(), options) && messages.empty())
        messages = "invalid\n";
    return messages;
}

// The disassembly with friendly names, indented, with the header comment.
inline std::string disassemble(const std::vector<std::uint32_t>& words, spv_target_env env = SPV_ENV_VULKAN_1_2) {
    spvtools::SpirvTools tools(env);
    std::string text;
    tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT);
    return text;
}

// One line of a disassembly, whole: "OpDecorate %x Binding 1" does not match "... Binding 10".
inline bool has_line(const std::string& text, const std::string& line) {
    for (std::size_t at = text.find(line); at != std::string::npos; at = text.find(line, at + 1)) {
        bool starts = at == 0 || text[at - 1] == ' ' || text[at - 1] == '\n';
        bool ends = at + line.size() == text.size() || text[at + line.size()] == '\n';
        if (starts && ends) return true;
    }
    return false;
}

}  // namespace spirv_tools
