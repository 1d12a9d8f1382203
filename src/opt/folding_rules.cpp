// The folding rules of combine, one small named function each, listed per opcode in kRules.
#include "opt/folding_rules.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "ir/float_bits.hpp"
#include "ir/type_rules.hpp"
#include "opt/fold_numbers.hpp"
#include "types/types_query.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

// --- constants as component lists ---------------------------------------------------------------

// A Constant that is fully known (no undef anywhere in it is checked by components()).
Constant* constant_of(Value* v) {
    Constant* c = v ? v->as<Constant>() : nullptr;
    if (!c || c->constant_kind == ConstantKind::Undef) return nullptr;
    return c;
}

// The scalar components of a constant of a basic type, matrices row by row; false when any part
// is undef or the type is not basic.
bool components(Module& m, const Constant* c, std::vector<Constant*>& out) {
    const sema::Type* t = c->type();
    const sema::ScalarType* st = sema::component_type(t);
    if (!st) return false;
    switch (c->constant_kind) {
    case ConstantKind::Undef:
        return false;
    case ConstantKind::Zero:
        for (std::uint32_t k = 0; k < sema::component_count(t); ++k) out.push_back(m.scalar_constant(st, 0));
        return true;
    case ConstantKind::Scalar:
        out.push_back(const_cast<Constant*>(c));
        return true;
    case ConstantKind::Composite:
        for (const Constant* e : c->elements)
            if (!components(m, e, out)) return false;
        return true;
    }
    return false;
}

// A constant of basic type `t` from its scalar components.
Constant* build(Module& m, const sema::Type* t, std::span<Constant* const> comps) {
    if (t->is<sema::ScalarType>()) return comps.size() == 1 ? comps[0] : nullptr;
    if (const auto* v = t->as<sema::VectorType>()) {
        if (comps.size() != v->count) return nullptr;
        return m.composite_constant(t, comps);
    }
    if (const auto* mt = t->as<sema::MatrixType>()) {
        if (comps.size() != std::size_t(mt->rows) * mt->cols) return nullptr;
        const sema::Type* row = composite_element_type(m.types(), t, 0);
        if (!row) return nullptr;
        std::vector<Constant*> rows;
        for (std::uint32_t r = 0; r < mt->rows; ++r)
            rows.push_back(m.composite_constant(row->value_type(), comps.subspan(std::size_t(r) * mt->cols, mt->cols)));
        return m.composite_constant(t, rows);
    }
    return nullptr;
}

NumType num_of(const Value* v) { return num_type(sema::component_type(v->type())); }

// True when every scalar component of `c` satisfies `pred(type, bits)` (a zero constant's are
// all 0); false when any part is undef. Walks the constant instead of listing its components:
// this runs for every operand an identity rule looks at.
template <class Pred>
bool each_component(const Constant* c, NumType t, const Pred& pred) {
    switch (c->constant_kind) {
    case ConstantKind::Undef:
        return false;
    case ConstantKind::Zero:
        return pred(t, 0);
    case ConstantKind::Scalar:
        return pred(t, c->bits);
    case ConstantKind::Composite:
        for (const Constant* e : c->elements)
            if (!each_component(e, t, pred)) return false;
        return true;
    }
    return false;
}

// True when `v` is a constant whose every component satisfies `pred(type, bits)`.
template <class Pred>
bool all_components(Module&, Value* v, Pred pred) {
    Constant* c = constant_of(v);
    if (!c) return false;
    const sema::ScalarType* st = sema::component_type(c->type());
    if (!st || sema::component_count(c->type()) == 0) return false;
    NumType t = num_type(st);
    if (t.cls == NumClass::None) return false;
    return each_component(c, t, pred);
}

bool is_int(NumType t) { return t.cls == NumClass::SInt || t.cls == NumClass::UInt; }
std::uint64_t float_one(unsigned w) { return double_to_float_bits(1.0, w); }
std::uint64_t neg_zero(unsigned w) { return std::uint64_t(1) << (w - 1); }

