// Module-scope objects: resources and buffers as globals in their address spaces with set and
// binding, append/consume counters, static and groupshared variables, specialization constants,
// and `init_globals` for statics whose initializers are not constants.
#include <fmt/format.h>

#include "lower/lowerer.hpp"
#include "types/types_print.hpp"

namespace oneshader::lower {

namespace {

sema::AddressSpace space_of(sema::ResourceKind k) {
    if (k == sema::ResourceKind::ConstantBuffer) return sema::AddressSpace::Uniform;
    if (sema::is_structured_buffer(k) || sema::is_byte_address_buffer(k) || k == sema::ResourceKind::TextureBuffer)
        return sema::AddressSpace::StorageBuffer;
    return sema::AddressSpace::UniformConstant;
}

const sema::ResourceType* innermost_resource(const Type* t) {
    return sema::innermost_element(t)->as<sema::ResourceType>();
}

}  // namespace

void Lowerer::declare_globals() {
    // Declaration order first, so the dump lists globals as the source declares them; then any
    // block or resource no variable named ($Globals, cbuffers whose members are all unused).
    for (const sema::Variable* v : program_.globals) {
        switch (v->storage) {
        case sema::StorageClass::Resource:
        case sema::StorageClass::BufferObject:
        case sema::StorageClass::StaticGlobal:
        case sema::StorageClass::StaticMember:
        case sema::StorageClass::GroupShared: global_of(v); break;
        case sema::StorageClass::BufferMember:
            if (v->buffer) buffer_global(v->buffer);
            break;
        case sema::StorageClass::SpecConstant: spec_constant_of(v); break;
        default: break;
        }
    }
    for (const sema::BufferBlock* b : program_.buffers) buffer_global(b);
    for (const sema::Resource* r : program_.resources) resource_global(r);
    if (!dynamic_statics_.empty()) finish_init_globals();
}

ir::Global* Lowerer::global_of(const sema::Variable* v) {
    if (ir::Global** known = var_globals_.find(v)) return *known;
    ir::Global* g = nullptr;
    switch (v->storage) {
    case sema::StorageClass::Resource:
        if (!v->resource && !v->member_resources.empty()) {
            // A global struct of resources: one global per member (resource_struct_value).
            for (const sema::Resource* r : v->member_resources) resource_global(r);
            return nullptr;
        }
        g = v->resource ? resource_global(v->resource) : nullptr;
        if (!g) unsupported(v->loc, fmt::format("the resource '{}' without a binding", v->name.str()));
        break;
    case sema::StorageClass::BufferObject:
        g = v->buffer ? buffer_global(v->buffer) : nullptr;
        break;
    case sema::StorageClass::StaticGlobal:
    case sema::StorageClass::StaticMember:
    case sema::StorageClass::GroupShared: {
        bool shared = v->storage == sema::StorageClass::GroupShared;
        if (!v->type || (sema::contains_resource(v->type) && (shared || !reference_type(v->type)))) {
            unsupported(v->loc, fmt::format("the {} variable '{}' holding {}", shared ? "groupshared" : "static",
                                            v->name.str(),
                                            shared ? "a resource" : "a ConstantBuffer or TextureBuffer (a block)"));
            break;
        }
        // A static holding resources holds references (lower_resources.cpp): concrete() maps it.
        const Type* t = concrete(v->type);
        std::string name(v->name.str());
        if (v->owner) name = fmt::format("{}::{}", v->owner->name.str(), name);
        g = m_.add_global(shared ? sema::AddressSpace::Workgroup : sema::AddressSpace::Private, t, name);
        g->loc = v->loc;
        if (!shared) {
            // HLSL statics start as zero unless initialized; a constant initializer is the
            // global's own, anything else runs in init_globals.
            // One holding resources is never a constant: its references are stored at the start.
            bool refs = sema::contains_resource(v->type);
            ir::Constant* c = !v->init ? m_.zero_constant(t) : refs ? nullptr : constant_of(v->init, t);
            if (!c) {
                c = m_.zero_constant(t);
                dynamic_statics_.push_back(v);
            }
            g->initializer = c;
        }
        break;
    }
    default: break;
    }
    if (g) var_globals_[v] = g;
    return g;
}

// SPV_GOOGLE_user_type's spelling of a resource type, as DXC writes it: the HLSL type name in
// lower case, then its template arguments ("texture2dms:<float4,8>"). Samplers get none.
std::string_view Lowerer::user_type_of(const sema::ResourceType* rt) {
    if (rt->resource == sema::ResourceKind::SamplerState || rt->resource == sema::ResourceKind::SamplerComparisonState)
        return {};
    std::string text(sema::resource_type_name(rt));
    for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (rt->element) {
        text += ":<" + sema::type_name(rt->element);
        if (rt->samples) text.append(",").append(std::to_string(rt->samples));
        text += '>';
    }
    return m_.arena().copy(text);
}

ir::Global* Lowerer::resource_global(const sema::Resource* r) {
    if (r->buffer) return buffer_global(r->buffer);
    if (ir::Global** known = resource_globals_.find(r)) return *known;
    const sema::ResourceType* rt = innermost_resource(r->type);
    if (!rt) {
        unsupported(r->loc, fmt::format("the resource '{}' of a type that is not a resource", r->name.str()));
        resource_globals_[r] = nullptr;
        return nullptr;
    }
    ir::Global* g = m_.add_global(space_of(rt->resource), r->type, r->name.str());
    g->loc = r->loc;
    if (options_.hlsl_reflection) g->user_type = user_type_of(rt);
    g->set = r->binding.set;
    g->binding = r->binding.binding;
    if (!r->image_format.empty()) {
        if (auto f = ir::image_format_from_name(r->image_format)) g->image_format = *f;
    }
    g->input_attachment_index = r->input_attachment_index;
    resource_globals_[r] = g;
    if (r->var) var_globals_[r->var] = g;
    if (r->counter_binding) {
        // The hidden counter of an append/consume buffer (or of a RWStructuredBuffer whose counter
        // methods are called): one 32-bit word, an array of them for an array of buffers. The views
        // of a heap share the heap's counters (counter.var.ResourceDescriptorHeap).
        std::uint32_t set = r->counter_descriptor_set();
        const bool heap_view = r->heap != sema::DescriptorHeap::None;
        ir::Global* c = heap_view ? heap_counters_ : nullptr;
        if (!c) {
            const Type* word = types_.resource(sema::ResourceKind::RWByteAddressBuffer);
            if (const auto* a = r->type->as<sema::ArrayType>()) word = types_.array(word, a->length);
            c = m_.add_global(sema::AddressSpace::StorageBuffer, word, fmt::format("counter.var.{}", r->name.str()));
            c->set = set;
            c->binding = *r->counter_binding;
            if (options_.hlsl_reflection) c->counter_for = g;
            if (heap_view) heap_counters_ = c;
        }
        counters_[g] = c;
        g->counter = c;
    }
    return g;
}

ir::Global* Lowerer::buffer_global(const sema::BufferBlock* b) {
    if (auto it = buffer_globals_.find(b); it != buffer_globals_.end()) return it->second;
    ir::Global* g = nullptr;
    if (!b->type) {
        unsupported(b->loc, fmt::format("the buffer '{}' without contents", b->name.str()));
    } else {
        // A cbuffer is a ConstantBuffer of the struct of its members, as ConstantBuffer<T> is; a
        // tbuffer a TextureBuffer of it, as TextureBuffer<T> is (a read-only storage buffer).
        bool texture = b->kind == sema::BufferKind::TBuffer || b->kind == sema::BufferKind::TextureBuffer;
        const Type* t = types_.resource(texture ? sema::ResourceKind::TextureBuffer : sema::ResourceKind::ConstantBuffer,
                                        b->type);
        if (b->object && b->object->type) {
            if (const auto* a = b->object->type->as<sema::ArrayType>()) t = types_.array(t, a->length);
        } else if (b->count > 1) {
            t = types_.array(t, b->count);
        }
        bool push = b->kind == sema::BufferKind::PushConstant;
        g = m_.add_global(push      ? sema::AddressSpace::PushConstant
                          : texture ? sema::AddressSpace::StorageBuffer
                                    : sema::AddressSpace::Uniform,
                          t, b->name.str());
        g->loc = b->loc;
        // DXC names a cbuffer block "cbuffer", a tbuffer "tbuffer", and a ConstantBuffer<T> or
        // TextureBuffer<T> by its struct.
        if (options_.hlsl_reflection && !push) {
            if (b->object)
                g->user_type = m_.arena().copy(std::string(texture ? "texturebuffer:<" : "constantbuffer:<") +
                                               sema::type_name(b->type) + ">");
            else
                g->user_type = texture ? std::string_view("tbuffer") : std::string_view("cbuffer");
        }
        if (!push && b->resource) {
            g->set = b->resource->binding.set;
            g->binding = b->resource->binding.binding;
        }
        if (b->resource) resource_globals_[b->resource] = g;
        if (b->object) var_globals_[b->object] = g;
    }
    buffer_globals_[b] = g;
    return g;
}

ir::Global* Lowerer::counter_of(ir::Global* buffer) {
    auto it = counters_.find(buffer);
    return it == counters_.end() ? nullptr : it->second;
}

ir::SpecConstant* Lowerer::spec_constant_of(const sema::Variable* v) {
    if (auto it = spec_constants_.find(v); it != spec_constants_.end()) return it->second;
    ir::SpecConstant* s = nullptr;
    const sema::SpecConstant* info = nullptr;
    for (const sema::SpecConstant& c : program_.spec_constants)
        if (c.var == v) info = &c;
    const auto* t = v->type ? concrete(v->type)->as<sema::ScalarType>() : nullptr;
    if (!info || !t) {
        unsupported(v->loc, fmt::format("the specialization constant '{}' that is not a scalar", v->name.str()));
    } else {
        s = m_.add_spec_constant(t, info->id, const_scalar(t, info->default_value), v->name.str());
    }
    spec_constants_[v] = s;
    return s;
}

ir::Global* Lowerer::static_local_global(const sema::Variable* v) {
    if (ir::Global** known = var_globals_.find(v)) return *known;
    if (!v->type || (sema::contains_resource(v->type) && !reference_type(v->type))) {
        unsupported(v->loc, fmt::format("the static local '{}' holding a ConstantBuffer or TextureBuffer (a block)",
                                        v->name.str()));
        var_globals_[v] = nullptr;
        return nullptr;
    }
    const Type* t = concrete(v->type);
    std::string prefix = sfn_ ? std::string(sfn_->name.str()) + "." : std::string();
    ir::Global* g = m_.add_global(sema::AddressSpace::Private, t, prefix + std::string(v->name.str()));
    g->loc = v->loc;
    bool refs = sema::contains_resource(v->type);
    ir::Constant* c = !v->init ? m_.zero_constant(t) : refs ? nullptr : constant_of(v->init, t);
    if (!c) {
        // Initialized the first time control reaches the declaration, as HLSL says: a flag
        // global remembers whether that happened.
        c = m_.zero_constant(t);
        ir::Global* flag = m_.add_global(sema::AddressSpace::Private, scalar(sema::ScalarKind::Bool),
                                         prefix + std::string(v->name.str()) + ".initialized");
        flag->initializer = m_.bool_constant(false);
        static_local_flags_[v] = flag;
    }
    g->initializer = c;
    var_globals_[v] = g;
    return g;
}

ir::Function* Lowerer::init_globals_function() { return init_globals_; }

void Lowerer::finish_init_globals() {
    init_globals_ = m_.add_function(unique_function_name("init_globals"), types_.void_type());
    begin_function(init_globals_, nullptr);
    for (const sema::Variable* v : dynamic_statics_) {
        ir::Global* g = var_globals_[v];
        if (!g || !open()) continue;
        ir::Value* value = rvalue(v->init);
        if (value) b_.store(g, convert(value, g->value_type()));
    }
    if (open()) b_.ret();
    end_function();
}

}  // namespace oneshader::lower
