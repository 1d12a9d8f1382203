#pragma once
// What every SPIR-V backend test needs: an IR module read from text and verified, the backend run
// on one of its entry points (its raise list, then emission), the SPIRV-Tools validator (Vulkan
// 1.2) and disassembler in process. Whole-shader disassembly is compared in tests/snapshots.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "spirv/raise.hpp"
#include "spirv/spirv.hpp"
#include "spirv_tools.hpp"
#include "support/arena.hpp"
#include "support/diagnostics.hpp"
#include "support/interner.hpp"
#include "support/source_manager.hpp"
#include "types/types.hpp"

namespace oneshader::spirv::test {

struct Result {
    std::vector<std::uint32_t> words;
    std::vector<std::string> errors;  // "OSH5002: message"
    std::string validation;           // the validator's messages; empty when valid
    std::string text;                 // disassembly
};

using spirv_tools::disassemble;
using spirv_tools::validate;

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
    support::SourceManager sources;
    support::DiagnosticEngine diags(sources);
    Result r;
    RaiseOptions ro;
    ro.verify_each = true;
    std::string printed;
    if (raise(module, ro, diags, printed)) r.words = emit(module, *module.entry_points[entry_index], options, diags);
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

}  // namespace oneshader::spirv::test