bool is_int_zero(Module& m, Value* v) {
    return all_components(m, v, [](NumType t, std::uint64_t b) { return is_int(t) && b == 0; });
}
bool is_all_ones(Module& m, Value* v) {
    return all_components(m, v, [](NumType t, std::uint64_t b) { return is_int(t) && b == ir::mask_bits(~0ull, t.width); });
}
bool is_one(Module& m, Value* v) {  // int 1 or float +1.0
    return all_components(m, v, [](NumType t, std::uint64_t b) {
        return (is_int(t) && b == 1) || (t.cls == NumClass::Float && b == float_one(t.width));
    });
}
bool is_bool(Module& m, Value* v, bool want) {
    return all_components(m, v, [want](NumType t, std::uint64_t b) { return t.cls == NumClass::Bool && (b != 0) == want; });
}

// Zero of any type; scalars as plain scalar constants, as folding makes them.
Constant* zero_of(Module& m, const sema::Type* t) {
    if (const auto* st = t->as<sema::ScalarType>()) return m.scalar_constant(st, 0);
    return m.zero_constant(t);
}

bool has_spec_constant(const Instruction* i) {
    for (const Value* op : i->operands)
        if (op->is<SpecConstant>()) return true;
    return false;
}

// --- constant folding ---------------------------------------------------------------------------

bool all_constant(const Instruction* i) {
    for (Value* op : i->operands)
        if (!constant_of(op)) return false;
    return !i->operands.empty();
}

// Component-wise arithmetic, logic, comparison and conversion of constants.
Value* fold_constants(Module& m, Instruction* i) {
    if (!all_constant(i) || !sema::is_basic(i->type())) return nullptr;
    std::vector<std::vector<Constant*>> ops(i->operands.size());
    for (std::size_t k = 0; k < ops.size(); ++k)
        if (!components(m, i->operands[k]->as<Constant>(), ops[k])) return nullptr;
    const std::size_t n = sema::component_count(i->type());
    for (const auto& o : ops)
        if (o.size() != n) return nullptr;
    const NumType in = num_of(i->operands[0]);
    const sema::ScalarType* out_scalar = sema::component_type(i->type());
    const NumType out = num_type(out_scalar);
    if (in.cls == NumClass::None || out.cls == NumClass::None) return nullptr;
    std::vector<Constant*> result;
    for (std::size_t k = 0; k < n; ++k) {
        std::optional<std::uint64_t> r;
        const std::uint64_t a = ops[0][k]->bits;
        const std::uint64_t b = ops.size() > 1 ? ops[1][k]->bits : 0;
        if (is_binary_arithmetic(i->opcode)) r = fold_binary(i->opcode, in, a, b);
        else if (is_comparison(i->opcode)) {
            if (auto c = fold_compare(i->opcode, in, a, b)) r = *c ? 1 : 0;
        } else if (i->opcode == Opcode::LogicalAnd || i->opcode == Opcode::LogicalOr) r = fold_logical(i->opcode, a, b);
        else if (i->opcode == Opcode::Neg || i->opcode == Opcode::BitNot || i->opcode == Opcode::LogicalNot)
            r = fold_unary(i->opcode, in, a);
        else if (i->opcode == Opcode::Convert) r = fold_convert(in, out, a);
        else if (i->opcode == Opcode::Bitcast) r = fold_bitcast(in, out, a);
        if (!r) return nullptr;
        result.push_back(m.scalar_constant(out_scalar, *r));
    }
    return build(m, i->type(), result);
}

// Bitcast between shapes of different component counts is not folded (only same-width parts).
Value* fold_bitcast_constant(Module& m, Instruction* i) {
    if (sema::component_count(i->type()) != sema::component_count(i->operands[0]->type())) return nullptr;
    return fold_constants(m, i);
}

// --- arithmetic identities (exact for every input) -----------------------------------------------

