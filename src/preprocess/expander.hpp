#pragma once
// Macro expansion. An Expander reads unexpanded tokens from a TokenInput (the files, or a token
// list such as a macro argument or an #if line) and hands out fully expanded tokens. Rescanning
// is iterative: each expansion pushes a context of replacement tokens, and the macro stays
// disabled until its context is used up. Only the pre-expansion of macro arguments nests, and
// that nesting is bounded (OSH0119), so no input can overflow the C++ stack.
#include <cstdint>
#include <span>
#include <vector>

#include "lex/token.hpp"
#include "preprocess/macro.hpp"

namespace oneshader::pp {

class Preprocessor;

// Where unexpanded tokens come from once the expansion contexts are used up.
class TokenInput {
public:
    virtual ~TokenInput() = default;
    // The next token; Eof at the end.
    virtual syntax::Token next() = 0;
    // The next token inside a macro's argument list; Eof where the list cannot continue.
    virtual syntax::Token next_in_args() = 0;
    // The kind of the next token, not consumed; used to see whether a function-like macro's name
    // is followed by `(`.
    virtual syntax::TokenKind peek_kind() = 0;
};

// Tokens from a list, e.g. one macro argument being pre-expanded.
class ListInput final : public TokenInput {
public:
    explicit ListInput(std::span<const syntax::Token> tokens) : tokens_(tokens) {}
    syntax::Token next() override;
    syntax::Token next_in_args() override { return next(); }
    syntax::TokenKind peek_kind() override;

private:
    std::span<const syntax::Token> tokens_;
    std::size_t pos_ = 0;
};

// A macro expansion being rescanned.
struct ExpansionContext {
    std::uint32_t buffer;  // index into the scratch buffers
    std::uint32_t pos;
    Macro* macro;          // re-enabled when the context is popped
};

// Buffers of one nesting depth, reused by every expander at that depth so the common path does
// not allocate.
struct ExpanderScratch {
    std::vector<ExpansionContext> contexts;
    std::vector<std::vector<syntax::Token>> buffers;  // one per open context
    std::vector<syntax::Token> args;                  // raw argument tokens, all arguments in a row
    std::vector<std::uint32_t> arg_starts;            // argument i is args[arg_starts[i], arg_starts[i+1])
    std::vector<std::vector<syntax::Token>> expanded; // pre-expanded arguments, filled on demand
    std::vector<bool> expanded_ready;
};

class Expander {
public:
    Expander(Preprocessor& pp, TokenInput& input, std::uint32_t depth);
    ~Expander();
    Expander(const Expander&) = delete;
    Expander& operator=(const Expander&) = delete;

    // The next fully expanded token; Eof at the end of the input or once the preprocessor stopped.
    syntax::Token next();
    // No expansion is being rescanned: the next token comes straight from the input.
    bool idle() const { return s_.contexts.size() == context_base_; }

private:
    syntax::Token next_unexpanded(bool in_args);
    syntax::Token read_input();  // the next token of the input, past the expansion contexts
    bool next_is_lparen();
    void push_context(Macro* macro);
    void pop_context();
    bool expand_builtin(const Macro& m, const syntax::Token& name, syntax::Token& out);
    // Reads the argument list after the name; false (after reporting) when it is malformed.
    bool collect_arguments(const Macro& m, const syntax::Token& name);
    void substitute(const Macro& m, const syntax::Token& name, std::vector<syntax::Token>& out);
    std::span<const syntax::Token> raw_arg(std::size_t i) const;
    std::span<const syntax::Token> expanded_arg(std::size_t i, const syntax::Token& name);
    syntax::Token stringize(std::span<const syntax::Token> tokens, const syntax::Token& name,
                            const syntax::Token& hash);
    void paste(std::vector<syntax::Token>& out, std::span<const syntax::Token> rhs, const Macro& m,
               const syntax::Token& name);
    syntax::Token relocate(syntax::Token t, const syntax::Token& name) const;

    Preprocessor& pp_;
    TokenInput& input_;
    Preprocessor* files_;  // the input when it is the preprocessor's files: called directly
    std::uint32_t depth_;
    ExpanderScratch& s_;
    std::size_t context_base_;  // contexts below this index belong to an outer user of the scratch
};

}  // namespace oneshader::pp
