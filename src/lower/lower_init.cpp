// HLSL's flat initializer rules and constants. An initializer list (and a constructor, and a cast
// between aggregates) is a run of scalars: every element is flattened (vectors by component,
// matrices by row, arrays by element, structs base first) and the target is rebuilt from them in
// order, each converted to its slot's type. Initializers made only of literals, constructions and
// conversions of them fold to IR constants, so statics whose initializers fold are plain
// initialized globals and only the rest run in init_globals.
#include <bit>
#include <cmath>

#include "ir/type_rules.hpp"
#include "lower/lowerer.hpp"

namespace oneshader::lower {

namespace {

constexpr int kMaxDepth = 64;

// A constant scalar converted to the component type `to`, as a GPU converts it: floats to
// integers truncate, integers wrap to their width, floats round to their precision.
sema::ConstValue convert_const(const sema::ConstValue& v, const sema::ScalarType* to) {
    if (to->scalar == sema::ScalarKind::Bool) return sema::ConstValue::of_bool(v.as_bool());
    if (sema::is_float_kind(to->scalar)) {
        double f = v.as_float();
        if (to->bits == 32) f = double(float(f));
        return sema::ConstValue::of_float(f);
    }
    std::int64_t i = v.as_int();
    if (to->bits == 32) i = sema::is_signed_kind(to->scalar) ? std::int64_t(std::int32_t(i)) : std::int64_t(std::uint32_t(i));
    else if (to->bits == 16) i = sema::is_signed_kind(to->scalar) ? std::int64_t(std::int16_t(i)) : std::int64_t(std::uint16_t(i));
    return sema::ConstValue::of_int(i);
}

}  // namespace

ir::Value* Lowerer::init_list(const sema::BInitList* e) {
    const Type* t = concrete(e->type);
    // A list holding resources carries their references through, one slot each.
    bool refs = sema::contains_resource(e->type);
    if (!refs)
        if (ir::Constant* c = constant_of(e, t)) return c;
    ValueList scalars;
    for (const BExpr* el : e->elements) flatten(rvalue(el), scalars, 0, refs);
    std::size_t next = 0;
    return build(t, scalars, next);
}

void Lowerer::flatten(ir::Value* v, ValueList& out, int depth, bool refs) {
    if (!v || depth > kMaxDepth) return;
    const Type* t = v->type();
    if (ir::is_resource_ref(t)) {
        // Elsewhere (a cast of a struct holding resources to its values) references are skipped.
        if (refs) out.push_back(v);
        return;
    }
    if (auto* c = v->as<ir::Constant>(); c && !t->is<sema::ScalarType>()) {
        // Constants flatten to constants, so what is built from them folds too.
        if (c->constant_kind == ir::ConstantKind::Composite) {
            for (ir::Constant* e : c->elements) flatten(e, out, depth + 1, refs);
            return;
        }
        if (c->constant_kind == ir::ConstantKind::Zero || c->constant_kind == ir::ConstantKind::Undef) {
            std::size_t n = 0;
            while (const Type* et = ir::composite_element_type(types_, t, static_cast<std::int64_t>(n))) {
                const Type* vt = concrete(et);
                flatten(c->constant_kind == ir::ConstantKind::Zero ? m_.zero_constant(vt) : m_.undef_constant(vt), out,
                        depth + 1, refs);
                ++n;
                if (const auto* at = t->as<sema::ArrayType>(); at && n >= at->length) break;
            }
            return;
        }
    }
    if (t->is<sema::ScalarType>()) {
        out.push_back(v);
    } else if (const auto* vt = t->as<sema::VectorType>()) {
        for (std::uint32_t i = 0; i < vt->count; ++i) out.push_back(b_.extract(v, {i}));
    } else if (const auto* mt = t->as<sema::MatrixType>()) {
        for (std::uint32_t r = 0; r < mt->rows; ++r)
            for (std::uint32_t c = 0; c < mt->cols; ++c) out.push_back(b_.extract(v, {r, c}));
    } else if (const auto* at = t->as<sema::ArrayType>()) {
        for (std::uint32_t i = 0; i < at->length; ++i) flatten(b_.extract(v, {i}), out, depth + 1, refs);
    } else if (const auto* st = t->as<sema::StructType>()) {
        std::size_t n = st->members.size() + (st->base ? 1 : 0);
        for (std::size_t i = 0; i < n; ++i) {
            const Type* mt2 = ir_member_type(st, i);
            if (mt2 && sema::contains_resource(mt2)) continue;
            ir::Value* part = b_.extract(v, {std::int64_t(i)});
            const sema::StructMember* m = ir_struct_member(st, i);
            if (m && !m->bit_fields.empty()) {
                for (const sema::BitField& f : m->bit_fields) out.push_back(b_.bitfield_extract(part, f.offset, f.width));
                continue;
            }
            flatten(part, out, depth + 1, refs);
        }
    }
}

const sema::StructMember* Lowerer::ir_struct_member(const sema::StructType* s, std::size_t i) const {
    if (s->base) {
        if (i == 0) return nullptr;
        --i;
    }
    return i < s->members.size() ? &s->members[i] : nullptr;
}

ir::Value* Lowerer::pack_unit(const sema::StructMember& m, std::span<ir::Value* const> fields) {
    const auto* t = concrete(m.type)->as<sema::ScalarType>();
    ValueList converted;
    bool constant = true;
    for (std::size_t k = 0; k < fields.size() && k < m.bit_fields.size(); ++k) {
        converted.push_back(convert_components(fields[k], t));
        constant = constant && converted.back()->as<ir::Constant>() && converted.back()->as<ir::Constant>()->is_scalar();
    }
    if (constant) {
        std::uint64_t bits = 0;
        for (std::size_t k = 0; k < converted.size(); ++k) {
            const sema::BitField& f = m.bit_fields[k];
            std::uint64_t mask = f.width >= 64 ? ~0ull : (1ull << f.width) - 1;
            bits |= (converted[k]->as<ir::Constant>()->bits & mask) << f.offset;
        }
        return m_.scalar_constant(t, bits);
    }
    ir::Value* unit = m_.zero_constant(t);
    for (std::size_t k = 0; k < converted.size(); ++k)
        unit = b_.bitfield_insert(unit, converted[k], m.bit_fields[k].offset, m.bit_fields[k].width);
    return unit;
}

const Type* Lowerer::ir_member_type(const sema::StructType* s, std::size_t i) const {
    if (s->base) {
        if (i == 0) return s->base;
        --i;
    }
    return i < s->members.size() ? s->members[i].type : nullptr;
}

ir::Value* Lowerer::build(const Type* t, const ValueList& scalars, std::size_t& next, int depth) {
    t = concrete(t);
    if (depth > kMaxDepth) return m_.undef_constant(t);
    if (ir::is_resource_ref(t)) return next < scalars.size() ? scalars[next++] : m_.undef_constant(t);
    if (const auto* s = t->as<sema::ScalarType>()) {
        if (next >= scalars.size()) return m_.undef_constant(t);
        return convert_components(scalars[next++], s);
    }
    ValueList parts;
    if (const auto* v = t->as<sema::VectorType>()) {
        for (std::uint32_t i = 0; i < v->count; ++i) parts.push_back(build(v->element, scalars, next, depth + 1));
    } else if (const auto* mt = t->as<sema::MatrixType>()) {
        const Type* row = types_.vector(mt->element, mt->cols);
        for (std::uint32_t r = 0; r < mt->rows; ++r) parts.push_back(build(row, scalars, next, depth + 1));
    } else if (const auto* at = t->as<sema::ArrayType>()) {
        if (at->length == 0) return m_.undef_constant(t);
        for (std::uint32_t i = 0; i < at->length; ++i) parts.push_back(build(at->element, scalars, next, depth + 1));
    } else if (const auto* st = t->as<sema::StructType>()) {
        std::size_t n = st->members.size() + (st->base ? 1 : 0);
        for (std::size_t i = 0; i < n; ++i) {
            const Type* mt2 = ir_member_type(st, i);
            if (!mt2 || sema::contains_resource(mt2)) {
                unsupported(support::SourceRange(), "building a struct that holds a resource");
                return m_.undef_constant(t);
            }
            const sema::StructMember* m = ir_struct_member(st, i);
            if (m && !m->bit_fields.empty()) {
                ValueList fields;
                for (std::size_t k = 0; k < m->bit_fields.size(); ++k)
                    fields.push_back(next < scalars.size() ? scalars[next++] : m_.undef_constant(concrete(mt2)));
                parts.push_back(pack_unit(*m, fields));
                continue;
            }
            parts.push_back(build(mt2, scalars, next, depth + 1));
        }
    } else {
        return m_.undef_constant(t);
    }
    // Parts that are all constants make a constant.
    ConstantList constants;
    for (ir::Value* p : parts)
        if (auto* c = p->as<ir::Constant>()) constants.push_back(c);
    if (constants.size() == parts.size()) return m_.composite_constant(t, constants);
    return b_.construct(t, parts);
}

ir::Constant* Lowerer::const_scalar(const sema::ScalarType* t, const sema::ConstValue& v) {
    if (!t) return nullptr;
    t = concrete(t)->as<sema::ScalarType>();
    sema::ConstValue c = convert_const(v, t);
    // The type says which of the value's fields counts, so (type, those bits) is the whole key.
    bool is_bool = t->scalar == sema::ScalarKind::Bool;
    bool is_float = sema::is_float_kind(t->scalar);
    std::uint64_t bits = is_bool ? std::uint64_t(c.b) : is_float ? std::bit_cast<std::uint64_t>(c.f) : std::uint64_t(c.i);
    auto address = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(t));
    ScalarSlot& slot = scalar_slots_[((bits * 0x9E3779B97F4A7C15ull) >> 58 ^ (address >> 4)) % kScalarSlots];
    if (slot.constant && slot.type == t && slot.bits == bits) return slot.constant;
    ir::Constant* made = is_bool    ? m_.bool_constant(c.b)
                         : is_float ? m_.float_constant(t, c.f)
                                    : m_.scalar_constant(t, static_cast<std::uint64_t>(c.i));
    slot = {t, bits, made};
    return made;
}

