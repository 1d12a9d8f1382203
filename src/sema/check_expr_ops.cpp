// Operators: unary, binary (arithmetic, bitwise, shifts, comparisons, HLSL 2021's scalar-only
// && and ||), assignment and compound assignment, ++/--, the comma and ?: (scalar conditions
// only in HLSL 2021). Operand shapes follow HLSL: a scalar splats, the larger of two vectors is
// truncated with a warning; literal-only operations are folded at 64-bit/double precision.
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

std::optional<BinaryOp> binary_op(syntax::TokenKind k) {
    using syntax::TokenKind;
    switch (k) {
    case TokenKind::Plus: case TokenKind::PlusEqual: return BinaryOp::Add;
    case TokenKind::Minus: case TokenKind::MinusEqual: return BinaryOp::Sub;
    case TokenKind::Star: case TokenKind::StarEqual: return BinaryOp::Mul;
    case TokenKind::Slash: case TokenKind::SlashEqual: return BinaryOp::Div;
    case TokenKind::Percent: case TokenKind::PercentEqual: return BinaryOp::Rem;
    case TokenKind::LessLess: case TokenKind::LessLessEqual: return BinaryOp::Shl;
    case TokenKind::GreaterGreater: case TokenKind::GreaterGreaterEqual: return BinaryOp::Shr;
    case TokenKind::Amp: case TokenKind::AmpEqual: return BinaryOp::BitAnd;
    case TokenKind::Pipe: case TokenKind::PipeEqual: return BinaryOp::BitOr;
    case TokenKind::Caret: case TokenKind::CaretEqual: return BinaryOp::BitXor;
    case TokenKind::AmpAmp: return BinaryOp::LogicalAnd;
    case TokenKind::PipePipe: return BinaryOp::LogicalOr;
    case TokenKind::EqualEqual: return BinaryOp::Eq;
    case TokenKind::BangEqual: return BinaryOp::Ne;
    case TokenKind::Less: return BinaryOp::Lt;
    case TokenKind::LessEqual: return BinaryOp::Le;
    case TokenKind::Greater: return BinaryOp::Gt;
    case TokenKind::GreaterEqual: return BinaryOp::Ge;
    default: return std::nullopt;
    }
}

bool is_compound(syntax::TokenKind k) {
    using syntax::TokenKind;
    switch (k) {
    case TokenKind::PlusEqual: case TokenKind::MinusEqual: case TokenKind::StarEqual: case TokenKind::SlashEqual:
    case TokenKind::PercentEqual: case TokenKind::LessLessEqual: case TokenKind::GreaterGreaterEqual:
    case TokenKind::AmpEqual: case TokenKind::PipeEqual: case TokenKind::CaretEqual: return true;
    default: return false;
    }
}

bool is_comparison(BinaryOp op) { return op >= BinaryOp::Eq; }
bool is_bitwise(BinaryOp op) { return op >= BinaryOp::Shl && op <= BinaryOp::BitXor; }

}  // namespace

// The shape both operands take: scalars splat to the other's shape; two vectors or two matrices
// of different sizes meet at the smaller one (the caller warns through convert()).
static const Type* operand_shape(TypeContext& types, const Type* a, const Type* b, const ScalarType* c, bool& ok_shape) {
    ok_shape = true;
    bool as = a->is<ScalarType>() || (a->is<VectorType>() && a->as<VectorType>()->count == 1);
    bool bs = b->is<ScalarType>() || (b->is<VectorType>() && b->as<VectorType>()->count == 1);
    auto reshape = [&](const Type* t) -> const Type* {
        if (t->is<ScalarType>()) return c;
        if (const VectorType* v = t->as<VectorType>()) return types.vector(c, v->count);
        const MatrixType* m = t->as<MatrixType>();
        return types.matrix(c, m->rows, m->cols);
    };
    if (as && bs) return a->is<VectorType>() && b->is<VectorType>() ? reshape(a) : c;
    if (as) return reshape(b);
    if (bs) return reshape(a);
    if (a->is<VectorType>() && b->is<VectorType>())
        return types.vector(c, std::min(a->as<VectorType>()->count, b->as<VectorType>()->count));
    if (a->is<MatrixType>() && b->is<MatrixType>()) {
        const MatrixType* x = a->as<MatrixType>();
        const MatrixType* y = b->as<MatrixType>();
        return types.matrix(c, std::min(x->rows, y->rows), std::min(x->cols, y->cols));
    }
    // A vector meets a matrix: only when the matrix is one row or column, or the counts match.
    const VectorType* v = a->is<VectorType>() ? a->as<VectorType>() : b->as<VectorType>();
    const MatrixType* m = a->is<MatrixType>() ? a->as<MatrixType>() : b->as<MatrixType>();
    if (m->rows == 1 || m->cols == 1) return types.vector(c, std::min<std::uint32_t>(v->count, m->rows * m->cols));
    if (std::uint32_t(m->rows) * m->cols == v->count) return reshape(a);
    ok_shape = false;
    return nullptr;
}

