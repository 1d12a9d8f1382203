#include "syntax/ast_printer.hpp"

#include <fmt/format.h>

#include <iterator>

namespace oneshader::syntax {

namespace {

class Printer {
public:
    Printer(const support::SourceManager& sources, DumpOptions options) : sm_(sources), opts_(options) {}

    std::string out;

    void decl(const Decl& d, int indent);
    void stmt(const Stmt& s, int indent);
    void expr(const Expr& e);
    void type(const TypeSyntax& t);

private:
    void line(int indent) {
        if (!out.empty()) out += '\n';
        out.append(static_cast<std::size_t>(indent) * 2, ' ');
    }
    void pos(SourceLoc loc) {
        if (!loc.valid()) {
            out += " ?:?";
            return;
        }
        support::PresumedLoc p = sm_.presumed(loc);
        fmt::format_to(std::back_inserter(out), " {}:{}", p.line, p.column);
    }
    void expr_pos(SourceLoc loc) {
        if (!opts_.expr_locations || !loc.valid()) return;
        support::PresumedLoc p = sm_.presumed(loc);
        fmt::format_to(std::back_inserter(out), "@{}:{}", p.line, p.column);
    }
    void name(const QualifiedName& q) {
        if (q.qualifier) {
            type(*q.qualifier);
            out += "::";
        }
        if (q.global) out += "::";
        for (std::size_t i = 0; i < q.parts.size(); ++i) {
            if (i) out += "::";
            out += q.parts[i].str();
        }
    }
    void template_args(std::span<const TemplateArg> args) {
        out += '<';
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i) out += ", ";
            if (args[i].type) type(*args[i].type);
            else if (args[i].value) expr(*args[i].value);
        }
        out += '>';
    }
    void modifiers(std::uint32_t mods) {
        if (!mods) return;
        out += " (mods";
        for (int i = 0; i < kModifierCount; ++i) {
            if (mods & (1u << i)) {
                out += ' ';
                out += modifier_spelling(i);
            }
        }
        out += ')';
    }
    void attributes(std::span<const Attribute> attrs) {
        if (attrs.empty()) return;
        out += " (attrs";
        for (const Attribute& a : attrs) {
            out += a.cxx11 ? " [[" : " [";
            if (a.ns) {
                out += a.ns.str();
                out += "::";
            }
            out += a.name.str();
            for (const Expr* e : a.args) {
                out += ' ';
                expr(*e);
            }
            out += a.cxx11 ? "]]" : "]";
        }
        out += ')';
    }
    void dims(std::span<Expr* const> ds) {
        if (ds.empty()) return;
        out += " (dims";
        for (const Expr* e : ds) {
            out += ' ';
            if (e) expr(*e);
            else out += '_';
        }
        out += ')';
    }
    void annotations(std::span<const Annotation> anns) {
        for (const Annotation& a : anns) {
            switch (a.kind) {
                case AnnotationKind::Semantic: out += " (semantic "; out += a.name.str(); break;
                case AnnotationKind::Register:
                    out += " (register";
                    for (Symbol s : {a.profile, a.name, a.space}) {
                        if (!s) continue;
                        out += ' ';
                        out += s.str();
                    }
                    for (const Expr* e : a.subscript) {
                        out += " [";
                        expr(*e);
                        out += ']';
                    }
                    break;
                case AnnotationKind::PackOffset:
                    out += " (packoffset ";
                    out += a.name.str();
                    if (a.component) {
                        out += '.';
                        out += a.component.str();
                    }
                    break;
            }
            out += ')';
        }
    }
    void template_params(std::span<const TemplateParam> ps, bool is_template) {
        if (!is_template) return;
        out += " (template";
        for (const TemplateParam& p : ps) {
            out += " (";
            if (p.value_type) type(*p.value_type);
            else out += "typename";
            out += ' ';
            out += p.name.str();
            if (p.default_type) {
                out += " = ";
                type(*p.default_type);
            } else if (p.default_value) {
                out += " = ";
                expr(*p.default_value);
            }
            out += ')';
        }
        out += ')';
    }
    void list(std::span<Expr* const> es) {
        for (const Expr* e : es) {
            out += ' ';
            expr(*e);
        }
    }

    const support::SourceManager& sm_;
    DumpOptions opts_;
};

std::string_view int_kind(IntLiteralKind k) {
    switch (k) {
        case IntLiteralKind::Int: return "int";
        case IntLiteralKind::UInt: return "uint";
        case IntLiteralKind::Int64: return "int64";
        case IntLiteralKind::UInt64: return "uint64";
    }
    return "int";
}

