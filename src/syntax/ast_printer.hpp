#pragma once
// A text dump of the syntax tree as S-expressions, for golden tests and debugging. Declarations
// and statements start a line and show `line:col`; expressions are written inline, with their
// positions only when asked.
#include <string>

#include "support/source_manager.hpp"
#include "syntax/ast.hpp"

namespace oneshader::syntax {

struct DumpOptions {
    bool expr_locations = false;  // append `@line:col` to every expression
};

std::string dump_ast(const support::SourceManager& sources, const TranslationUnit& tu, DumpOptions options = {});
std::string dump_decl(const support::SourceManager& sources, const Decl& decl, DumpOptions options = {});
std::string dump_stmt(const support::SourceManager& sources, const Stmt& stmt, DumpOptions options = {});
std::string dump_expr(const support::SourceManager& sources, const Expr& expr, DumpOptions options = {});
std::string dump_type(const support::SourceManager& sources, const TypeSyntax& type, DumpOptions options = {});

}  // namespace oneshader::syntax