ir::Constant* Lowerer::constant_of(const BExpr* e, const Type* t) {
    t = concrete(t);
    std::uint32_t n = sema::flattened_scalar_count(t);
    if (n == 0 || n > 65536) return nullptr;
    ConstValueList values;
    if (!const_scalars(e, values, 0) || values.size() != n) return nullptr;
    std::size_t next = 0;
    return build_constant(t, values, next);
}

ir::Constant* Lowerer::build_constant(const Type* t, const ConstValueList& scalars, std::size_t& next) {
    t = concrete(t);
    if (const auto* s = t->as<sema::ScalarType>()) return next < scalars.size() ? const_scalar(s, scalars[next++]) : nullptr;
    ConstantList parts;
    auto add = [&](const Type* et) {
        ir::Constant* c = build_constant(et, scalars, next);
        if (c) parts.push_back(c);
        return c != nullptr;
    };
    if (const auto* v = t->as<sema::VectorType>()) {
        for (std::uint32_t i = 0; i < v->count; ++i)
            if (!add(v->element)) return nullptr;
    } else if (const auto* mt = t->as<sema::MatrixType>()) {
        for (std::uint32_t r = 0; r < mt->rows; ++r)
            if (!add(types_.vector(mt->element, mt->cols))) return nullptr;
    } else if (const auto* at = t->as<sema::ArrayType>()) {
        if (at->length == 0) return nullptr;
        for (std::uint32_t i = 0; i < at->length; ++i)
            if (!add(at->element)) return nullptr;
    } else if (const auto* st = t->as<sema::StructType>()) {
        std::size_t n = st->members.size() + (st->base ? 1 : 0);
        for (std::size_t i = 0; i < n; ++i) {
            const Type* mt2 = ir_member_type(st, i);
            if (!mt2 || sema::contains_resource(mt2)) return nullptr;
            const sema::StructMember* m = ir_struct_member(st, i);
            if (m && !m->bit_fields.empty()) {
                // The fields' bits, each converted to the unit's type and cut to its width.
                const auto* ut = concrete(mt2)->as<sema::ScalarType>();
                std::uint64_t bits = 0;
                for (const sema::BitField& f : m->bit_fields) {
                    ir::Constant* c = next < scalars.size() ? const_scalar(ut, scalars[next++]) : nullptr;
                    if (!c) return nullptr;
                    std::uint64_t mask = f.width >= 64 ? ~0ull : (1ull << f.width) - 1;
                    bits |= (c->bits & mask) << f.offset;
                }
                parts.push_back(m_.scalar_constant(ut, bits));
                continue;
            }
            if (!add(mt2)) return nullptr;
        }
    } else {
        return nullptr;
    }
    return m_.composite_constant(t, parts);
}