Value* add_zero(Module& m, Instruction* i) {
    // Integers: x + 0. Floats: x + -0.0 is x for every x (x + +0.0 is not: -0.0 + 0.0 is +0.0).
    auto zero = [&](Value* v) {
        return is_int_zero(m, v) || all_components(m, v, [](NumType t, std::uint64_t b) {
                   return t.cls == NumClass::Float && b == neg_zero(t.width);
               });
    };
    if (zero(i->operands[1])) return i->operands[0];
    if (zero(i->operands[0])) return i->operands[1];
    return nullptr;
}

Value* sub_zero(Module& m, Instruction* i) {
    // x - 0 and x - +0.0 are x for every x.
    if (is_int_zero(m, i->operands[1]) ||
        all_components(m, i->operands[1], [](NumType t, std::uint64_t b) { return t.cls == NumClass::Float && b == 0; }))
        return i->operands[0];
    return nullptr;
}

Value* sub_self(Module& m, Instruction* i) {
    if (i->operands[0] != i->operands[1] || !is_int(num_of(i))) return nullptr;
    return zero_of(m, i->type());
}

Value* mul_one(Module& m, Instruction* i) {
    // x * 1 and x * 1.0 are x (a float NaN stays a NaN).
    if (is_one(m, i->operands[1])) return i->operands[0];
    if (is_one(m, i->operands[0])) return i->operands[1];
    return nullptr;
}

Value* mul_zero(Module& m, Instruction* i) {
    // Integers only: for floats, NaN * 0, inf * 0 and -x * 0 differ.
    if (is_int_zero(m, i->operands[0]) || is_int_zero(m, i->operands[1])) return zero_of(m, i->type());
    return nullptr;
}

Value* div_one(Module& m, Instruction* i) { return is_one(m, i->operands[1]) ? i->operands[0] : nullptr; }

Value* neg_neg(Module&, Instruction* i) {
    Instruction* inner = i->operands[0]->as<Instruction>();
    if (inner && inner->opcode == i->opcode && !inner->precise) return inner->operands[0];
    return nullptr;
}

Value* and_zero(Module& m, Instruction* i) {
    if (is_int_zero(m, i->operands[0]) || is_int_zero(m, i->operands[1])) return zero_of(m, i->type());
    return nullptr;
}
Value* and_ones(Module& m, Instruction* i) {
    if (is_all_ones(m, i->operands[1])) return i->operands[0];
    if (is_all_ones(m, i->operands[0])) return i->operands[1];
    return nullptr;
}
Value* same_operands(Module&, Instruction* i) {  // x & x, x | x, and/or of x with itself
    return i->operands[0] == i->operands[1] ? i->operands[0] : nullptr;
}
Value* or_xor_zero(Module& m, Instruction* i) {
    if (is_int_zero(m, i->operands[1])) return i->operands[0];
    if (is_int_zero(m, i->operands[0])) return i->operands[1];
    return nullptr;
}
Value* xor_self(Module& m, Instruction* i) {
    if (i->operands[0] != i->operands[1] || !is_int(num_of(i))) return nullptr;
    return zero_of(m, i->type());
}
Value* shift_zero(Module& m, Instruction* i) {
    // The amount is masked to the width: a multiple of the width shifts by nothing.
    if (all_components(m, i->operands[1], [](NumType t, std::uint64_t b) { return is_int(t) && (b & (t.width - 1)) == 0; }))
        return i->operands[0];
    return nullptr;
}

Value* logical_and_constant(Module& m, Instruction* i) {
    for (int k = 0; k < 2; ++k) {
        if (is_bool(m, i->operands[k], true)) return i->operands[1 - k];
        if (is_bool(m, i->operands[k], false)) return i->operands[k];
    }
    return nullptr;
}
Value* logical_or_constant(Module& m, Instruction* i) {
    for (int k = 0; k < 2; ++k) {
        if (is_bool(m, i->operands[k], false)) return i->operands[1 - k];
        if (is_bool(m, i->operands[k], true)) return i->operands[k];
    }
    return nullptr;
}

