// HLSL's implicit and explicit conversions: what converts to what and at which cost (the
// overload ranking reads the cost), the nodes that make each conversion explicit in the bound
// tree, the truncation warning, the common component type of binary operands, and literal
// materialization (an unsuffixed literal with nothing to meet becomes int or float).
#include <algorithm>
#include <limits>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// Higher wins when two operand component types meet; floats outrank integers.
int rank(ScalarKind k) {
    switch (k) {
    case ScalarKind::Double: return 40;
    case ScalarKind::Float: return 30;
    case ScalarKind::Half: return 21;
    case ScalarKind::Min16Float: return 20;
    case ScalarKind::Min10Float: return 19;
    case ScalarKind::LiteralFloat: return 18;
    case ScalarKind::UInt64: return 14;
    case ScalarKind::Int64: return 13;
    case ScalarKind::UInt: return 12;
    case ScalarKind::Int: return 11;
    case ScalarKind::UInt16: return 8;
    case ScalarKind::Int16: return 7;
    case ScalarKind::Min16UInt: return 6;
    case ScalarKind::Min16Int: return 5;
    case ScalarKind::Min12Int: return 4;
    case ScalarKind::LiteralInt: return 2;
    case ScalarKind::Bool: return 1;
    }
    return 0;
}

// Cost of changing one component type, for overload ranking: 0 exact, 1 literal to its natural
// type, 2 promotion (widening in the same class, sign change), 3 conversions between classes or
// narrowing, 4 float to integer and anything involving bool.
std::uint32_t component_cost(ScalarKind from, ScalarKind to) {
    if (from == to) return 0;
    if (from == ScalarKind::LiteralInt) return to == ScalarKind::Int ? 1 : is_integer_kind(to) ? 2 : to == ScalarKind::Bool ? 4 : 3;
    if (from == ScalarKind::LiteralFloat) return to == ScalarKind::Float ? 1 : is_float_kind(to) ? 2 : 4;
    if (from == ScalarKind::Bool || to == ScalarKind::Bool) return 4;
    bool ff = is_float_kind(from), tf = is_float_kind(to);
    if (ff && tf) return rank(to) > rank(from) ? 2 : 3;
    if (!ff && !tf) return 2;
    return ff ? 4 : 3;
}

}  // namespace

const ScalarType* Checker::common_component(const ScalarType* a, const ScalarType* b) {
    if (a == b) return a;
    ScalarKind x = a->scalar, y = b->scalar;
    if (x == ScalarKind::LiteralInt && y == ScalarKind::LiteralFloat) return b;
    if (y == ScalarKind::LiteralInt && x == ScalarKind::LiteralFloat) return a;
    // A literal takes the other operand's type; a float literal meeting an integer makes a float.
    if (x == ScalarKind::LiteralInt) return y == ScalarKind::Bool ? scalar(ScalarKind::Int) : b;
    if (y == ScalarKind::LiteralInt) return x == ScalarKind::Bool ? scalar(ScalarKind::Int) : a;
    if (x == ScalarKind::LiteralFloat) return is_float_kind(y) ? b : scalar(ScalarKind::Float);
    if (y == ScalarKind::LiteralFloat) return is_float_kind(x) ? a : scalar(ScalarKind::Float);
    return rank(x) >= rank(y) ? a : b;
}

