// Expression checking: the dispatcher, literals, names (variables, members of the enclosing
// struct through an implicit `this`, enumerators, static members), `this`, and `sizeof`.
#include <algorithm>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

BExpr* Checker::check_init(const syntax::Expr* e, const Type* target) {
    if (e && e->kind == syntax::ExprKind::InitList) return init_list(static_cast<const syntax::InitListExpr*>(e), target);
    return check_expr(e);
}

BExpr* Checker::check_expr(const syntax::Expr* e) {
    if (!e) return error_expr(SourceRange());
    switch (e->kind) {
    case syntax::ExprKind::IntLiteral:
    case syntax::ExprKind::FloatLiteral:
    case syntax::ExprKind::BoolLiteral:
    case syntax::ExprKind::StringLiteral: return check_literal(e);
    case syntax::ExprKind::Name: return check_name(static_cast<const syntax::NameExpr*>(e));
    case syntax::ExprKind::This: return this_expr(SourceRange(e->loc));
    case syntax::ExprKind::Unary: return check_unary(static_cast<const syntax::UnaryExpr*>(e));
    case syntax::ExprKind::Binary: return check_binary(static_cast<const syntax::BinaryExpr*>(e));
    case syntax::ExprKind::Conditional: return check_conditional(static_cast<const syntax::ConditionalExpr*>(e));
    case syntax::ExprKind::Call: return check_call(static_cast<const syntax::CallExpr*>(e));
    case syntax::ExprKind::Construct: return check_construct(static_cast<const syntax::ConstructExpr*>(e));
    case syntax::ExprKind::Cast: return check_cast(static_cast<const syntax::CastExpr*>(e));
    case syntax::ExprKind::Member: return check_member(static_cast<const syntax::MemberExpr*>(e));
    case syntax::ExprKind::Index: return check_index(static_cast<const syntax::IndexExpr*>(e));
    case syntax::ExprKind::Sizeof: return check_sizeof(static_cast<const syntax::SizeofExpr*>(e));
    case syntax::ExprKind::InitList:
        report(DiagCode::bad_initializer, SourceRange(e->loc),
               "A braced list can only initialize a variable: write the type, as in float2(1, 2).");
        return error_expr(SourceRange(e->loc));
    case syntax::ExprKind::Error: return error_expr(SourceRange(e->loc));
    }
    return error_expr(SourceRange(e->loc));
}

BExpr* Checker::check_literal(const syntax::Expr* e) {
    SourceRange r(e->loc);
    auto* lit = make<BLiteral>(r);
    switch (e->kind) {
    case syntax::ExprKind::IntLiteral: {
        const auto* i = static_cast<const syntax::IntLiteralExpr*>(e);
        lit->value = ConstValue::of_int(std::int64_t(i->value));
        switch (i->literal_kind) {
        case syntax::IntLiteralKind::Int: lit->type = scalar(ScalarKind::LiteralInt); break;
        case syntax::IntLiteralKind::UInt:
            lit->type = scalar(ScalarKind::UInt);
            lit->value.i = std::int64_t(std::uint32_t(i->value));
            break;
        case syntax::IntLiteralKind::Int64: lit->type = scalar(ScalarKind::Int64); break;
        case syntax::IntLiteralKind::UInt64: lit->type = scalar(ScalarKind::UInt64); break;
        }
        return lit;
    }
    case syntax::ExprKind::FloatLiteral: {
        const auto* f = static_cast<const syntax::FloatLiteralExpr*>(e);
        lit->value = ConstValue::of_float(f->value);
        switch (f->literal_kind) {
        case syntax::FloatLiteralKind::Unsuffixed: lit->type = scalar(ScalarKind::LiteralFloat); break;
        case syntax::FloatLiteralKind::Float:
            lit->type = scalar(ScalarKind::Float);
            lit->value.f = double(float(f->value));
            break;
        case syntax::FloatLiteralKind::Half: lit->type = scalar(ScalarKind::Half); break;
        case syntax::FloatLiteralKind::Double: lit->type = scalar(ScalarKind::Double); break;
        }
        return lit;
    }
    case syntax::ExprKind::BoolLiteral:
        lit->value = ConstValue::of_bool(static_cast<const syntax::BoolLiteralExpr*>(e)->value);
        lit->type = scalar(ScalarKind::Bool);
        return lit;
    default:
        report(DiagCode::type_mismatch, r, "Strings can only be attribute arguments in HLSL.");
        return error_expr(r);
    }
}

void Checker::note_use(Variable* v) {
    if (!fn || !v) return;
    switch (v->storage) {
    case StorageClass::Local:
    case StorageClass::Param:
    case StorageClass::StaticLocal:
    case StorageClass::Enumerator: return;
    default: break;
    }
    fn->globals_used.add(v);
}

BExpr* Checker::var_ref(Variable* v, SourceRange r) {
    if (!v->type) return error_expr(r);
    note_use(v);
    if (v->resource) ++v->resource->named;
    auto* ref = make<BVarRef>(r);
    ref->var = v;
    ref->type = v->type;
    ref->lvalue = v->storage != StorageClass::Enumerator;
    bool writable = !v->is_const;
    switch (v->storage) {
    case StorageClass::BufferMember:
    case StorageClass::BufferObject:
    case StorageClass::SpecConstant:
    case StorageClass::Enumerator:
    case StorageClass::Resource: writable = false; break;
    default: break;
    }
    ref->assignable = writable;
    return ref;
}

