#pragma once
// The HLSL 2021 parser: preprocessed tokens in, an untyped syntax tree (ast.hpp) out. It never
// fails: bad input gives diagnostics (OSH02xx) and a tree with Error nodes where the parse failed,
// recovering at `;` and `}` so that one mistake gives one error.
#include <cstdint>
#include <span>

#include "lex/token.hpp"
#include "preprocess/preprocessor.hpp"
#include "support/context.hpp"
#include "syntax/ast.hpp"

namespace oneshader::syntax {

struct ParseOptions {
    // `#pragma pack_matrix` positions from the preprocessor, recorded on the declarations they cover.
    std::span<const pp::PackMatrixPragma> pack_matrix;
    // Nesting bound for parentheses, blocks, statements, unary chains and template arguments;
    // deeper input is an error (OSH0205) instead of a stack overflow.
    std::uint32_t max_depth = 256;
    // Bound on the height of one expression tree (long operator chains), for the same reason.
    std::uint32_t max_expr_height = 2048;
};

// Parses `tokens` (ending with an Eof token) into a tree allocated in ctx.arena.
TranslationUnit* parse(support::CompileContext& ctx, std::span<const Token> tokens, const ParseOptions& options = {});

}  // namespace oneshader::syntax