std::optional<std::uint32_t> Checker::conversion_cost(const Type* from, const Type* to) const {
    if (!from || !to) return std::nullopt;
    from = from->value_type();
    to = to->value_type();
    if (from == to) return 0u;
    if (const ResourceType* r = from->as<ResourceType>())
        return is_block_buffer(r->resource) && r->element && r->element->value_type() == to
                   ? std::optional<std::uint32_t>(1u)
                   : std::nullopt;
    if (const StructType* fs = from->as<StructType>()) {
        std::uint32_t steps = 0;
        for (const StructType* s = fs->base; s && steps < 64; s = s->base) {
            ++steps;
            if (s == to) return steps;
        }
        return std::nullopt;
    }
    if (!is_basic(from) || !is_basic(to)) return std::nullopt;
    const ScalarType* fc = component_type(from);
    const ScalarType* tc = component_type(to);
    std::uint32_t cost = component_cost(fc->scalar, tc->scalar);
    std::uint32_t fn_ = component_count(from), tn = component_count(to);
    bool f_scalar = from->is<ScalarType>(), t_scalar = to->is<ScalarType>();
    if (from->kind() == to->kind() && fn_ == tn) {
        if (from->is<MatrixType>()) {
            const MatrixType* a = from->as<MatrixType>();
            const MatrixType* b = to->as<MatrixType>();
            if (a->rows != b->rows) return std::nullopt;
        }
        return cost;
    }
    if (f_scalar) return cost + 1;  // splat
    if (t_scalar) return cost + 8;  // truncation to the first component
    if (from->is<VectorType>() && to->is<VectorType>()) {
        if (tn > fn_) return std::nullopt;
        return cost + 8;
    }
    if (from->is<MatrixType>() && to->is<MatrixType>()) {
        const MatrixType* a = from->as<MatrixType>();
        const MatrixType* b = to->as<MatrixType>();
        if (b->rows > a->rows || b->cols > a->cols) return std::nullopt;
        return cost + 8;
    }
    // vector <-> matrix: same component count (float4 <-> float2x2, float3 <-> float1x3).
    if (fn_ == tn) return cost + 2;
    if (from->is<MatrixType>() && to->is<VectorType>() && tn < fn_) {
        const MatrixType* a = from->as<MatrixType>();
        if (a->rows == 1 || a->cols == 1) return cost + 8;
    }
    return std::nullopt;
}

void Checker::warn_truncation(const Type* from, std::uint32_t kept, SourceRange where, const Type* to) {
    if (to && from->is<MatrixType>() && to->is<MatrixType>()) {
        // A swizzle cannot shrink a matrix; a cast can.
        report(DiagCode::implicit_truncation, where,
               fmt::format("'{}' is implicitly truncated to '{}'; the rest are dropped. Cast it with ({}) to make it "
                           "explicit.",
                           tname(from), tname(to), tname(to)));
        return;
    }
    report(DiagCode::implicit_truncation, where,
           fmt::format("'{}' is implicitly truncated to {} component{}; the rest are dropped. Use a swizzle such as .{} "
                       "to make it explicit.",
                       tname(from), kept, kept == 1 ? "" : "s", std::string_view("xyzw").substr(0, kept > 4 ? 4 : kept)));
}

BExpr* Checker::make_convert(BExpr* e, const Type* to, ConversionKind k, bool is_explicit) {
    auto* c = make<BConvert>(e->range);
    c->type = to;
    c->conversion = k;
    c->explicit_cast = is_explicit;
    c->operand = e;
    return c;
}

const Type* Checker::materialized_type(const Type* t) {
    const ScalarType* c = component_type(t);
    if (!c || !is_literal_kind(c->scalar)) return t;
    const ScalarType* to = scalar(c->scalar == ScalarKind::LiteralInt ? ScalarKind::Int : ScalarKind::Float);
    if (const VectorType* v = t->as<VectorType>()) return types.vector(to, v->count);
    if (const MatrixType* m = t->as<MatrixType>()) return types.matrix(to, m->rows, m->cols);
    return to;
}

BExpr* Checker::materialize(BExpr* e) {
    if (!ok(e)) return e;
    const ScalarType* c = component_type(e->type);
    if (!c || !is_literal_kind(c->scalar)) return e;
    const Type* to = materialized_type(e->type);
    // An integer literal that does not fit 32 bits keeps its value as a 64-bit integer.
    if (c->scalar == ScalarKind::LiteralInt && e->kind == BExprKind::Literal) {
        std::int64_t v = static_cast<BLiteral*>(e)->value.i;
        if (v > std::int64_t(std::numeric_limits<std::uint32_t>::max()) || v < std::int64_t(std::numeric_limits<std::int32_t>::min()))
            to = scalar(ScalarKind::Int64);
        else if (v > std::int64_t(std::numeric_limits<std::int32_t>::max()))
            to = scalar(ScalarKind::UInt);
    }
    return make_convert(e, to, ConversionKind::LiteralToConcrete, false);
}