BExpr* Checker::this_expr(SourceRange r) {
    if (!fn || !fn->owner) {
        report(DiagCode::invalid_this, r, "'this' can only be used inside a member function of a struct.");
        return error_expr(r);
    }
    if (fn->is_static) {
        report(DiagCode::invalid_this, r,
               "A static member function has no 'this'. Remove 'static' or pass the object as a parameter.");
        return error_expr(r);
    }
    auto* t = make<BThis>(r);
    t->type = fn->owner->type;
    t->lvalue = true;
    t->assignable = true;
    return t;
}

BExpr* Checker::check_name(const syntax::NameExpr* e) {
    SourceRange r(e->loc);
    if (e->name.parts.size() == 1 && !e->name.global && !e->name.qualifier) {
        Symbol name = e->name.parts[0];
        // Innermost first: locals, then the members of the struct whose method this is (through
        // an implicit `this`), then namespaces and globals.
        for (const Scope* s = scope; s; s = s->parent) {
            if (s->kind == ScopeKind::Struct && s->owner) {
                int depth = 0;
                for (const StructInfo* i = s->owner; i && depth < 64; i = i->base, ++depth) {
                    for (const StructMember& m : i->type->members)
                        if (m.bit_fields.empty() ? m.name == name
                                                 : std::any_of(m.bit_fields.begin(), m.bit_fields.end(),
                                                               [&](const BitField& b) { return b.name == name; })) {
                            BExpr* self = this_expr(r);
                            if (!ok(self)) return self;
                            return member_of(self, name, r, r);
                        }
                    if (const Entity* ent = find_local(i->scope, name)) {
                        if (ent->kind == EntityKind::Variable) return var_ref(ent->var, r);
                        if (ent->kind == EntityKind::Overloads) {
                            report(DiagCode::not_callable, r,
                                   fmt::format("'{}' is a member function: call it with arguments, {}(...).", name.str(),
                                               name.str()));
                            return error_expr(r);
                        }
                        report(DiagCode::type_mismatch, r, fmt::format("'{}' is a type, not a value.", name.str()));
                        return error_expr(r);
                    }
                }
                continue;
            }
            if (const Entity* ent = find_local(s, name)) {
                if (ent->kind == EntityKind::Variable) return var_ref(ent->var, r);
                if (ent->kind == EntityKind::VarTemplate) return var_template_ref(ent->var_template, e);
                if (ent->kind == EntityKind::Overloads) {
                    report(DiagCode::not_callable, r,
                           fmt::format("'{}' is a function: call it with arguments, {}(...).", name.str(), name.str()));
                    return error_expr(r);
                }
                report(DiagCode::type_mismatch, r, fmt::format("'{}' is a type, not a value.", name.str()));
                return error_expr(r);
            }
        }
        report_undeclared(name, r, true);
        return error_expr(r);
    }
    const Entity* ent = lookup_qualified(e->name, r, true);
    if (!ent) return error_expr(r);
    if (ent->kind == EntityKind::Variable) return var_ref(ent->var, r);
    if (ent->kind == EntityKind::VarTemplate) return var_template_ref(ent->var_template, e);
    report(DiagCode::type_mismatch, r, fmt::format("'{}' is not a value.", e->name.last().str()));
    return error_expr(r);
}

namespace {

// Adds the packed size of `t` to `size` (aligning it first); false for types without a size.
bool packed_size(const Type* t, std::uint64_t& size, std::uint32_t& align, int depth) {
    if (depth > 64) return false;
    if (is_basic(t)) {
        const ScalarType* c = component_type(t);
        std::uint32_t bytes = c->scalar == ScalarKind::Bool ? 4 : c->bits / 8;
        if (is_literal_kind(c->scalar)) bytes = 4;
        size = (size + bytes - 1) / bytes * bytes + std::uint64_t(bytes) * component_count(t);
        if (bytes > align) align = bytes;
        return true;
    }
    if (const ArrayType* a = t->as<ArrayType>()) {
        if (a->length == 0) return false;
        std::uint64_t one = 0;
        std::uint32_t ea = 1;
        if (!packed_size(a->element, one, ea, depth + 1)) return false;
        one = (one + ea - 1) / ea * ea;
        size = (size + ea - 1) / ea * ea + one * a->length;
        if (ea > align) align = ea;
        return true;
    }
    if (const StructType* s = t->as<StructType>()) {
        if (!s->defined) return false;
        std::uint64_t inner = 0;
        std::uint32_t sa = 1;
        if (s->base && !packed_size(s->base, inner, sa, depth + 1)) return false;
        for (const StructMember& m : s->members)
            if (!packed_size(m.type, inner, sa, depth + 1)) return false;
        inner = (inner + sa - 1) / sa * sa;
        size = (size + sa - 1) / sa * sa + inner;
        if (sa > align) align = sa;
        return true;
    }
    return false;
}

}  // namespace

BExpr* Checker::check_sizeof(const syntax::SizeofExpr* e) {
    SourceRange r(e->loc);
    const Type* t = nullptr;
    if (e->type) {
        t = resolve_type(e->type, e->type->modifiers);
    } else {
        BExpr* op = check_expr(e->operand);
        if (!ok(op)) return error_expr(r);
        t = materialized_type(op->type);
    }
    if (!t) return error_expr(r);
    // HLSL's sizeof packs scalars at their own size and alignment (4 bytes per 32-bit component,
    // no 16-byte rows), as DXC computes it; resources and void have none.
    std::uint64_t size = 0;
    std::uint32_t align = 1;
    if (!packed_size(t, size, align, 0)) {
        report(DiagCode::type_mismatch, r, fmt::format("sizeof cannot measure '{}'.", tname(t)));
        return error_expr(r);
    }
    size = (size + align - 1) / align * align;
    auto* lit = make<BLiteral>(r);
    lit->type = scalar(ScalarKind::UInt);
    lit->value = ConstValue::of_int(std::int64_t(size));
    return lit;
}


}  // namespace oneshader::sema