BExpr* Checker::build_binary(BinaryOp op, BExpr* l, BExpr* r, SourceRange range, const Type** operand_type) {
    if (!ok(l) || !ok(r)) return error_expr(range);
    if (!is_basic(l->type) || !is_basic(r->type)) {
        report(DiagCode::invalid_operands, range,
               fmt::format("This operator cannot be applied to '{}' and '{}'.", tname(l->type), tname(r->type)));
        return error_expr(range);
    }
    if (op == BinaryOp::LogicalAnd || op == BinaryOp::LogicalOr) {
        if (component_count(l->type) != 1 || component_count(r->type) != 1) {
            report(DiagCode::vector_logical_operator, range,
                   fmt::format("In HLSL 2021 '{}' only takes scalars. Use {}(a, b) for vectors.",
                               op == BinaryOp::LogicalAnd ? "&&" : "||", op == BinaryOp::LogicalAnd ? "and" : "or"));
            return error_expr(range);
        }
        auto* b = make<BBinary>(range);
        b->op = op;
        b->lhs = condition(l);
        b->rhs = condition(r);
        b->type = scalar(ScalarKind::Bool);
        if (operand_type) *operand_type = b->type;
        if (!ok(b->lhs) || !ok(b->rhs)) return error_expr(range);
        return b;
    }
    const ScalarType* lc = component_type(l->type);
    const ScalarType* rc = component_type(r->type);
    const ScalarType* c = nullptr;
    if (op == BinaryOp::Shl || op == BinaryOp::Shr) {
        c = lc;
        if (c->scalar == ScalarKind::LiteralInt && rc->scalar != ScalarKind::LiteralInt) c = common_component(lc, rc);
    } else {
        c = common_component(lc, rc);
    }
    if (!is_comparison(op) && c->scalar == ScalarKind::Bool) c = scalar(ScalarKind::Int);
    if (is_bitwise(op)) {
        if (c->scalar == ScalarKind::LiteralFloat || !is_integer_kind(c->scalar)) {
            report(DiagCode::invalid_operands, range,
                   fmt::format("Bitwise operators and shifts need integer operands, not '{}' and '{}'. Use asuint() "
                               "to work on the bits of a float.",
                               tname(l->type), tname(r->type)));
            return error_expr(range);
        }
    }
    bool shape_ok = true;
    const Type* shape = operand_shape(types, l->type, r->type, c, shape_ok);
    if (!shape_ok) {
        report(DiagCode::invalid_operands, range,
               fmt::format("'{}' and '{}' have incompatible shapes for this operator. Use mul() for matrix "
                           "products.",
                           tname(l->type), tname(r->type)));
        return error_expr(range);
    }
    auto* b = make<BBinary>(range);
    b->op = op;
    b->lhs = convert(l, shape, ConvertWhy::Operand);
    b->rhs = convert(r, shape, ConvertWhy::Operand);
    if (!ok(b->lhs) || !ok(b->rhs)) return error_expr(range);
    if (is_comparison(op)) {
        if (const VectorType* v = shape->as<VectorType>()) b->type = types.vector(ScalarKind::Bool, v->count);
        else if (const MatrixType* m = shape->as<MatrixType>()) b->type = types.matrix(ScalarKind::Bool, m->rows, m->cols);
        else b->type = scalar(ScalarKind::Bool);
    } else {
        b->type = shape;
    }
    if (operand_type) *operand_type = shape;
    // Literal-only arithmetic is done now, in 64 bits or double precision, as DXC does.
    if (is_literal_kind(c->scalar)) {
        ConstResult cv = const_eval(b);
        if (cv.value) {
            auto* lit = make<BLiteral>(range);
            lit->type = b->type;
            lit->value = *cv.value;
            return lit;
        }
        // Not constant (cannot happen for literal operands); fall back to concrete types.
        b->lhs = materialize(b->lhs);
        b->rhs = materialize(b->rhs);
        b->type = materialized_type(b->type);
    }
    return b;
}