Value* compare_self(Module& m, Instruction* i) {
    // Integers and bools only: a float NaN is not equal to itself.
    NumType t = num_of(i->operands[0]);
    if (i->operands[0] != i->operands[1] || !(is_int(t) || t.cls == NumClass::Bool)) return nullptr;
    bool v = i->opcode == Opcode::Eq || i->opcode == Opcode::Le || i->opcode == Opcode::Ge;
    const sema::ScalarType* bt = sema::component_type(i->type());
    std::vector<Constant*> comps(sema::component_count(i->type()), m.scalar_constant(bt, v));
    return build(m, i->type(), comps);
}

// --- select, conversions ------------------------------------------------------------------------

Value* select_constant_condition(Module& m, Instruction* i) {
    Constant* c = constant_of(i->operands[0]);
    if (!c) return nullptr;
    std::vector<Constant*> comps;
    if (!components(m, c, comps) || comps.empty()) return nullptr;
    bool first = comps[0]->bits != 0;
    for (const Constant* k : comps)
        if ((k->bits != 0) != first) {
            // Mixed lanes: fold only when both arms are constants too.
            std::vector<Constant*> a, b;
            Constant* ca = constant_of(i->operands[1]);
            Constant* cb = constant_of(i->operands[2]);
            if (!ca || !cb || !components(m, ca, a) || !components(m, cb, b) || a.size() != comps.size() ||
                b.size() != comps.size())
                return nullptr;
            std::vector<Constant*> r;
            for (std::size_t j = 0; j < comps.size(); ++j) r.push_back(comps[j]->bits ? a[j] : b[j]);
            return build(m, i->type(), r);
        }
    return first ? i->operands[1] : i->operands[2];
}

Value* select_same_arms(Module&, Instruction* i) { return i->operands[1] == i->operands[2] ? i->operands[1] : nullptr; }

Value* bitcast_bitcast(Module&, Instruction* i) {
    Instruction* inner = i->operands[0]->as<Instruction>();
    if (inner && inner->opcode == Opcode::Bitcast && inner->operands[0]->type() == i->type()) return inner->operands[0];
    return nullptr;
}

// A bit field extract or insert whose base (and field) are constants: the bits it gives.
Value* fold_bitfield(Module& m, Instruction* i) {
    const auto* st = i->type()->as<sema::ScalarType>();
    Constant* base = constant_of(i->operands[0]);
    bool insert = i->opcode == Opcode::BitFieldInsert;
    Constant* field = insert ? constant_of(i->operands[1]) : nullptr;
    std::optional<std::int64_t> offset = constant_int_value(i->operands[insert ? 2 : 1]);
    std::optional<std::int64_t> count = constant_int_value(i->operands[insert ? 3 : 2]);
    if (!st || !base || (insert && !field) || !offset || !count || *count < 1 || *offset + *count > st->bits)
        return nullptr;
    std::vector<Constant*> b, f;
    if (!components(m, base, b) || b.size() != 1 || (insert && (!components(m, field, f) || f.size() != 1)))
        return nullptr;
    std::uint64_t mask = *count >= 64 ? ~0ull : (1ull << *count) - 1;
    std::uint64_t bits = b[0]->bits;
    if (insert) return m.scalar_constant(st, (bits & ~(mask << *offset)) | ((f[0]->bits & mask) << *offset));
    std::uint64_t value = (bits >> *offset) & mask;
    if (sema::is_signed_kind(st->scalar) && *count < 64 && (value >> (*count - 1)) & 1) value |= ~mask;
    return m.scalar_constant(st, value);
}

// --- composites ---------------------------------------------------------------------------------

// The element of a constant at one index (zero and composite constants), or null.
Constant* constant_element(Module& m, Constant* c, std::int64_t index) {
    const sema::Type* et = composite_element_type(m.types(), c->type(), index);
    if (!et) return nullptr;
    if (c->constant_kind == ConstantKind::Zero) return m.zero_constant(et->value_type());
    if (c->constant_kind == ConstantKind::Composite && index >= 0 && std::size_t(index) < c->elements.size())
        return c->elements[static_cast<std::size_t>(index)];
    return nullptr;
}

