// Constant evaluation over the bound tree: literals, enumerators, static consts with constant
// initializers, template value parameters, operators, conversions and ?:. Integer arithmetic is
// done in 64 bits and wrapped to the result type's width; unsuffixed float literals stay double.
// A specialization constant is a constant to the shader but not to the compiler: results that use
// one are marked, and places that need the value now (array sizes, numthreads, case labels)
// report OSH0310.
#include <cmath>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// Wraps an integer to the width and signedness of `t`'s component type.
ConstValue fit(ConstValue v, const Type* t) {
    const ScalarType* c = component_type(t);
    if (!c) return v;
    if (c->scalar == ScalarKind::Bool) return ConstValue::of_bool(v.as_bool());
    if (is_float_kind(c->scalar)) {
        double f = v.as_float();
        if (c->scalar == ScalarKind::Float || (c->scalar != ScalarKind::Double && c->scalar != ScalarKind::LiteralFloat))
            f = double(float(f));
        return ConstValue::of_float(f);
    }
    std::int64_t i = 0;
    if (v.kind == ConstValue::Kind::Float) {
        double f = v.f;
        if (std::isnan(f)) i = 0;
        else if (f >= 9.2e18) i = INT64_MAX;
        else if (f <= -9.2e18) i = INT64_MIN;
        else i = std::int64_t(f);
    } else {
        i = v.as_int();
    }
    if (c->bits == 16 && !is_literal_kind(c->scalar)) {
        i = is_signed_kind(c->scalar) ? std::int64_t(std::int16_t(i)) : std::int64_t(std::uint16_t(i));
    } else if (c->bits == 32 && !is_literal_kind(c->scalar)) {
        i = is_signed_kind(c->scalar) ? std::int64_t(std::int32_t(i)) : std::int64_t(std::uint32_t(i));
    }
    return ConstValue::of_int(i);
}

bool unsigned_type(const Type* t) {
    const ScalarType* c = component_type(t);
    return c && is_integer_kind(c->scalar) && !is_signed_kind(c->scalar);
}

}  // namespace

