#pragma once
// The constant expressions of #if and #elif: 64-bit integers with C's signedness rules (a value
// is unsigned when written with a `u` suffix or too large for int64, and the usual arithmetic
// conversions apply), short-circuit evaluation (only the taken side can divide by zero), and
// identifiers that are not macros counting as 0.
#include <optional>
#include <span>

#include "lex/token.hpp"

namespace oneshader::pp {

class Preprocessor;

// Evaluates macro-expanded tokens in which `defined X` is already replaced by 0 or 1.
// `directive` locates the #if/#elif for errors about a missing expression. nullopt after an error.
std::optional<bool> evaluate_condition(Preprocessor& pp, std::span<const syntax::Token> tokens,
                                       const syntax::Token& directive);

}  // namespace oneshader::pp
