#pragma once
// The preprocessor: turns the main file and its includes into one token stream for the parser,
// with every token located where the user wrote it.
#include <span>
#include <string>
#include <vector>

#include "lex/token.hpp"
#include "oneshader/oneshader.hpp"
#include "support/context.hpp"

namespace oneshader::pp {

// A `#pragma pack_matrix(row_major|column_major)` seen in the source, for the front end.
struct PackMatrixPragma {
    support::SourceLoc loc;
    std::size_t token_index;  // the pragma applies to declarations from this output token on
    MatrixPacking packing;
};

// A `#pragma` line other than `once`, kept for the -P output (as DXC's -P keeps them).
struct PragmaLine {
    support::SourceLoc loc;   // the '#'
    std::size_t token_index;  // printed before this output token
    std::string text;         // what follows `#pragma`, spaced as written
};

struct PreprocessOutput {
    std::vector<syntax::Token> tokens;  // ends with one Eof token
    std::vector<PackMatrixPragma> pack_matrix;
    std::vector<PragmaLine> pragmas;
};

// Preprocesses `main_file` (already added to ctx.sources). Defines, include directories, the
// include resolver, the profile, 16-bit types and limits come from options. `from_text` is true
// for compile()/preprocess() on in-memory text: then, without a resolver, #include is OSH0120.
// Diagnostics go to ctx.diags; files read are appended to ctx.files_read.
PreprocessOutput run_preprocessor(support::CompileContext& ctx, support::FileId main_file,
                                  const CompileOptions& options, bool from_text);

// The text form DXC's -P writes: tokens with their spacing, one output line per source line,
// and `#line N "file"` markers where the file or line jumps.
std::string print_preprocessed(const support::SourceManager& sources, std::span<const syntax::Token> tokens,
                               std::span<const PragmaLine> pragmas = {});
inline std::string print_preprocessed(const support::SourceManager& sources, const PreprocessOutput& out) {
    return print_preprocessed(sources, out.tokens, out.pragmas);
}

}  // namespace oneshader::pp