std::string_view float_kind(FloatLiteralKind k) {
    switch (k) {
        case FloatLiteralKind::Unsuffixed: return "literal-float";
        case FloatLiteralKind::Float: return "float";
        case FloatLiteralKind::Half: return "half";
        case FloatLiteralKind::Double: return "double";
    }
    return "float";
}

void Printer::type(const TypeSyntax& t) {
    for (int i = 0; i < kModifierCount; ++i) {
        if (t.modifiers & (1u << i)) {
            out += modifier_spelling(i);
            out += ' ';
        }
    }
    name(t.name);
    if (t.has_template_args) template_args(t.args);
    for (const Expr* e : t.dims) {
        out += '[';
        if (e) expr(*e);
        out += ']';
    }
}

void Printer::expr(const Expr& e) {
    switch (e.kind) {
        case ExprKind::IntLiteral: {
            const auto& l = static_cast<const IntLiteralExpr&>(e);
            fmt::format_to(std::back_inserter(out), "({}", int_kind(l.literal_kind));
            expr_pos(e.loc);
            fmt::format_to(std::back_inserter(out), " {} {})", l.spelling, l.value);
            return;
        }
        case ExprKind::FloatLiteral: {
            const auto& l = static_cast<const FloatLiteralExpr&>(e);
            fmt::format_to(std::back_inserter(out), "({}", float_kind(l.literal_kind));
            expr_pos(e.loc);
            fmt::format_to(std::back_inserter(out), " {} {})", l.spelling, l.value);
            return;
        }
        case ExprKind::BoolLiteral:
            out += static_cast<const BoolLiteralExpr&>(e).value ? "true" : "false";
            expr_pos(e.loc);
            return;
        case ExprKind::StringLiteral:
            out += static_cast<const StringLiteralExpr&>(e).spelling;
            expr_pos(e.loc);
            return;
        case ExprKind::Name: {
            const auto& n = static_cast<const NameExpr&>(e);
            name(n.name);
            if (n.has_template_args) template_args(n.template_args);
            expr_pos(e.loc);
            return;
        }
        case ExprKind::This:
            out += "this";
            expr_pos(e.loc);
            return;
        case ExprKind::Unary: {
            const auto& u = static_cast<const UnaryExpr&>(e);
            out += '(';
            if (u.postfix) out += "post";
            out += token_kind_spelling(u.op);
            expr_pos(e.loc);
            out += ' ';
            expr(*u.operand);
            out += ')';
            return;
        }
        case ExprKind::Binary: {
            const auto& b = static_cast<const BinaryExpr&>(e);
            out += '(';
            out += token_kind_spelling(b.op);
            expr_pos(e.loc);
            out += ' ';
            expr(*b.lhs);
            out += ' ';
            expr(*b.rhs);
            out += ')';
            return;
        }
        case ExprKind::Conditional: {
            const auto& c = static_cast<const ConditionalExpr&>(e);
            out += "(?";
            expr_pos(e.loc);
            out += ' ';
            expr(*c.cond);
            out += ' ';
            expr(*c.then_expr);
            out += ' ';
            expr(*c.else_expr);
            out += ')';
            return;
        }
        case ExprKind::Call: {
            const auto& c = static_cast<const CallExpr&>(e);
            out += "(call";
            expr_pos(e.loc);
            out += ' ';
            expr(*c.callee);
            list(c.args);
            out += ')';
            return;
        }
        case ExprKind::Construct: {
            const auto& c = static_cast<const ConstructExpr&>(e);
            out += "(construct";
            expr_pos(e.loc);
            out += ' ';
            type(*c.type);
            list(c.args);
            out += ')';
            return;
        }
        case ExprKind::Cast: {
            const auto& c = static_cast<const CastExpr&>(e);
            out += "(cast";
            expr_pos(e.loc);
            out += ' ';
            type(*c.type);
            out += ' ';
            expr(*c.operand);
            out += ')';
            return;
        }
        case ExprKind::Member: {
            const auto& m = static_cast<const MemberExpr&>(e);
            out += "(.";
            expr_pos(e.loc);
            out += ' ';
            expr(*m.base);
            out += ' ';
            out += m.member.str();
            if (m.has_template_args) template_args(m.template_args);
            out += ')';
            return;
        }
        case ExprKind::Index: {
            const auto& i = static_cast<const IndexExpr&>(e);
            out += "([]";
            expr_pos(e.loc);
            out += ' ';
            expr(*i.base);
            out += ' ';
            expr(*i.index);
            out += ')';
            return;
        }
        case ExprKind::Sizeof: {
            const auto& s = static_cast<const SizeofExpr&>(e);
            out += "(sizeof";
            expr_pos(e.loc);
            out += ' ';
            if (s.type) type(*s.type);
            else expr(*s.operand);
            out += ')';
            return;
        }
        case ExprKind::InitList: {
            const auto& l = static_cast<const InitListExpr&>(e);
            out += '{';
            expr_pos(e.loc);
            for (std::size_t i = 0; i < l.elements.size(); ++i) {
                if (i) out += ' ';
                expr(*l.elements[i]);
            }
            out += '}';
            return;
        }
        case ExprKind::Error:
            out += "<error>";
            expr_pos(e.loc);
            return;
    }
}