// Scalar zero constants are Scalar constants, as the folder makes them.
Constant* normalize(Module& m, Constant* c) {
    if (c && c->constant_kind == ConstantKind::Zero)
        if (const auto* st = c->type()->as<sema::ScalarType>()) return m.scalar_constant(st, 0);
    return c;
}

Value* extract_constant(Module& m, Instruction* i) {
    Constant* c = constant_of(i->operands[0]);
    for (std::int64_t idx : i->immediates) {
        if (!c) return nullptr;
        c = constant_of(constant_element(m, c, idx));
    }
    return normalize(m, c);
}

// extract(construct(parts), [k, ...]): the part that holds element k.
Value* extract_construct(Module& m, Instruction* i) {
    Instruction* cons = i->operands[0]->as<Instruction>();
    if (!cons || cons->opcode != Opcode::CompositeConstruct || i->immediates.size() != 1) return nullptr;
    std::int64_t k = i->immediates[0];
    if (cons->type()->is<sema::VectorType>()) {
        std::int64_t at = 0;
        for (Value* part : cons->operands) {
            std::int64_t n = sema::component_count(part->type());
            if (k < at + n) return n == 1 && part->type()->is<sema::ScalarType>() ? part : nullptr;
            at += n;
        }
        return nullptr;
    }
    (void)m;
    if (k < 0 || std::size_t(k) >= cons->operands.size()) return nullptr;
    return cons->operands[static_cast<std::size_t>(k)];
}

// extract(insert(c, v, path), path) is v; a different first index reads c instead.
Value* extract_insert(Module&, Instruction* i) {
    Instruction* ins = i->operands[0]->as<Instruction>();
    if (!ins || ins->opcode != Opcode::CompositeInsert) return nullptr;
    if (ins->immediates == i->immediates) return ins->operands[1];
    if (!ins->immediates.empty() && !i->immediates.empty() && ins->immediates[0] != i->immediates[0]) {
        i->operands[0] = ins->operands[0];
        return i;
    }
    return nullptr;
}

// extract(swizzle(v, s), [k]) is extract(v, [s[k]]).
Value* extract_swizzle(Module&, Instruction* i) {
    Instruction* sw = i->operands[0]->as<Instruction>();
    if (!sw || sw->opcode != Opcode::Swizzle || i->immediates.size() != 1) return nullptr;
    std::int64_t k = i->immediates[0];
    if (k < 0 || std::size_t(k) >= sw->immediates.size()) return nullptr;
    i->operands[0] = sw->operands[0];
    i->immediates[0] = sw->immediates[static_cast<std::size_t>(k)];
    return i;
}

Value* insert_constant(Module& m, Instruction* i) {
    Constant* c = constant_of(i->operands[0]);
    Constant* v = constant_of(i->operands[1]);
    if (!c || !v || i->immediates.size() != 1) return nullptr;
    const sema::Type* t = c->type();
    std::size_t n = 0;
    if (const auto* vt = t->as<sema::VectorType>()) n = vt->count;
    else if (const auto* mt = t->as<sema::MatrixType>()) n = mt->rows;
    else if (const auto* at = t->as<sema::ArrayType>()) n = at->length;
    else if (const auto* st = t->as<sema::StructType>()) n = st->members.size() + (st->base ? 1 : 0);
    std::int64_t k = i->immediates[0];
    if (n == 0 || k < 0 || std::size_t(k) >= n) return nullptr;
    std::vector<Constant*> elems;
    for (std::size_t j = 0; j < n; ++j) {
        Constant* e = j == std::size_t(k) ? v : normalize(m, constant_element(m, c, std::int64_t(j)));
        if (!e) return nullptr;
        elems.push_back(e);
    }
    return m.composite_constant(t, elems);
}

Value* construct_constant(Module& m, Instruction* i) {
    if (!all_constant(i)) return nullptr;
    std::vector<Constant*> elems;
    if (i->type()->is<sema::VectorType>()) {
        // Scalars and vectors, flattened.
        for (Value* op : i->operands)
            if (!components(m, op->as<Constant>(), elems)) return nullptr;
        return build(m, i->type(), elems);
    }
    for (Value* op : i->operands) elems.push_back(normalize(m, op->as<Constant>()));
    return m.composite_constant(i->type(), elems);
}

