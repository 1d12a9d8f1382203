#pragma once
// Reads the IR text form (printer.hpp, docs/ir.md) into a module, so tests, passes and backends can
// start from text fixtures: print(parse(print(m))) == print(m). Bad input gives errors with line
// and column, never a crash; nesting (types, constants) is bounded. The module read is not
// verified: run the verifier on it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"
#include "support/interner.hpp"

namespace oneshader::ir {

struct ParseError {
    std::uint32_t line;    // 1-based
    std::uint32_t column;  // 1-based
    std::string message;
};

std::string format_error(const ParseError& e);  // "3:14: message"

// Parses into `m`, which should be empty. Struct and member names are interned with `interner`.
// Returns every error found (up to a cap); empty when the text was read completely.
std::vector<ParseError> parse_module(std::string_view text, Module& m, support::Interner& interner);

}  // namespace oneshader::ir
