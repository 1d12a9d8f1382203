// 16-bit values in interface storage. Float16/Int16 (types.cpp) allow 16-bit arithmetic; keeping
// such values in buffers, push constants or stage variables needs SPV_KHR_16bit_storage's
// capabilities as well, one per kind of storage, as DXC declares them: storage buffers (the
// StorageBuffer class, or Uniform with BufferBlock before SPIR-V 1.3), uniform blocks, push
// constants and stage inputs/outputs. The extension comes with them before SPIR-V 1.3
// (target_env.cpp).
#include "spirv/emitter.hpp"
#include "support/pointer_map.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {

namespace {

// Each type once: struct members may share a type at every level (a DAG), which a walk as a tree
// would visit exponentially often. A type seen before answered false (a true answer stops the walk).
bool holds_16bit(const sema::Type* t, support::PointerSet<const sema::Type*>& seen) {
    if (!t) return false;
    // Basic types, what most globals hold, answer without the visited set.
    if (const sema::ScalarType* s = sema::component_type(t)) return s->bits == 16;
    if (!seen.insert(t)) return false;
    if (const auto* a = t->as<sema::ArrayType>()) return holds_16bit(a->element, seen);
    if (const auto* st = t->as<sema::StructType>()) {
        if (st->base && holds_16bit(st->base, seen)) return true;
        for (const sema::StructMember& m : st->members)
            if (holds_16bit(m.type, seen)) return true;
        return false;
    }
    if (const auto* r = t->as<sema::ResourceType>()) {
        // Images keep 32-bit texels whatever the element type says; only buffer blocks store it.
        if (sema::is_sampler(r->resource) || sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource))
            return false;
        return holds_16bit(r->element, seen);
    }
    return false;
}

}  // namespace

void Emitter::note_16bit_storage(const ir::Global* g, spv::StorageClass storage) {
    support::PointerSet<const sema::Type*> seen;
    if (!holds_16bit(g->value_type(), seen)) return;
    switch (storage) {
    case spv::StorageClass::StorageBuffer: capability(spv::Capability::StorageBuffer16BitAccess); break;
    case spv::StorageClass::Uniform:
        // Before SPIR-V 1.3 a storage buffer is a Uniform block decorated BufferBlock.
        capability(g->space() == sema::AddressSpace::StorageBuffer ? spv::Capability::StorageBuffer16BitAccess
                                                                   : spv::Capability::UniformAndStorageBuffer16BitAccess);
        break;
    case spv::StorageClass::PushConstant: capability(spv::Capability::StoragePushConstant16); break;
    case spv::StorageClass::Input:
    case spv::StorageClass::Output: capability(spv::Capability::StorageInputOutput16); break;
    default: break;
    }
}

}  // namespace oneshader::spirv