// construct(extract(v, [0]), ..., extract(v, [n-1])) of v's own type is v.
Value* construct_from_extracts(Module&, Instruction* i) {
    Value* source = nullptr;
    for (std::size_t k = 0; k < i->operands.size(); ++k) {
        Instruction* e = i->operands[k]->as<Instruction>();
        if (!e || e->opcode != Opcode::CompositeExtract || e->immediates.size() != 1 ||
            e->immediates[0] != std::int64_t(k))
            return nullptr;
        if (source && e->operands[0] != source) return nullptr;
        source = e->operands[0];
    }
    if (!source || source->type() != i->type()) return nullptr;
    if (const auto* v = i->type()->as<sema::VectorType>(); v && v->count != i->operands.size()) return nullptr;
    return source;
}

Value* swizzle_constant(Module& m, Instruction* i) {
    Constant* c = constant_of(i->operands[0]);
    std::vector<Constant*> comps;
    if (!c || !components(m, c, comps)) return nullptr;
    std::vector<Constant*> out;
    for (std::int64_t k : i->immediates) {
        if (k < 0 || std::size_t(k) >= comps.size()) return nullptr;
        out.push_back(comps[static_cast<std::size_t>(k)]);
    }
    return build(m, i->type(), out);
}

Value* swizzle_identity(Module&, Instruction* i) {
    if (i->type() != i->operands[0]->type()) return nullptr;
    for (std::size_t k = 0; k < i->immediates.size(); ++k)
        if (i->immediates[k] != std::int64_t(k)) return nullptr;
    return i->operands[0];
}

Value* swizzle_swizzle(Module&, Instruction* i) {
    Instruction* inner = i->operands[0]->as<Instruction>();
    if (!inner || inner->opcode != Opcode::Swizzle) return nullptr;
    std::vector<std::int64_t> idx;
    for (std::int64_t k : i->immediates) {
        if (k < 0 || std::size_t(k) >= inner->immediates.size()) return nullptr;
        idx.push_back(inner->immediates[static_cast<std::size_t>(k)]);
    }
    i->operands[0] = inner->operands[0];
    i->immediates.assign(idx.begin(), idx.end());
    return i;
}

Value* shuffle_constant(Module& m, Instruction* i) {
    Constant* a = constant_of(i->operands[0]);
    Constant* b = constant_of(i->operands[1]);
    std::vector<Constant*> comps;
    if (!a || !b || !components(m, a, comps) || !components(m, b, comps)) return nullptr;
    std::vector<Constant*> out;
    for (std::int64_t k : i->immediates) {
        if (k < 0 || std::size_t(k) >= comps.size()) return nullptr;
        out.push_back(comps[static_cast<std::size_t>(k)]);
    }
    return build(m, i->type(), out);
}

Value* splat_constant(Module& m, Instruction* i) {
    Constant* c = normalize(m, constant_of(i->operands[0]));
    if (!c || !c->is_scalar()) return nullptr;
    std::vector<Constant*> out(sema::component_count(i->type()), c);
    return build(m, i->type(), out);
}

Value* phi_same_values(Module&, Instruction* i) {
    // Every incoming value the same (the phi itself aside): that value.
    Value* same = nullptr;
    for (Value* v : i->operands) {
        if (v == i) continue;
        if (same && v != same) return nullptr;
        same = v;
    }
    return same;
}

