#pragma once
// Runs text through the preprocessor and the parser, and gives the dump and the diagnostics in
// compact forms for comparison.
#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "preprocess/preprocessor.hpp"
#include "support/context.hpp"
#include "syntax/ast_printer.hpp"
#include "syntax/parser.hpp"

namespace oneshader::test {

struct Parsed {
    support::CompileContext ctx;
    pp::PreprocessOutput pp;
    syntax::TranslationUnit* tu = nullptr;

    std::string dump(syntax::DumpOptions o = {}) const { return syntax::dump_ast(ctx.sources, *tu, o); }

    // Each diagnostic as "OSHnnnn line:col".
    std::vector<std::string> diags() const {
        std::vector<std::string> out;
        for (const support::Diag& d : ctx.diags.diagnostics()) {
            support::PresumedLoc p = ctx.sources.presumed(d.range.begin);
            out.push_back(fmt::format("{} {}:{}", support::format_code(d.code), p.line, p.column));
        }
        return out;
    }
    std::string messages() const {
        std::string out;
        for (const support::Diag& d : ctx.diags.diagnostics()) out += ctx.diags.format(d) + "\n";
        return out;
    }
    // The function body's first statement, for statement and expression tests.
    const syntax::Stmt* first_stmt() const {
        for (const syntax::Decl* d : tu->decls) {
            if (d->kind != syntax::DeclKind::Function) continue;
            const auto* f = static_cast<const syntax::FunctionDecl*>(d);
            if (f->body && !f->body->stmts.empty()) return f->body->stmts[0];
        }
        return nullptr;
    }
};

inline std::unique_ptr<Parsed> parse_text(std::string_view text, syntax::ParseOptions options = {},
                                          const CompileOptions& compile_options = {}) {
    auto p = std::make_unique<Parsed>();
    support::FileId f = p->ctx.sources.add("t.hlsl", std::string(text));
    p->pp = pp::run_preprocessor(p->ctx, f, compile_options, true);
    options.pack_matrix = p->pp.pack_matrix;
    p->tu = syntax::parse(p->ctx, p->pp.tokens, options);
    return p;
}

inline std::string dump_of(std::string_view text) {
    auto p = parse_text(text);
    std::string d = p->dump();
    if (p->ctx.diags.has_errors()) d += "\n" + p->messages();
    return d;
}

// The dump of one expression, parsed as the statement of a function body.
inline std::string expr_of(std::string_view expr, syntax::DumpOptions o = {}) {
    auto p = parse_text(fmt::format("void f() {{ {}; }}", expr));
    if (p->ctx.diags.has_errors()) return "errors:\n" + p->messages();
    const syntax::Stmt* s = p->first_stmt();
    if (!s || s->kind != syntax::StmtKind::Expr) return "not an expression statement";
    return syntax::dump_expr(p->ctx.sources, *static_cast<const syntax::ExprStmt*>(s)->expr, o);
}

// The dump of the statements inside `void f() { ... }`, one per line.
inline std::string stmts_of(std::string_view body) {
    auto p = parse_text(fmt::format("void f()\n{{\n{}\n}}", body));
    if (p->ctx.diags.has_errors()) return "errors:\n" + p->messages();
    std::string out;
    for (const syntax::Decl* d : p->tu->decls) {
        const auto* f = static_cast<const syntax::FunctionDecl*>(d);
        for (const syntax::Stmt* s : f->body->stmts) {
            if (!out.empty()) out += '\n';
            out += syntax::dump_stmt(p->ctx.sources, *s);
        }
    }
    return out;
}

inline std::vector<std::string> diags_of(std::string_view text) { return parse_text(text)->diags(); }

}  // namespace oneshader::test