void Printer::stmt(const Stmt& s, int indent) {
    line(indent);
    auto head = [&](std::string_view word) {
        out += '(';
        out += word;
        pos(s.loc);
        attributes(s.attributes);
    };
    switch (s.kind) {
        case StmtKind::Block: {
            const auto& b = static_cast<const BlockStmt&>(s);
            head("block");
            for (const Stmt* c : b.stmts) stmt(*c, indent + 1);
            break;
        }
        case StmtKind::Decl: {
            const auto& d = static_cast<const DeclStmt&>(s);
            head("decl");
            for (const Decl* c : d.decls) decl(*c, indent + 1);
            break;
        }
        case StmtKind::Expr:
            head("expr");
            out += ' ';
            expr(*static_cast<const ExprStmt&>(s).expr);
            break;
        case StmtKind::If: {
            const auto& i = static_cast<const IfStmt&>(s);
            head("if");
            out += ' ';
            expr(*i.cond);
            stmt(*i.then_stmt, indent + 1);
            if (i.else_stmt) {
                line(indent + 1);
                out += "else";
                stmt(*i.else_stmt, indent + 1);
            }
            break;
        }
        case StmtKind::For: {
            const auto& f = static_cast<const ForStmt&>(s);
            head("for");
            if (f.cond) {
                out += " (cond ";
                expr(*f.cond);
                out += ')';
            }
            if (f.step) {
                out += " (step ";
                expr(*f.step);
                out += ')';
            }
            if (f.init) stmt(*f.init, indent + 1);
            if (f.body) stmt(*f.body, indent + 1);
            break;
        }
        case StmtKind::While: {
            const auto& w = static_cast<const WhileStmt&>(s);
            head("while");
            out += ' ';
            expr(*w.cond);
            stmt(*w.body, indent + 1);
            break;
        }
        case StmtKind::DoWhile: {
            const auto& d = static_cast<const DoWhileStmt&>(s);
            head("do");
            if (d.cond) {
                out += ' ';
                expr(*d.cond);
            }
            stmt(*d.body, indent + 1);
            break;
        }
        case StmtKind::Switch: {
            const auto& w = static_cast<const SwitchStmt&>(s);
            head("switch");
            out += ' ';
            expr(*w.cond);
            stmt(*w.body, indent + 1);
            break;
        }
        case StmtKind::Case:
            head("case");
            out += ' ';
            expr(*static_cast<const CaseStmt&>(s).value);
            break;
        case StmtKind::Default: head("default"); break;
        case StmtKind::Break: head("break"); break;
        case StmtKind::Continue: head("continue"); break;
        case StmtKind::Return: {
            head("return");
            const auto& r = static_cast<const ReturnStmt&>(s);
            if (r.value) {
                out += ' ';
                expr(*r.value);
            }
            break;
        }
        case StmtKind::Discard: head("discard"); break;
        case StmtKind::Empty: head("empty"); break;
    }
    out += ')';
}