BExpr* Checker::check_binary(const syntax::BinaryExpr* e) {
    SourceRange range(e->loc);
    if (e->op == syntax::TokenKind::Equal || is_compound(e->op)) return check_assign(e);
    if (e->op == syntax::TokenKind::Comma) {
        auto* c = make<BComma>(range);
        c->lhs = check_expr(e->lhs);
        c->rhs = check_expr(e->rhs);
        if (!ok(c->rhs)) return error_expr(range);
        c->type = c->rhs->type;
        return c;
    }
    std::optional<BinaryOp> op = binary_op(e->op);
    BExpr* l = check_expr(e->lhs);
    BExpr* r = check_expr(e->rhs);
    // Operator errors point at the operator itself.
    range = SourceRange(e->op_loc.valid() ? e->op_loc : e->loc);
    if (!op) {
        report(DiagCode::invalid_operands, range, "This operator is not supported in HLSL.");
        return error_expr(range);
    }
    if (ok(l) && l->type->is<StructType>()) {
        // A user operator of the left operand's struct (HLSL 2021 operator overloading).
        std::string name = fmt::format("operator{}", syntax::token_kind_spelling(e->op));
        BExpr* args[] = {r};
        bool found = false;
        BExpr* call = call_operator(intern(name), l, std::span<BExpr*>(args, 1), range, &found);
        if (found) return call;
    }
    return build_binary(*op, l, r, range, nullptr);
}

BExpr* Checker::check_assign(const syntax::BinaryExpr* e) {
    SourceRange range(e->loc);
    BExpr* target = check_expr(e->lhs);
    BExpr* value = check_expr(e->rhs);
    if (!ok(target) || !ok(value)) return error_expr(range);
    if (!target->assignable) {
        report(DiagCode::not_assignable, target->range,
               target->lvalue ? fmt::format("This '{}' is read-only here (a constant, a cbuffer member, a read-only "
                                            "resource or an input). Copy it to a local variable to change it.",
                                            tname(target->type))
                              : std::string("The left side of an assignment must be a variable, a member or an element. "
                                            "Assign to a variable instead."));
        return error_expr(range);
    }
    auto* a = make<BAssign>(range);
    a->target = target;
    a->type = target->type;
    if (e->op == syntax::TokenKind::Equal) {
        a->value = convert(value, target->type, ConvertWhy::Assign);
        if (!ok(a->value)) return error_expr(range);
        return a;
    }
    std::optional<BinaryOp> op = binary_op(e->op);
    const Type* operand = nullptr;
    BExpr* bin = build_binary(*op, target, value, range, &operand);
    if (!ok(bin) || bin->kind != BExprKind::Binary) return error_expr(range);
    // The result goes back into the target: report if that truncates or cannot convert.
    BExpr* back = convert(bin, target->type, ConvertWhy::Assign);
    if (!ok(back)) return error_expr(range);
    a->compound = true;
    a->op = *op;
    a->operand_type = operand;
    a->value = static_cast<BBinary*>(bin)->rhs;
    return a;
}

