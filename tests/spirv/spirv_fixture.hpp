#pragma once
// What every SPIR-V backend test needs: an IR module read from text and verified, the backend run
// on one of its entry points, the SPIRV-Tools validator (Vulkan 1.2) and disassembler in process,
// and golden disassembly files refreshed with ONESHADER_UPDATE_GOLDENS=1.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <spirv-tools/libspirv.hpp>

#include "ir/module.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "sema/types.hpp"
#include "spirv/raise.hpp"
#include "spirv/spirv.hpp"
#include "support/arena.hpp"
#include "support/diagnostics.hpp"
#include "support/interner.hpp"
#include "support/source_manager.hpp"

namespace oneshader::spirv::test {

struct Result {
    std::vector<std::uint32_t> words;
    std::vector<std::string> errors;  // "OSH5002: message"
    std::string validation;           // the validator's messages; empty when valid
    std::string text;                 // disassembly
};

inline std::string disassemble(const std::vector<std::uint32_t>& words) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_2);
    std::string text;
    tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT);
    return text;
}

inline std::string validate(const std::vector<std::uint32_t>& words) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_2);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& p, const char* m) {
        messages += "word " + std::to_string(p.index) + ": " + m + "\n";
    });
    spvtools::ValidatorOptions options;
    if (!tools.Validate(words.data(), words.size(), options) && messages.empty()) messages = "invalid";
    return messages;
}

// Reads `ir` (which must parse and verify), raises it for SPIR-V and emits its entry point `entry_index`.
inline Result compile(std::string_view ir, Options options = {}, std::size_t entry_index = 0) {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    std::vector<std::string> parse_errors;
    for (const ir::ParseError& e : ir::parse_module(ir, module, interner)) parse_errors.push_back(ir::format_error(e));
    INFO(ir);
    REQUIRE(parse_errors == std::vector<std::string>{});
    REQUIRE(ir::verify(module) == std::vector<std::string>{});
    REQUIRE(module.entry_points.size() > entry_index);
    // As the driver does: the backend's raise list, then emission.
    raise(module);
    REQUIRE(ir::verify(module) == std::vector<std::string>{});
    support::SourceManager sources;
    support::DiagnosticEngine diags(sources);
    Result r;
    r.words = emit(module, *module.entry_points[entry_index], options, diags);
    for (const support::Diag& d : diags.diagnostics()) r.errors.push_back(support::format_code(d.code) + ": " + d.message);
    if (!r.words.empty()) {
        r.validation = validate(r.words);
        r.text = disassemble(r.words);
    }
    return r;
}

// Emits and requires valid SPIR-V without diagnostics.
inline Result compile_valid(std::string_view ir, Options options = {}, std::size_t entry_index = 0) {
    Result r = compile(ir, options, entry_index);
    INFO(r.text);
    REQUIRE(r.errors == std::vector<std::string>{});
    REQUIRE(!r.words.empty());
    CHECK(r.validation == "");
    return r;
}

inline bool contains(const std::string& text, std::string_view needle) { return text.find(needle) != std::string::npos; }

inline std::size_t count_of(const std::string& text, std::string_view needle) {
    std::size_t n = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

// Compares the disassembly with tests/spirv/golden/<name>.spvasm, or rewrites that file when
// ONESHADER_UPDATE_GOLDENS=1.
inline void check_golden(const std::string& name, const std::string& text) {
    std::string path = std::string(ONESHADER_SOURCE_DIR) + "/tests/spirv/golden/" + name + ".spvasm";
    const char* update = std::getenv("ONESHADER_UPDATE_GOLDENS");
    if (update && std::string_view(update) == "1") {
        std::ofstream(path, std::ios::binary) << text;
        return;
    }
    std::ifstream in(path, std::ios::binary);
    INFO("golden file " << path << " (refresh with ONESHADER_UPDATE_GOLDENS=1)");
    REQUIRE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str() == text);
}

}  // namespace oneshader::spirv::test