// access(p, ..., k, ...) with a constant k past the end of a fixed-size array, vector or matrix
// (or negative): k becomes the last element's index. HLSL leaves such an access undefined; the
// index is constant only because the optimizer found it so (the front end refuses a literal one,
// OSH0328), and WGSL refuses a constant index out of range where a run-time one is clamped to the
// last element, which is what this does. In place.
Value* clamp_constant_index(Module& m, Instruction* i) {
    const auto* pt = i->operands[0]->type()->as<sema::PointerType>();
    if (!pt) return nullptr;
    const sema::Type* t = pt->pointee;
    bool changed = false;
    for (std::size_t k = 1; k < i->operands.size() && t; ++k) {
        Value* index = i->operands[k];
        std::uint64_t count = 0;
        if (const auto* v = t->as<sema::VectorType>()) count = v->count;
        else if (const auto* mt = t->as<sema::MatrixType>()) count = mt->rows;
        else if (const auto* a = t->as<sema::ArrayType>()) count = a->length;  // 0: a runtime array
        const std::optional<std::int64_t> c = constant_int_value(index);
        if (count != 0 && c && (*c < 0 || static_cast<std::uint64_t>(*c) >= count)) {
            i->operands[k] = m.scalar_constant(index->type()->as<sema::ScalarType>(), count - 1);
            changed = true;
        }
        t = access_chain_step(m.types(), t, i->operands[k], k == 1);
    }
    return changed ? i : nullptr;
}

constexpr RuleKind F = RuleKind::Fold;
constexpr RuleKind I = RuleKind::Identity;

constexpr FoldRule kRules[] = {
    {Opcode::Add, "fold_constants", F, fold_constants},
    {Opcode::Add, "add_zero", I, add_zero},
    {Opcode::Sub, "fold_constants", F, fold_constants},
    {Opcode::Sub, "sub_zero", I, sub_zero},
    {Opcode::Sub, "sub_self", I, sub_self},
    {Opcode::Mul, "fold_constants", F, fold_constants},
    {Opcode::Mul, "mul_one", I, mul_one},
    {Opcode::Mul, "mul_zero", I, mul_zero},
    {Opcode::Div, "fold_constants", F, fold_constants},
    {Opcode::Div, "div_one", I, div_one},
    {Opcode::Rem, "fold_constants", F, fold_constants},
    {Opcode::Neg, "fold_constants", F, fold_constants},
    {Opcode::Neg, "neg_neg", I, neg_neg},
    {Opcode::BitAnd, "fold_constants", F, fold_constants},
    {Opcode::BitAnd, "and_zero", I, and_zero},
    {Opcode::BitAnd, "and_ones", I, and_ones},
    {Opcode::BitAnd, "and_self", I, same_operands},
    {Opcode::BitOr, "fold_constants", F, fold_constants},
    {Opcode::BitOr, "or_zero", I, or_xor_zero},
    {Opcode::BitOr, "or_self", I, same_operands},
    {Opcode::BitXor, "fold_constants", F, fold_constants},
    {Opcode::BitXor, "xor_zero", I, or_xor_zero},
    {Opcode::BitXor, "xor_self", I, xor_self},
    {Opcode::BitNot, "fold_constants", F, fold_constants},
    {Opcode::BitNot, "not_not", I, neg_neg},
    {Opcode::Shl, "fold_constants", F, fold_constants},
    {Opcode::Shl, "shift_zero", I, shift_zero},
    {Opcode::Shr, "fold_constants", F, fold_constants},
    {Opcode::Shr, "shift_zero", I, shift_zero},
    {Opcode::LogicalAnd, "fold_constants", F, fold_constants},
    {Opcode::LogicalAnd, "and_constant", I, logical_and_constant},
    {Opcode::LogicalAnd, "and_self", I, same_operands},
    {Opcode::LogicalOr, "fold_constants", F, fold_constants},
    {Opcode::LogicalOr, "or_constant", I, logical_or_constant},
    {Opcode::LogicalOr, "or_self", I, same_operands},
    {Opcode::LogicalNot, "fold_constants", F, fold_constants},
    {Opcode::LogicalNot, "not_not", I, neg_neg},
    {Opcode::Eq, "fold_constants", F, fold_constants},
    {Opcode::Eq, "compare_self", I, compare_self},
    {Opcode::Ne, "fold_constants", F, fold_constants},
    {Opcode::Ne, "compare_self", I, compare_self},
    {Opcode::Lt, "fold_constants", F, fold_constants},
    {Opcode::Lt, "compare_self", I, compare_self},
    {Opcode::Le, "fold_constants", F, fold_constants},
    {Opcode::Le, "compare_self", I, compare_self},
    {Opcode::Gt, "fold_constants", F, fold_constants},
    {Opcode::Gt, "compare_self", I, compare_self},
    {Opcode::Ge, "fold_constants", F, fold_constants},
    {Opcode::Ge, "compare_self", I, compare_self},
    {Opcode::Select, "select_constant_condition", F, select_constant_condition},
    {Opcode::Select, "select_same_arms", I, select_same_arms},
    {Opcode::Convert, "fold_constants", F, fold_constants},
    {Opcode::Bitcast, "fold_constants", F, fold_bitcast_constant},
    {Opcode::Bitcast, "bitcast_bitcast", I, bitcast_bitcast},
    {Opcode::BitFieldExtract, "fold_constants", F, fold_bitfield},
    {Opcode::BitFieldInsert, "fold_constants", F, fold_bitfield},
    {Opcode::CompositeConstruct, "construct_constant", F, construct_constant},
    {Opcode::CompositeConstruct, "construct_from_extracts", I, construct_from_extracts},
    {Opcode::CompositeExtract, "extract_constant", F, extract_constant},
    {Opcode::CompositeExtract, "extract_construct", I, extract_construct},
    {Opcode::CompositeExtract, "extract_insert", I, extract_insert},
    {Opcode::CompositeExtract, "extract_swizzle", I, extract_swizzle},
    {Opcode::CompositeInsert, "insert_constant", F, insert_constant},
    {Opcode::Swizzle, "swizzle_constant", F, swizzle_constant},
    {Opcode::Swizzle, "swizzle_identity", I, swizzle_identity},
    {Opcode::Swizzle, "swizzle_swizzle", I, swizzle_swizzle},
    {Opcode::VectorShuffle, "shuffle_constant", F, shuffle_constant},
    {Opcode::Splat, "splat_constant", F, splat_constant},
    {Opcode::Phi, "phi_same_values", I, phi_same_values},
    {Opcode::AccessChain, "clamp_constant_index", F, clamp_constant_index},
};

}  // namespace