Checker::ConstResult Checker::const_eval(const BExpr* e) {
    ConstResult r;
    if (!ok(e) || !is_basic(e->type) || component_count(e->type) != 1) {
        // Only scalars have a ConstValue; a one-component swizzle of a scalar constant is handled below.
        if (!(ok(e) && e->kind == BExprKind::Swizzle && component_count(e->type) == 1)) return r;
    }
    switch (e->kind) {
    case BExprKind::Literal: r.value = static_cast<const BLiteral*>(e)->value; return r;
    case BExprKind::VarRef: {
        const Variable* v = static_cast<const BVarRef*>(e)->var;
        if (v->storage == StorageClass::SpecConstant) {
            r.uses_spec_constant = true;
            for (const SpecConstant& sc : spec_constants)
                if (sc.var == v) r.value = sc.default_value;
            return r;
        }
        if (v->const_value) r.value = v->const_value;
        return r;
    }
    case BExprKind::Swizzle: {
        const auto* s = static_cast<const BSwizzle*>(e);
        if (s->base->type->is<ScalarType>()) return const_eval(s->base);
        return r;
    }
    case BExprKind::Convert: {
        const auto* c = static_cast<const BConvert*>(e);
        if (!is_basic(c->operand->type) || component_count(c->operand->type) != 1) return r;
        r = const_eval(c->operand);
        if (r.value) r.value = fit(*r.value, e->type);
        return r;
    }
    case BExprKind::Comma: return const_eval(static_cast<const BComma*>(e)->rhs);
    case BExprKind::Conditional: {
        const auto* c = static_cast<const BConditional*>(e);
        ConstResult cond = const_eval(c->cond);
        if (!cond.value) return r;
        r = const_eval(cond.value->as_bool() ? c->then_expr : c->else_expr);
        r.uses_spec_constant = r.uses_spec_constant || cond.uses_spec_constant;
        return r;
    }
    case BExprKind::Unary: {
        const auto* u = static_cast<const BUnary*>(e);
        r = const_eval(u->operand);
        if (!r.value) return r;
        ConstValue v = *r.value;
        switch (u->op) {
        case UnaryOp::Plus: break;
        case UnaryOp::Negate: v = v.kind == ConstValue::Kind::Float ? ConstValue::of_float(-v.f) : ConstValue::of_int(-v.as_int()); break;
        case UnaryOp::LogicalNot: v = ConstValue::of_bool(!v.as_bool()); break;
        case UnaryOp::BitNot: v = ConstValue::of_int(~v.as_int()); break;
        }
        r.value = fit(v, e->type);
        return r;
    }
    case BExprKind::Binary: {
        const auto* b = static_cast<const BBinary*>(e);
        ConstResult l = const_eval(b->lhs);
        ConstResult rr = const_eval(b->rhs);
        r.uses_spec_constant = l.uses_spec_constant || rr.uses_spec_constant;
        if (!l.value || !rr.value) return r;
        ConstValue x = *l.value, y = *rr.value;
        const Type* ot = b->lhs->type;
        bool is_f = is_float(ot) || (component_type(ot) && component_type(ot)->scalar == ScalarKind::LiteralFloat);
        bool uns = unsigned_type(ot);
        auto as_u = [&](const ConstValue& v) {
            std::uint64_t u = std::uint64_t(v.as_int());
            const ScalarType* c = component_type(ot);
            if (c && c->bits == 32 && !is_literal_kind(c->scalar)) u &= 0xFFFFFFFFu;
            return u;
        };
        std::optional<ConstValue> out;
        switch (b->op) {
        case BinaryOp::LogicalAnd: out = ConstValue::of_bool(x.as_bool() && y.as_bool()); break;
        case BinaryOp::LogicalOr: out = ConstValue::of_bool(x.as_bool() || y.as_bool()); break;
        case BinaryOp::Eq: out = ConstValue::of_bool(is_f ? x.as_float() == y.as_float() : x.as_int() == y.as_int()); break;
        case BinaryOp::Ne: out = ConstValue::of_bool(is_f ? x.as_float() != y.as_float() : x.as_int() != y.as_int()); break;
        case BinaryOp::Lt: out = ConstValue::of_bool(is_f ? x.as_float() < y.as_float() : uns ? as_u(x) < as_u(y) : x.as_int() < y.as_int()); break;
        case BinaryOp::Le: out = ConstValue::of_bool(is_f ? x.as_float() <= y.as_float() : uns ? as_u(x) <= as_u(y) : x.as_int() <= y.as_int()); break;
        case BinaryOp::Gt: out = ConstValue::of_bool(is_f ? x.as_float() > y.as_float() : uns ? as_u(x) > as_u(y) : x.as_int() > y.as_int()); break;
        case BinaryOp::Ge: out = ConstValue::of_bool(is_f ? x.as_float() >= y.as_float() : uns ? as_u(x) >= as_u(y) : x.as_int() >= y.as_int()); break;
        case BinaryOp::Add: out = is_f ? ConstValue::of_float(x.as_float() + y.as_float()) : ConstValue::of_int(std::int64_t(std::uint64_t(x.as_int()) + std::uint64_t(y.as_int()))); break;
        case BinaryOp::Sub: out = is_f ? ConstValue::of_float(x.as_float() - y.as_float()) : ConstValue::of_int(std::int64_t(std::uint64_t(x.as_int()) - std::uint64_t(y.as_int()))); break;
        case BinaryOp::Mul: out = is_f ? ConstValue::of_float(x.as_float() * y.as_float()) : ConstValue::of_int(std::int64_t(std::uint64_t(x.as_int()) * std::uint64_t(y.as_int()))); break;
        case BinaryOp::Div:
            if (is_f) out = ConstValue::of_float(x.as_float() / y.as_float());
            else if (y.as_int() == 0) return r;  // left to run time (and to the backends' rules)
            else if (uns) out = ConstValue::of_int(std::int64_t(as_u(x) / as_u(y)));
            else if (x.as_int() == INT64_MIN && y.as_int() == -1) return r;
            else out = ConstValue::of_int(x.as_int() / y.as_int());
            break;
        case BinaryOp::Rem:
            if (is_f) out = ConstValue::of_float(std::fmod(x.as_float(), y.as_float()));
            else if (y.as_int() == 0) return r;
            else if (uns) out = ConstValue::of_int(std::int64_t(as_u(x) % as_u(y)));
            else if (x.as_int() == INT64_MIN && y.as_int() == -1) return r;
            else out = ConstValue::of_int(x.as_int() % y.as_int());
            break;
        case BinaryOp::Shl: out = ConstValue::of_int(std::int64_t(std::uint64_t(x.as_int()) << (y.as_int() & 63))); break;
        case BinaryOp::Shr: out = uns ? ConstValue::of_int(std::int64_t(as_u(x) >> (y.as_int() & 63))) : ConstValue::of_int(x.as_int() >> (y.as_int() & 63)); break;
        case BinaryOp::BitAnd: out = ConstValue::of_int(x.as_int() & y.as_int()); break;
        case BinaryOp::BitOr: out = ConstValue::of_int(x.as_int() | y.as_int()); break;
        case BinaryOp::BitXor: out = ConstValue::of_int(x.as_int() ^ y.as_int()); break;
        }
        if (out) r.value = fit(*out, e->type);
        return r;
    }
    default: return r;
    }
}

std::optional<std::int64_t> Checker::integer_constant(const syntax::Expr* e, std::string_view what) {
    if (!e) return std::nullopt;
    BExpr* b = check_expr(e);
    if (!ok(b)) return std::nullopt;
    std::string subject(what);
    if (!subject.empty() && subject[0] >= 'a' && subject[0] <= 'z') subject[0] = char(subject[0] - 'a' + 'A');
    if (!is_basic(b->type) || component_count(b->type) != 1 || is_float(b->type) ||
        component_type(b->type)->scalar == ScalarKind::LiteralFloat) {
        report(DiagCode::not_constant, SourceRange(e->loc),
               fmt::format("{} must be an integer constant, not '{}'.", subject, tname(b->type)));
        return std::nullopt;
    }
    ConstResult c = const_eval(b);
    if (c.uses_spec_constant) {
        report(DiagCode::not_constant, SourceRange(e->loc),
               fmt::format("{} must be an integer constant. It uses a specialization constant, whose value is only "
                           "known when the pipeline is created: use a literal or a 'static const' there, or choose "
                           "the value with a #define.",
                           subject));
        return std::nullopt;
    }
    if (!c.value) {
        report(DiagCode::not_constant, SourceRange(e->loc),
               fmt::format("{} must be an integer constant known at compile time: use a literal, a 'static const' "
                           "with a constant initializer, or a #define.",
                           subject));
        return std::nullopt;
    }
    return c.value->as_int();
}

}  // namespace oneshader::sema