BExpr* Checker::convert(BExpr* e, const Type* to, ConvertWhy why) {
    if (!ok(e) || !to) return e;
    if (untyped_heap(e) != DescriptorHeap::None) return type_heap_read(e, to);
    const Type* from = e->type;
    if (from->value_type() == to->value_type()) return e;
    auto fail = [&]() -> BExpr* {
        const char* what = "";
        switch (why) {
        case ConvertWhy::Assign: what = " in this assignment"; break;
        case ConvertWhy::Init: what = " to initialize it"; break;
        case ConvertWhy::Argument: what = " for this argument"; break;
        case ConvertWhy::Return: what = " as the return value"; break;
        case ConvertWhy::Condition: what = " as a condition"; break;
        case ConvertWhy::Operand: what = " as an operand"; break;
        case ConvertWhy::Index: what = " as an index"; break;
        }
        report(DiagCode::type_mismatch, e->range,
               fmt::format("Cannot convert '{}' to '{}'{}. Convert the value explicitly or change the type.",
                           tname(from), tname(to), what));
        return error_expr(e->range);
    };
    if (from->is<ResourceType>()) {
        if (!conversion_cost(from, to)) return fail();
        BExpr* c = make_convert(e, from->as<ResourceType>()->element, ConversionKind::BlockValue, false);
        c->lvalue = true;  // the block can be read by reference, but not written
        return c;
    }
    if (const StructType* fs = from->as<StructType>()) {
        if (!conversion_cost(from, to)) return fail();
        BExpr* cur = e;
        for (const StructType* s = fs->base; s; s = s->base) {
            auto* b = make<BBaseCast>(e->range);
            b->type = s;
            b->operand = cur;
            b->lvalue = cur->lvalue;
            b->assignable = cur->assignable;
            cur = b;
            if (s == to->value_type()) break;
        }
        return cur;
    }
    if (!is_basic(from) || !is_basic(to) || !conversion_cost(from, to)) return fail();
    const Type* tv = to->value_type();
    const ScalarType* fc = component_type(from);
    const ScalarType* tc = component_type(tv);
    std::uint32_t fn_ = component_count(from), tn = component_count(tv);
    BExpr* cur = e;
    // Shrink first (fewer components to convert), then change components, then widen/reshape.
    if (tn < fn_) {
        if (why != ConvertWhy::Condition || fn_ > 1) warn_truncation(from, tn, e->range, tv);
        const Type* shrunk = tv->is<ScalarType>() ? static_cast<const Type*>(fc)
                             : tv->is<VectorType>() ? static_cast<const Type*>(types.vector(fc, tn))
                                                    : types.matrix(fc, tv->as<MatrixType>()->rows, tv->as<MatrixType>()->cols);
        if (from->is<MatrixType>() && tv->is<VectorType>()) {
            cur = make_convert(cur, types.vector(fc, fn_), ConversionKind::MatrixToVector, false);
            cur = make_convert(cur, shrunk, ConversionKind::Truncate, false);
        } else {
            cur = make_convert(cur, shrunk, ConversionKind::Truncate, false);
        }
        fn_ = tn;
    }
    if (fc != tc) {
        const Type* same_shape = cur->type->is<ScalarType>() ? static_cast<const Type*>(tc)
                                 : cur->type->is<VectorType>()
                                     ? static_cast<const Type*>(types.vector(tc, cur->type->as<VectorType>()->count))
                                     : types.matrix(tc, cur->type->as<MatrixType>()->rows, cur->type->as<MatrixType>()->cols);
        cur = make_convert(cur, same_shape, is_literal_kind(fc->scalar) ? ConversionKind::LiteralToConcrete : ConversionKind::Components,
                           false);
    }
    if (cur->type->value_type() != tv) {
        ConversionKind k = cur->type->is<ScalarType>()                                  ? ConversionKind::Splat
                           : cur->type->is<VectorType>() && tv->is<MatrixType>()      ? ConversionKind::VectorToMatrix
                           : cur->type->is<MatrixType>() && tv->is<VectorType>()      ? ConversionKind::MatrixToVector
                                                                                        : ConversionKind::Splat;
        cur = make_convert(cur, tv, k, false);
    }
    return cur;
}