void Printer::decl(const Decl& d, int indent) {
    line(indent);
    auto head = [&](std::string_view word) {
        out += '(';
        out += word;
        pos(d.loc);
        if (d.name) {
            out += ' ';
            out += d.name.str();
        }
    };
    switch (d.kind) {
        case DeclKind::Var: {
            const auto& v = static_cast<const VarDecl&>(d);
            head("var");
            if (v.qualified_name.parts.size() > 1) {
                out += " (qualified ";
                name(v.qualified_name);
                out += ')';
            }
            out += ' ';
            type(*v.type);
            modifiers(v.modifiers);
            template_params(v.template_params, v.is_template);
            if (v.is_specialization && !v.specialization_args.empty()) {
                out += " (specializes ";
                template_args(v.specialization_args);
                out += ')';
            }
            dims(v.dims);
            if (v.bit_width) {
                out += " (bits ";
                expr(*v.bit_width);
                out += ')';
            }
            annotations(v.annotations);
            attributes(v.attributes);
            if (v.pragma_packing != PragmaPacking::None)
                out += v.pragma_packing == PragmaPacking::RowMajor ? " (pragma row_major)" : " (pragma column_major)";
            if (v.init) {
                out += " (init ";
                expr(*v.init);
                out += ')';
            }
            break;
        }
        case DeclKind::Param: {
            const auto& p = static_cast<const ParamDecl&>(d);
            head("param");
            out += ' ';
            type(*p.type);
            modifiers(p.modifiers);
            dims(p.dims);
            annotations(p.annotations);
            attributes(p.attributes);
            if (p.default_value) {
                out += " (default ";
                expr(*p.default_value);
                out += ')';
            }
            break;
        }
        case DeclKind::Function: {
            const auto& f = static_cast<const FunctionDecl&>(d);
            out += "(function";
            pos(d.loc);
            out += ' ';
            name(f.qualified_name);
            out += ' ';
            type(*f.return_type);
            if (f.is_const) out += " const";
            modifiers(f.modifiers);
            template_params(f.template_params, f.is_template);
            if (f.has_specialization_args) {
                out += " (specializes ";
                template_args(f.specialization_args);
                out += ')';
            }
            annotations(f.annotations);
            attributes(f.attributes);
            if (!f.body) out += " (prototype)";
            for (const ParamDecl* p : f.params) decl(*p, indent + 1);
            if (f.body) stmt(*f.body, indent + 1);
            break;
        }
        case DeclKind::Struct: {
            const auto& s = static_cast<const StructDecl&>(d);
            head(s.is_class ? "class" : "struct");
            if (s.is_unnamed) out += " (unnamed)";
            template_params(s.template_params, s.is_template);
            if (s.is_specialization) {
                out += " (specializes ";
                template_args(s.specialization_args);
                out += ')';
            }
            if (s.base) {
                out += " (base ";
                type(*s.base);
                out += ')';
            }
            attributes(s.attributes);
            if (!s.is_definition) out += " (forward)";
            for (const Decl* m : s.members) decl(*m, indent + 1);
            break;
        }
        case DeclKind::Buffer: {
            const auto& b = static_cast<const BufferDecl&>(d);
            head(b.is_tbuffer ? "tbuffer" : "cbuffer");
            annotations(b.annotations);
            attributes(b.attributes);
            for (const Decl* m : b.members) decl(*m, indent + 1);
            break;
        }
        case DeclKind::Typedef: {
            const auto& t = static_cast<const TypedefDecl&>(d);
            head(t.is_using ? "using" : "typedef");
            template_params(t.template_params, t.is_template);
            out += ' ';
            type(*t.type);
            modifiers(t.modifiers);
            dims(t.dims);
            break;
        }
        case DeclKind::Namespace: {
            const auto& n = static_cast<const NamespaceDecl&>(d);
            head("namespace");
            for (const Decl* m : n.decls) decl(*m, indent + 1);
            break;
        }
        case DeclKind::Enum: {
            const auto& e = static_cast<const EnumDecl&>(d);
            head(e.is_class ? "enum-class" : "enum");
            if (e.underlying) {
                out += " (underlying ";
                type(*e.underlying);
                out += ')';
            }
            for (const Enumerator& en : e.enumerators) {
                out += " (";
                out += en.name.str();
                if (en.value) {
                    out += ' ';
                    expr(*en.value);
                }
                out += ')';
            }
            break;
        }
    }
    out += ')';
}

}  // namespace

std::string dump_ast(const support::SourceManager& sources, const TranslationUnit& tu, DumpOptions options) {
    Printer p(sources, options);
    p.out = "(tu";
    for (const Decl* d : tu.decls) p.decl(*d, 1);
    p.out += ")";
    return std::move(p.out);
}

std::string dump_decl(const support::SourceManager& sources, const Decl& decl, DumpOptions options) {
    Printer p(sources, options);
    p.decl(decl, 0);
    return std::move(p.out);
}

std::string dump_stmt(const support::SourceManager& sources, const Stmt& stmt, DumpOptions options) {
    Printer p(sources, options);
    p.stmt(stmt, 0);
    return std::move(p.out);
}

std::string dump_expr(const support::SourceManager& sources, const Expr& expr, DumpOptions options) {
    Printer p(sources, options);
    p.expr(expr);
    return std::move(p.out);
}

std::string dump_type(const support::SourceManager& sources, const TypeSyntax& type, DumpOptions options) {
    Printer p(sources, options);
    p.type(type);
    return std::move(p.out);
}

}  // namespace oneshader::syntax