BExpr* Checker::check_unary(const syntax::UnaryExpr* e) {
    SourceRange range(e->loc);
    BExpr* x = check_expr(e->operand);
    if (!ok(x)) return error_expr(range);
    using syntax::TokenKind;
    if (e->op == TokenKind::PlusPlus || e->op == TokenKind::MinusMinus) {
        if (!x->assignable) {
            report(DiagCode::not_assignable, range,
                   "++ and -- need a variable that can be written. Copy the value to a local variable first.");
            return error_expr(range);
        }
        if (!is_numeric(x->type)) {
            report(DiagCode::invalid_operands, range,
                   fmt::format("++ and -- need a numeric value, not '{}'.", tname(x->type)));
            return error_expr(range);
        }
        auto* n = make<BIncDec>(range);
        n->target = x;
        n->increment = e->op == TokenKind::PlusPlus;
        n->postfix = e->postfix;
        n->type = x->type;
        return n;
    }
    if (x->type->is<StructType>()) {
        // A member `operator-()` (or `+`, `!`, `~`) with no parameter: HLSL 2021 overloading.
        bool found = false;
        std::string name = fmt::format("operator{}", syntax::token_kind_spelling(e->op));
        BExpr* call = call_operator(intern(name), x, {}, range, &found);
        if (found) return call;
    }
    if (!is_basic(x->type)) {
        report(DiagCode::invalid_operands, range,
               fmt::format("This operator cannot be applied to '{}'.", tname(x->type)));
        return error_expr(range);
    }
    auto* u = make<BUnary>(range);
    const ScalarType* c = component_type(x->type);
    switch (e->op) {
    case TokenKind::Minus:
    case TokenKind::Plus:
        u->op = e->op == TokenKind::Minus ? UnaryOp::Negate : UnaryOp::Plus;
        if (c->scalar == ScalarKind::Bool) {
            const Type* to = x->type->is<ScalarType>() ? static_cast<const Type*>(scalar(ScalarKind::Int))
                             : x->type->is<VectorType>()
                                 ? static_cast<const Type*>(types.vector(ScalarKind::Int, x->type->as<VectorType>()->count))
                                 : types.matrix(ScalarKind::Int, x->type->as<MatrixType>()->rows, x->type->as<MatrixType>()->cols);
            x = convert(x, to, ConvertWhy::Operand);
        }
        break;
    case TokenKind::Bang: {
        u->op = UnaryOp::LogicalNot;
        const Type* to = x->type->is<ScalarType>() ? static_cast<const Type*>(scalar(ScalarKind::Bool))
                         : x->type->is<VectorType>()
                             ? static_cast<const Type*>(types.vector(ScalarKind::Bool, x->type->as<VectorType>()->count))
                             : types.matrix(ScalarKind::Bool, x->type->as<MatrixType>()->rows, x->type->as<MatrixType>()->cols);
        x = convert(x, to, ConvertWhy::Operand);
        break;
    }
    case TokenKind::Tilde:
        u->op = UnaryOp::BitNot;
        if (!is_integer_kind(c->scalar)) {
            report(DiagCode::invalid_operands, range,
                   fmt::format("'~' needs an integer operand, not '{}'.", tname(x->type)));
            return error_expr(range);
        }
        break;
    default:
        report(DiagCode::invalid_operands, range, "This unary operator is not supported in HLSL.");
        return error_expr(range);
    }
    u->operand = x;
    u->type = x->type;
    if (is_literal_kind(component_type(x->type)->scalar)) {
        ConstResult cv = const_eval(u);
        if (cv.value) {
            auto* lit = make<BLiteral>(range);
            lit->type = u->type;
            lit->value = *cv.value;
            return lit;
        }
    }
    return u;
}

BExpr* Checker::check_conditional(const syntax::ConditionalExpr* e) {
    SourceRange range(e->loc);
    BExpr* c = check_expr(e->cond);
    BExpr* a = check_expr(e->then_expr);
    BExpr* b = check_expr(e->else_expr);
    if (!ok(c) || !ok(a) || !ok(b)) return error_expr(range);
    if (is_basic(c->type) && component_count(c->type) > 1) {
        report(DiagCode::vector_logical_operator, c->range,
               "In HLSL 2021 '?:' needs a scalar condition. Use select(cond, a, b) for vectors.");
        return error_expr(range);
    }
    c = condition(c);
    if (!ok(c)) return error_expr(range);
    auto* n = make<BConditional>(range);
    n->cond = c;
    if (a->type->value_type() == b->type->value_type()) {
        n->type = a->type->value_type();
    } else if (is_basic(a->type) && is_basic(b->type)) {
        const ScalarType* comp = common_component(component_type(a->type), component_type(b->type));
        bool shape_ok = true;
        const Type* shape = operand_shape(types, a->type, b->type, comp, shape_ok);
        if (!shape_ok) {
            report(DiagCode::type_mismatch, range,
                   fmt::format("The branches of '?:' have incompatible types '{}' and '{}'.", tname(a->type), tname(b->type)));
            return error_expr(range);
        }
        n->type = shape;
    } else if (conversion_cost(a->type, b->type)) {
        n->type = b->type;
    } else if (conversion_cost(b->type, a->type)) {
        n->type = a->type;
    } else {
        report(DiagCode::type_mismatch, range,
               fmt::format("The branches of '?:' have incompatible types '{}' and '{}'.", tname(a->type), tname(b->type)));
        return error_expr(range);
    }
    n->then_expr = convert(a, n->type, ConvertWhy::Operand);
    n->else_expr = convert(b, n->type, ConvertWhy::Operand);
    if (is_basic(n->type) && is_literal_kind(component_type(n->type)->scalar)) {
        ConstResult cv = const_eval(n);
        if (cv.value) {
            auto* lit = make<BLiteral>(range);
            lit->type = n->type;
            lit->value = *cv.value;
            return lit;
        }
        n->then_expr = materialize(n->then_expr);
        n->else_expr = materialize(n->else_expr);
        n->type = materialized_type(n->type);
    }
    return n;
}

}  // namespace oneshader::sema