std::span<const FoldRule> folding_rules() { return kRules; }

namespace {

// The rules of each opcode are one run of kRules: where it starts and how long it is.
struct RuleRun {
    std::uint16_t first = 0;
    std::uint16_t count = 0;
};
constexpr std::size_t kOpcodes = 256;  // Opcode is a byte
constexpr std::array<RuleRun, kOpcodes> kRuleRuns = [] {
    std::array<RuleRun, kOpcodes> runs{};
    for (std::size_t k = 0; k < std::size(kRules); ++k) {
        RuleRun& r = runs[static_cast<std::size_t>(kRules[k].opcode)];
        if (r.count == 0) r.first = static_cast<std::uint16_t>(k);
        ++r.count;
    }
    return runs;
}();
constexpr bool runs_are_contiguous() {
    for (std::size_t k = 0; k < std::size(kRules); ++k) {
        const RuleRun& r = kRuleRuns[static_cast<std::size_t>(kRules[k].opcode)];
        if (k < r.first || k >= std::size_t(r.first) + r.count) return false;
    }
    return true;
}
static_assert(runs_are_contiguous(), "kRules lists the rules of one opcode next to each other");

}  // namespace

Value* apply_folding_rules(Module& m, Instruction* i, std::string_view* rule) {
    const RuleRun run = kRuleRuns[static_cast<std::size_t>(i->opcode)];
    if (run.count == 0) return nullptr;
    // Code that depends on a specialization constant stays as written.
    if (has_spec_constant(i)) return nullptr;
    for (const FoldRule& r : std::span<const FoldRule>(kRules).subspan(run.first, run.count)) {
        if (r.kind == RuleKind::Identity && i->precise) continue;
        if (Value* v = r.apply(m, i)) {
            if (rule) *rule = r.name;
            return v;
        }
    }
    return nullptr;
}

}  // namespace oneshader::opt
