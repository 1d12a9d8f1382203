#include "driver/entry_features.hpp"

#include <vector>

#include "oneshader/layouts.hpp"
#include "support/pointer_map.hpp"
#include "types/types_query.hpp"

namespace oneshader::driver {

namespace {

struct Widths {
    bool f16 = false, i16 = false, f64 = false, i64 = false;
    bool any16() const { return f16 || i16; }
};

using TypeSet = support::PointerSet<const sema::Type*>;

void scalar_width(const sema::ScalarType* s, Widths& w) {
    if (s->scalar == sema::ScalarKind::Bool) return;
    bool f = sema::is_float_kind(s->scalar);
    if (s->bits == 16) (f ? w.f16 : w.i16) = true;
    if (s->bits == 64) (f ? w.f64 : w.i64) = true;
}

// The scalar widths inside a type: through vectors, matrices, arrays, structs and the contents of
// buffer resources (a texture's sampled type is 32-bit in every target, whatever it says).
void widths_of(const sema::Type* t, Widths& w, TypeSet& seen) {
    if (!t) return;
    // Scalars and vectors of scalars, nearly every value's type, need no visited set: seeing one
    // twice sets the same flags.
    if (const auto* s = t->as<sema::ScalarType>()) return scalar_width(s, w);
    if (const auto* v = t->as<sema::VectorType>()) {
        if (v->element) scalar_width(v->element, w);
        return;
    }
    if (!seen.insert(t)) return;
    if (const auto* m = t->as<sema::MatrixType>()) {
        widths_of(m->element, w, seen);
    } else if (const auto* a = t->as<sema::ArrayType>()) {
        widths_of(a->element, w, seen);
    } else if (const auto* st = t->as<sema::StructType>()) {
        if (st->base) widths_of(st->base, w, seen);
        for (const sema::StructMember& member : st->members) widths_of(member.type, w, seen);
    } else if (const auto* p = t->as<sema::PointerType>()) {
        widths_of(p->pointee, w, seen);
    } else if (const auto* r = t->as<sema::ResourceType>()) {
        if (sema::is_block_buffer(r->resource) || sema::is_structured_buffer(r->resource))
            widths_of(r->element, w, seen);
    }
}

// The widths inside `t` alone; `scratch` is the caller's set, emptied first (one table for every
// call of a compile instead of one each).
Widths widths(const sema::Type* t, TypeSet& scratch) {
    Widths w;
    scratch.clear();
    widths_of(t, w, scratch);
    return w;
}

// The feature a 16-bit value in this global's memory needs.
std::uint32_t storage16_feature(const ir::Global& g) {
    switch (g.space()) {
    case sema::AddressSpace::StorageBuffer: return layouts::FeatureStorageBuffer16;
    case sema::AddressSpace::Uniform: return layouts::FeatureUniformBuffer16;
    case sema::AddressSpace::PushConstant: return layouts::FeaturePushConstant16;
    case sema::AddressSpace::Input:
    case sema::AddressSpace::Output: return layouts::FeatureInputOutput16;
    default: return 0;
    }
}

}  // namespace

std::uint32_t entry_features(const ir::EntryPoint& entry) {
    Widths all;
    std::uint32_t features = 0;
    TypeSet seen;
    support::PointerSet<const ir::Global*> globals;
    support::PointerSet<const ir::Function*> visited;
    TypeSet scratch;
    std::vector<const ir::Function*> work{entry.function};
    auto global = [&](const ir::Global* g) {
        if (!globals.insert(g)) return;
        widths_of(g->value_type(), all, seen);
        if (widths(g->value_type(), scratch).any16()) features |= storage16_feature(*g);
    };
    for (const ir::Global* g : entry.inputs) global(g);
    for (const ir::Global* g : entry.outputs) global(g);
    while (!work.empty()) {
        const ir::Function* f = work.back();
        work.pop_back();
        if (!f || !visited.insert(f)) continue;
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions) {
                widths_of(i->type(), all, seen);
                for (const ir::Value* op : i->operands) {
                    // An instruction's result is walked where it is defined, in this function, and
                    // an argument's type is the type of what each call passes, walked at the call.
                    if (!op || op->as<ir::Instruction>() || op->as<ir::Argument>()) continue;
                    if (const auto* g = op->as<ir::Global>()) global(g);
                    else widths_of(op->type(), all, seen);
                }
                if (i->opcode == ir::Opcode::Call && i->callee) work.push_back(i->callee);
                if (i->opcode == ir::Opcode::AtomicRmw || i->opcode == ir::Opcode::AtomicCompareExchange) {
                    Widths w = widths(i->type(), scratch);
                    if (w.i64 || w.f64) features |= layouts::FeatureInt64Atomics;
                }
            }
    }
    if (all.f16) features |= layouts::FeatureFloat16;
    if (all.i16) features |= layouts::FeatureInt16;
    if (all.f64) features |= layouts::FeatureFloat64;
    if (all.i64) features |= layouts::FeatureInt64;
    return features;
}

}  // namespace oneshader::driver
