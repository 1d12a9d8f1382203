#include "reflect/msl_slots.hpp"

#include "types/types_query.hpp"

namespace oneshader::reflect {

bool MslSlots::known(const void* key) const { return entries_.find(key) != nullptr; }

void MslSlots::add_buffer(const sema::BufferBlock* b) {
    if (!b || known(b) || !b->type) return;
    std::uint32_t count = b->count;
    if (b->object && b->object->type)
        if (const auto* a = b->object->type->as<sema::ArrayType>()) count = a->length ? a->length : 1;
    entries_.emplace(b, MslIndex{next_[0], std::nullopt});
    next_[0] += count ? count : 1;
}

void MslSlots::add_resource(const sema::Resource* r) {
    if (!r) return;
    if (r->buffer) {
        add_buffer(r->buffer);
        return;
    }
    if (known(r)) return;
    const sema::ResourceType* rt = sema::innermost_element(r->type)->as<sema::ResourceType>();
    if (!rt) return;
    bool texture = sema::is_texture(rt->resource) || sema::is_typed_buffer(rt->resource) ||
                   sema::is_subpass_input(rt->resource);
    int c = sema::is_sampler(rt->resource) ? 2 : texture ? 1 : 0;
    MslIndex index{next_[c], std::nullopt};
    next_[c] += r->count ? r->count : 1;
    if (r->counter_binding) {
        // An array of buffers has an array of counters, one index each.
        index.counter = next_[0];
        next_[0] += r->count ? r->count : 1;
    }
    entries_.emplace(r, index);
}

MslSlots::MslSlots(const sema::Program& program) {
    for (const sema::Variable* v : program.globals) {
        switch (v->storage) {
        case sema::StorageClass::Resource:
            add_resource(v->resource);
            for (const sema::Resource* r : v->member_resources) add_resource(r);
            break;
        case sema::StorageClass::BufferObject:
        case sema::StorageClass::BufferMember: add_buffer(v->buffer); break;
        default: break;
        }
    }
    for (const sema::BufferBlock* b : program.buffers) add_buffer(b);
    for (const sema::Resource* r : program.resources) add_resource(r);
}

std::optional<MslIndex> MslSlots::of(const sema::Resource* r) const {
    const void* key = r->buffer ? static_cast<const void*>(r->buffer) : r;
    if (const auto* e = entries_.find(key)) return e->second;
    return std::nullopt;
}

std::optional<std::uint32_t> MslSlots::of(const sema::BufferBlock* b) const {
    if (const auto* e = entries_.find(b)) return e->second.index;
    return std::nullopt;
}

}  // namespace oneshader::reflect
