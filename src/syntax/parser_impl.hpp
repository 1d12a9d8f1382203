#pragma once
// The parser's internal state, shared by the parse_*.cpp files (one per grammar area). A
// recursive-descent parser with one token of lookahead plus bounded tentative scans for the
// places HLSL needs more: declaration vs expression statements and `(T)x` vs `(x)`. Which names
// are types is learnt from the declarations seen so far (struct, typedef, enum, template
// parameters), as a C compiler does.
#include <string>
#include <vector>

#include "support/context.hpp"
#include "syntax/ast.hpp"
#include "syntax/parser.hpp"
#include "syntax/parser_names.hpp"

namespace oneshader::syntax {

class Parser {
public:
    Parser(support::CompileContext& ctx, std::span<const Token> tokens, const ParseOptions& options);
    TranslationUnit* parse_translation_unit();

private:
    // ---- tokens (parser.cpp)
    const Token& tok() const { return split_ ? split_tok_ : toks_[pos_]; }
    // While a `>>` is half consumed, the current token is the synthetic `>` and the next one is
    // the token after the `>>`.
    const Token& peek(std::size_t n = 1) const {
        std::size_t i = pos_ + n;
        return i < toks_.size() ? toks_[i] : toks_.back();
    }
    TokenKind kind() const { return tok().kind; }
    bool at(TokenKind k) const { return tok().kind == k; }
    bool at_eof() const { return tok().kind == TokenKind::Eof || ctx_.diags.limit_reached(); }
    // Both run for nearly every token, so they are defined here to be inlined.
    void advance() {
        const Token& t = tok();
        prev_kind_ = t.kind;
        prev_end_ = t.loc;
        // A missing ';' is best shown right after the last token, when that is where it was written.
        if (!t.has(FromMacro)) prev_end_.offset += static_cast<std::uint32_t>(t.text.size());
        if (split_) {
            split_ = false;
            ++pos_;
            return;
        }
        if (pos_ + 1 < toks_.size()) ++pos_;
    }
    bool accept(TokenKind k) {
        if (!at(k)) return false;
        advance();
        return true;
    }
    // Reports "expected <k> <context>" when the token is not `k`; consumes it when it is.
    bool expect(TokenKind k, std::string_view context) { return accept(k) || expect_failed(k, context); }
    bool expect_failed(TokenKind k, std::string_view context);  // reports; always false
    // Consumes one `>` closing a template argument list, splitting `>>` when needed.
    bool expect_template_close();
    SourceLoc loc() const { return tok().loc; }

    // ---- names
    struct NameInfo {
        NameClass cls;
        bool user_type = false;
        bool user_template = false;  // a template struct or function
        bool is_namespace = false;
    };
    // The entry of a name, created on first use. The reference is valid until the next call
    // (the table may grow), so callers copy what they need.
    NameInfo& info(Symbol s) {
        // Inline for the common case, a name already in its home slot.
        if (s && !names_.empty()) {
            NameSlot& home = names_[s.hash() & (names_.size() - 1)];
            if (home.key == s.id()) return home.info;
        }
        return info_slow(s);
    }
    NameInfo& info_slow(Symbol s);
    void grow_names();
    // info() of the current identifier token, cached per position: the first token of a
    // declaration or statement is asked about many times. Whoever changes a name's entry resets
    // tok_info_pos_.
    NameInfo tok_info() {
        if (tok_info_pos_ != pos_ || split_) {
            tok_info_ = tok().kind == TokenKind::Identifier ? info(tok().ident) : NameInfo{};
            tok_info_pos_ = split_ ? SIZE_MAX : pos_;
        }
        return tok_info_;
    }
    Keyword keyword() { return tok_info().cls.keyword; }  // of the current token, None unless an identifier
    Keyword keyword_at(std::size_t n);
    bool at_keyword(Keyword k) { return keyword() == k; }
    bool is_type_name(Symbol s);
    bool is_template_name(Symbol s);
    // The current token starts a modifier (contextual ones only when an identifier follows).
    bool at_modifier() {
        if (!at(TokenKind::Identifier)) return false;
        const NameInfo i = tok_info();
        if (i.cls.keyword != Keyword::Modifier) return false;
        return !i.cls.contextual || peek().is(TokenKind::Identifier);
    }
    // The tokens from the current one form a declaration (not an expression statement).
    bool at_declaration_start();
    // The current token starts a type: a modifier or a known type name.
    bool at_type_start();
    // Skips a balanced `<...>` starting at token index i (which is `<`); returns the index after
    // it, or SIZE_MAX when it does not close before a `;`, `{`, `}` or the end.
    std::size_t skip_template_args(std::size_t i) const;
    // Past `<...>::name` continuations of a qualified name ending at `j` (`Pair<float>::Inner`).
    std::size_t skip_template_qualifiers(std::size_t j);
    // The index after a qualified name starting at i, or i when there is none.
    std::size_t skip_qualified_name(std::size_t i) const;