BExpr* Checker::explicit_cast(BExpr* e, const Type* to, SourceRange range) {
    if (!ok(e) || !to) return e;
    if (untyped_heap(e) != DescriptorHeap::None) return type_heap_read(e, to);
    const Type* from = e->type;
    if (from->value_type() == to->value_type()) {
        BExpr* c = make_convert(e, to, ConversionKind::Components, true);
        c->range = range;
        return c;
    }
    // Explicit casts may truncate without a warning.
    if (is_basic(from) && is_basic(to) && conversion_cost(from, to)) {
        const Type* fv = from->value_type();
        const ScalarType* fc = component_type(fv);
        std::uint32_t tn = component_count(to);
        BExpr* cur = e;
        if (tn < component_count(fv)) {
            const Type* shrunk = to->is<ScalarType>()   ? static_cast<const Type*>(fc)
                                 : to->is<VectorType>() ? static_cast<const Type*>(types.vector(fc, tn))
                                                        : types.matrix(fc, to->as<MatrixType>()->rows, to->as<MatrixType>()->cols);
            if (fv->is<MatrixType>() && to->is<VectorType>()) {
                cur = make_convert(cur, types.vector(fc, component_count(fv)), ConversionKind::MatrixToVector, true);
            }
            cur = make_convert(cur, shrunk, ConversionKind::Truncate, true);
        }
        BExpr* r = convert(cur, to, ConvertWhy::Operand);
        if (ok(r) && r != cur) {
            for (BExpr* n = r; n && n->kind == BExprKind::Convert && n != cur; n = static_cast<BConvert*>(n)->operand)
                static_cast<BConvert*>(n)->explicit_cast = true;
        }
        return r;
    }
    if (from->is<StructType>() && conversion_cost(from, to)) return convert(e, to, ConvertWhy::Operand);
    // Flat casts: `(S)0` fills every scalar of S; `(float4)s` takes the first four scalars of s.
    std::uint32_t fcount = flattened_scalar_count(from), tcount = flattened_scalar_count(to);
    bool from_ok = fcount > 0 && !contains_resource(from);
    bool to_ok = tcount > 0 && !contains_resource(to);
    bool splat = is_basic(from) && component_count(from) == 1;
    if (from_ok && to_ok && !splat && std::max(fcount, tcount) > kMaxFlatScalars) {
        report(DiagCode::invalid_cast, range,
               fmt::format("Cannot cast '{}' to '{}': a cast between aggregates copies scalar by scalar, at most {}. "
                           "Copy the members that are needed instead.",
                           tname(from), tname(to), kMaxFlatScalars));
        return error_expr(range);
    }
    if (from_ok && to_ok && (splat || fcount >= tcount)) {
        BExpr* c = make_convert(materialize(e), to, ConversionKind::Flat, true);
        c->range = range;
        return c;
    }
    report(DiagCode::invalid_cast, range,
           fmt::format("Cannot cast '{}' to '{}'{}.", tname(from), tname(to),
                       from_ok && to_ok ? ": the value has fewer components than the target" : ""));
    return error_expr(range);
}

BExpr* Checker::condition(BExpr* e) {
    if (!ok(e)) return e;
    if (!is_basic(e->type)) {
        report(DiagCode::type_mismatch, e->range,
               fmt::format("A condition must be a bool or numeric scalar, not '{}'.", tname(e->type)));
        return error_expr(e->range);
    }
    if (component_count(e->type) != 1) {
        report(DiagCode::type_mismatch, e->range,
               fmt::format("A condition must be a scalar, not '{}'. Use any() or all() to reduce a vector.",
                           tname(e->type)));
        return error_expr(e->range);
    }
    return convert(e, scalar(ScalarKind::Bool), ConvertWhy::Condition);
}

}  // namespace oneshader::sema