bool Lowerer::const_scalars(const BExpr* e, ConstValueList& out, int depth) {
    if (!e || !e->type || depth > kMaxDepth) return false;
    switch (e->kind) {
    case sema::BExprKind::Literal: out.push_back(static_cast<const sema::BLiteral*>(e)->value); return true;
    case sema::BExprKind::VarRef: {
        const sema::Variable* v = static_cast<const sema::BVarRef*>(e)->var;
        if (!v || v->storage == sema::StorageClass::SpecConstant) return false;
        if (v->const_value && (v->is_const || v->storage == sema::StorageClass::Enumerator)) {
            out.push_back(*v->const_value);
            return true;
        }
        // A `static const` aggregate is as constant as its initializer.
        if (v->is_const && v->init &&
            (v->storage == sema::StorageClass::StaticGlobal || v->storage == sema::StorageClass::StaticMember))
            return const_scalars(v->init, out, depth + 1);
        return false;
    }
    case sema::BExprKind::Unary: {
        const auto* u = static_cast<const sema::BUnary*>(e);
        if (u->op != sema::UnaryOp::Negate && u->op != sema::UnaryOp::Plus) return false;
        std::size_t first = out.size();
        if (!const_scalars(u->operand, out, depth + 1)) return false;
        if (u->op == sema::UnaryOp::Negate) {
            for (std::size_t i = first; i < out.size(); ++i) {
                sema::ConstValue& c = out[i];
                if (c.kind == sema::ConstValue::Kind::Float) c.f = -c.f;
                else if (c.kind == sema::ConstValue::Kind::Int) c.i = static_cast<std::int64_t>(0ull - static_cast<std::uint64_t>(c.i));
                else return false;
            }
        }
        return true;
    }
    case sema::BExprKind::Construct:
        for (const BExpr* p : static_cast<const sema::BConstruct*>(e)->parts)
            if (!const_scalars(p, out, depth + 1)) return false;
        return true;
    case sema::BExprKind::InitList:
        for (const BExpr* p : static_cast<const sema::BInitList*>(e)->elements)
            if (!const_scalars(p, out, depth + 1)) return false;
        return true;
    case sema::BExprKind::Convert: {
        const auto* c = static_cast<const sema::BConvert*>(e);
        std::size_t first = out.size();
        if (!const_scalars(c->operand, out, depth + 1)) return false;
        const Type* to = concrete(c->type);
        const sema::ScalarType* comp = sema::component_type(to);
        switch (c->conversion) {
        case sema::ConversionKind::Components:
        case sema::ConversionKind::LiteralToConcrete:
        case sema::ConversionKind::VectorToMatrix:
        case sema::ConversionKind::MatrixToVector:
            break;
        case sema::ConversionKind::Splat: {
            if (out.size() != first + 1) return false;
            std::uint32_t n = sema::component_count(to);
            out.resize(first + n, out[first]);
            break;
        }
        case sema::ConversionKind::Truncate: {
            const Type* from = concrete(c->operand->type);
            if (from->is<sema::MatrixType>() && !to->is<sema::ScalarType>()) return false;
            out.resize(first + sema::component_count(to));
            break;
        }
        default: return false;
        }
        if (comp) {
            // A float-to-integer conversion of a value out of range is the GPU's business.
            for (std::size_t i = first; i < out.size(); ++i) {
                if (out[i].kind == sema::ConstValue::Kind::Float && sema::is_integer_kind(comp->scalar) &&
                    (!(std::fabs(out[i].f) < 2147483648.0) || (out[i].f < 0 && !sema::is_signed_kind(comp->scalar))))
                    return false;
                out[i] = convert_const(out[i], comp);
            }
        }
        return true;
    }
    default: return false;
    }
}

}  // namespace oneshader::lower