    // ---- diagnostics and recovery
    void error(support::DiagCode code, SourceLoc at, std::string message);
    void error_here(support::DiagCode code, std::string message);
    void expected(support::DiagCode code, std::string_view what);
    // Skips to just after the next `;` or to the next unmatched `}` at this nesting level.
    void synchronize();
    // Skips to the `}` that closes the innermost open block (left for its block), or to the end:
    // after a statement nested too deeply, whose rest would only give follow-on errors.
    void skip_to_block_end();
    // After a statement or declaration: resynchronises when it failed part way.
    void recover();
    // False (after reporting) when nesting is too deep; inline, as every expression level asks.
    bool enter() { return ++depth_ <= options_.max_depth || too_deep(); }
    bool too_deep();  // reports once; always false
    void leave() { --depth_; }
    struct DepthGuard {
        Parser& p;
        bool ok;
        explicit DepthGuard(Parser& parser) : p(parser), ok(parser.enter()) {}
        ~DepthGuard() { p.leave(); }
        DepthGuard(const DepthGuard&) = delete;
        DepthGuard& operator=(const DepthGuard&) = delete;
    };

    // ---- arena helpers
    template <class T, class... Args>
    T* make(Args&&... args) {
        static_assert(std::is_trivially_destructible_v<T>);
        return ctx_.arena.make<T>(std::forward<Args>(args)...);
    }
    template <class T>
    std::span<T> take(std::vector<T>& stack, std::size_t mark) {
        std::span<T> out = ctx_.arena.copy_array<T>(std::span<const T>(stack.data() + mark, stack.size() - mark));
        stack.resize(mark);
        return out;
    }
    Symbol intern(std::string_view s) { return ctx_.interner.intern(s); }
    ErrorExpr* error_expr() { return make<ErrorExpr>(loc()); }
    // Sets e's height from its children and enforces max_expr_height.
    Expr* finish(Expr* e, const Expr* a, const Expr* b = nullptr, const Expr* c = nullptr);
    Expr* finish_list(Expr* e, std::span<Expr*> list, const Expr* first = nullptr);

    // ---- declarations (parse_decl.cpp). Each pushes what it declares onto decls_.
    void parse_declaration_seq(bool in_braces);
    void parse_declaration(bool local);
    void parse_struct(std::span<Attribute> attrs, std::span<TemplateParam> tparams, bool is_template);
    void parse_struct_members(StructDecl* s);
    // `struct [Name] [: Base] { ... }` (or `struct Name;`), pushed onto decls_; the struct when it
    // has a body, null otherwise. An unnamed one is named `unnamed_name`, or given a name of its own.
    StructDecl* parse_struct_definition(std::span<Attribute> attrs, std::span<TemplateParam> tparams, bool is_template,
                                        Symbol unnamed_name);
    // `struct {`, `struct S {` or `struct S :`: a struct defined where a type is expected.
    bool at_struct_definition();
    // The identifier right after the body of the struct starting here (the typedef's name), if any.
    Symbol name_after_struct_body() const;
    TypeSyntax* type_naming(const StructDecl* s);
    void parse_buffer(std::span<Attribute> attrs);
    void parse_typedef(std::span<Attribute> attrs);
    void parse_using(std::span<Attribute> attrs, std::span<TemplateParam> tparams, bool is_template);
    void parse_namespace(std::span<Attribute> attrs);
    void parse_enum(std::span<Attribute> attrs);
    void parse_template_declaration(std::span<Attribute> attrs, bool local);
    std::span<TemplateParam> parse_template_parameter_list();
    // Modifiers, type, then a function or variables. `local` forbids function definitions.
    void parse_variable_or_function(std::span<Attribute> attrs, std::span<TemplateParam> tparams, bool is_template,
                                    bool local);
    void parse_operator_name(FunctionDecl* f);
    void parse_function_rest(FunctionDecl* f, bool local);
    void parse_declarators(std::span<Attribute> attrs, std::uint32_t mods, TypeSyntax* type, SourceLoc name_loc,
                           Symbol name, PragmaPacking packing);
    std::span<ParamDecl*> parse_parameter_list();
    ParamDecl* parse_parameter();
    std::uint32_t parse_modifiers();
    std::span<Expr*> parse_array_dims();
    // Semantics, register() and packoffset() after ':'. With `bit_width`, a ':' followed by anything
    // but a name is a bit field's width (a declarator's); without it, one is an error there.
    std::span<Annotation> parse_annotations(Expr** bit_width = nullptr);
    bool parse_register(Annotation& a);
    bool parse_packoffset(Annotation& a);
    Expr* parse_initializer();
    PragmaPacking pragma_packing_here() const;
    // `T* p`, `T& r`: reported as unsupported; true when one was found (and skipped).
    bool reject_pointer_declarator();
    // Declares `name` as a type so later `(name)x` and `name x;` parse.
    void declare_type(Symbol name, bool is_template);

    // ---- types (parse_type.cpp)
    // A type with optional leading type-level modifiers (inside template args and casts).
    TypeSyntax* parse_type(std::uint32_t modifiers = 0);
    QualifiedName parse_qualified_name();
    bool parse_template_args(std::span<TemplateArg>& out);
    TemplateArg parse_template_arg();

    // ---- attributes (parse_attribute.cpp)
    std::span<Attribute> parse_attributes();
    void parse_attribute_body(std::vector<Attribute>& out, bool cxx11);

    // ---- statements (parse_stmt.cpp)
    Stmt* parse_statement();        // parse_statement_here(), then the skip too_deep() asks for
    Stmt* parse_statement_here();
    BlockStmt* parse_block();
    Stmt* parse_if(SourceLoc at);
    Stmt* parse_for(SourceLoc at);
    Stmt* parse_while(SourceLoc at);
    Stmt* parse_do(SourceLoc at);
    Stmt* parse_switch(SourceLoc at);
    Stmt* parse_return(SourceLoc at);
    Stmt* parse_declaration_statement();
    Stmt* parse_expression_statement();
    Expr* parse_paren_condition(std::string_view what);
    Stmt* parse_simple(StmtKind k, std::string_view what);
    Stmt* parse_label(StmtKind k);

    // ---- expressions (parse_expr.cpp)
    Expr* parse_expression();  // with comma
    Expr* parse_assignment();
    Expr* parse_conditional();
    Expr* parse_binary(int min_prec);
    Expr* parse_unary();
    Expr* parse_postfix(Expr* e);
    Expr* parse_primary();
    Expr* parse_paren_or_cast();
    Expr* parse_name_or_construct();
    Expr* parse_sizeof();
    Expr* parse_init_list();
    bool parse_call_args(std::span<Expr*>& out);
    int binary_precedence(TokenKind k) const;
    bool at_cast();

    // ---- literals (parse_literal.cpp)
    Expr* parse_number();
    Expr* parse_number_text(std::string_view text, SourceLoc at);
    Expr* parse_string();

    support::CompileContext& ctx_;
    std::span<const Token> toks_;
    ParseOptions options_;
    std::size_t pos_ = 0;
    bool split_ = false;  // the current `>>` has had its first `>` consumed
    Token split_tok_;
    TokenKind prev_kind_ = TokenKind::Eof;  // the last consumed token, for recovery
    SourceLoc prev_end_;                    // just after the last consumed token, for "expected ';'"
    std::uint32_t depth_ = 0;
    bool recovering_ = false;     // an error was reported and not yet resynchronised
    bool depth_reported_ = false;
    // Statements being parsed, and whether too_deep() was hit inside one: each then skips the rest
    // of its block as it returns (parse_statement).
    std::uint32_t statements_open_ = 0;
    std::uint32_t else_ifs_open_ = 0;  // `else if` levels being parsed: too_deep() names the chain
    bool skip_block_rest_ = false;
    // `>` ends a template argument list here instead of being a comparison.
    bool greater_closes_ = false;

    // What each identifier means to the parser: open addressing keyed by the interned pointer,
    // probed with the interner's hash. Looked up for nearly every token, so kept flat.
    struct NameSlot {
        const void* key = nullptr;
        NameInfo info;
    };
    std::vector<NameSlot> names_;
    std::size_t name_count_ = 0;
    NameInfo no_name_;  // what info() gives for an empty Symbol
    std::size_t tok_info_pos_ = SIZE_MAX;
    NameInfo tok_info_;
    std::vector<Decl*> decls_;
    std::vector<Expr*> exprs_;
    std::vector<Stmt*> stmts_;
    std::vector<Attribute> attrs_;
    std::vector<Annotation> annotations_;
    std::vector<TemplateArg> targs_;
    std::vector<TemplateParam> tparams_;
    std::vector<Symbol> symbols_;
    std::vector<ParamDecl*> params_;
    std::vector<Enumerator> enumerators_;

    Symbol sym_operator_;
    std::uint32_t anonymous_structs_ = 0;  // names unnamed structs apart
};

}  // namespace oneshader::syntax
