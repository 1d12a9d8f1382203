#include "types/types_query.hpp"

#include <algorithm>

namespace oneshader::sema {

bool is_integer_kind(ScalarKind k) {
    switch (k) {
    case ScalarKind::Int:
    case ScalarKind::UInt:
    case ScalarKind::Int16:
    case ScalarKind::UInt16:
    case ScalarKind::Int64:
    case ScalarKind::UInt64:
    case ScalarKind::Min16Int:
    case ScalarKind::Min12Int:
    case ScalarKind::Min16UInt:
    case ScalarKind::LiteralInt:
        return true;
    default:
        return false;
    }
}

bool is_float_kind(ScalarKind k) {
    switch (k) {
    case ScalarKind::Float:
    case ScalarKind::Double:
    case ScalarKind::Half:
    case ScalarKind::Min16Float:
    case ScalarKind::Min10Float:
    case ScalarKind::LiteralFloat:
        return true;
    default:
        return false;
    }
}

bool is_signed_kind(ScalarKind k) {
    switch (k) {
    case ScalarKind::Int:
    case ScalarKind::Int16:
    case ScalarKind::Int64:
    case ScalarKind::Min16Int:
    case ScalarKind::Min12Int:
    case ScalarKind::LiteralInt:
        return true;
    default:
        return is_float_kind(k);
    }
}

bool is_min_precision_kind(ScalarKind k) {
    switch (k) {
    case ScalarKind::Half:
    case ScalarKind::Min16Float:
    case ScalarKind::Min10Float:
    case ScalarKind::Min16Int:
    case ScalarKind::Min12Int:
    case ScalarKind::Min16UInt:
        return true;
    default:
        return false;
    }
}

bool is_literal_kind(ScalarKind k) { return k == ScalarKind::LiteralInt || k == ScalarKind::LiteralFloat; }

std::uint32_t flattened_scalar_count(const Type* t) {
    if (!t) return 0;
    if (const auto* a = t->as<ArrayType>())
        return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(a->length) * flattened_scalar_count(a->element), UINT32_MAX));
    if (const auto* s = t->as<StructType>()) return s->flat_scalars;
    return component_count(t);
}

std::uint32_t type_nesting(const Type* t) {
    std::uint32_t arrays = array_rank(t);
    const Type* e = innermost_element(t);
    const auto* s = e ? e->as<StructType>() : nullptr;
    return arrays + (s ? s->nesting : 0);
}

bool is_bool(const Type* t) {
    const ScalarType* s = component_type(t);
    return s && s->scalar == ScalarKind::Bool;
}

bool is_numeric(const Type* t) {
    const ScalarType* s = component_type(t);
    return s && s->scalar != ScalarKind::Bool;
}

bool is_integer(const Type* t) {
    const ScalarType* s = component_type(t);
    return s && is_integer_kind(s->scalar);
}

bool is_float(const Type* t) {
    const ScalarType* s = component_type(t);
    return s && is_float_kind(s->scalar);
}

bool is_signed(const Type* t) {
    const ScalarType* s = component_type(t);
    return s && is_signed_kind(s->scalar);
}

std::uint32_t bit_width(const Type* t) {
    const ScalarType* s = component_type(t);
    return s ? s->bits : 0;
}

bool is_resource_or_array(const Type* t) { return innermost_element(t) && innermost_element(t)->is<ResourceType>(); }

bool contains_resource(const Type* t) {
    const Type* e = innermost_element(t);
    if (!e) return false;
    if (e->is<ResourceType>()) return true;
    const auto* s = e->as<StructType>();
    return s && s->holds_resource;
}

std::uint8_t pointer_facts(const Type* t) {
    const Type* e = innermost_element(t);
    if (!e) return 0;
    if (const auto* p = e->as<PointerType>()) {
        const Type* pointee = innermost_element(p->pointee);
        return p->space != AddressSpace::Function && pointee && pointee->is<ResourceType>() ? kHoldsResourceRef
                                                                                             : kHoldsOtherPointer;
    }
    const auto* s = e->as<StructType>();
    return s ? s->pointer_facts : 0;
}

std::uint32_t array_rank(const Type* t) {
    std::uint32_t n = 0;
    while (t && t->is<ArrayType>()) {
        t = t->as<ArrayType>()->element;
        ++n;
    }
    return n;
}

bool can_add_array_dimension(const Type* element) { return array_rank(element) < kMaxArrayDimensions; }

const Type* innermost_element(const Type* t) {
    while (t && t->is<ArrayType>()) t = t->as<ArrayType>()->element;
    return t;
}

bool is_texture(ResourceKind k) { return k <= ResourceKind::RWTexture3D; }

bool is_storage_texture(ResourceKind k) { return k >= ResourceKind::RWTexture1D && k <= ResourceKind::RWTexture3D; }

bool is_typed_buffer(ResourceKind k) { return k == ResourceKind::Buffer || k == ResourceKind::RWBuffer; }

bool is_structured_buffer(ResourceKind k) {
    return k >= ResourceKind::StructuredBuffer && k <= ResourceKind::ConsumeStructuredBuffer;
}

bool is_byte_address_buffer(ResourceKind k) {
    return k == ResourceKind::ByteAddressBuffer || k == ResourceKind::RWByteAddressBuffer;
}

bool is_sampler(ResourceKind k) {
    return k == ResourceKind::SamplerState || k == ResourceKind::SamplerComparisonState;
}

bool is_writable(ResourceKind k) {
    return is_storage_texture(k) || k == ResourceKind::RWBuffer || k == ResourceKind::RWStructuredBuffer ||
           k == ResourceKind::AppendStructuredBuffer || k == ResourceKind::ConsumeStructuredBuffer ||
           k == ResourceKind::RWByteAddressBuffer;
}

bool is_multisampled(ResourceKind k) {
    return k == ResourceKind::Texture2DMS || k == ResourceKind::Texture2DMSArray;
}

bool is_arrayed(ResourceKind k) {
    switch (k) {
    case ResourceKind::Texture1DArray:
    case ResourceKind::Texture2DArray:
    case ResourceKind::Texture2DMSArray:
    case ResourceKind::TextureCubeArray:
    case ResourceKind::RWTexture1DArray:
    case ResourceKind::RWTexture2DArray:
        return true;
    default:
        return false;
    }
}

bool has_counter(ResourceKind k) {
    return k == ResourceKind::AppendStructuredBuffer || k == ResourceKind::ConsumeStructuredBuffer;
}

bool is_subpass_input(ResourceKind k) { return k == ResourceKind::SubpassInput || k == ResourceKind::SubpassInputMS; }

bool is_block_buffer(ResourceKind k) { return k == ResourceKind::ConstantBuffer || k == ResourceKind::TextureBuffer; }

bool takes_element_type(ResourceKind k) {
    return is_texture(k) || is_typed_buffer(k) || is_structured_buffer(k) || is_subpass_input(k) || is_block_buffer(k);
}

std::uint32_t texture_coordinate_count(ResourceKind k) {
    switch (k) {
    case ResourceKind::Texture1D:
    case ResourceKind::Texture1DArray:
    case ResourceKind::RWTexture1D:
    case ResourceKind::RWTexture1DArray:
        return 1;
    case ResourceKind::Texture2D:
    case ResourceKind::Texture2DArray:
    case ResourceKind::Texture2DMS:
    case ResourceKind::Texture2DMSArray:
    case ResourceKind::RWTexture2D:
    case ResourceKind::RWTexture2DArray:
        return 2;
    case ResourceKind::Texture3D:
    case ResourceKind::TextureCube:
    case ResourceKind::TextureCubeArray:
    case ResourceKind::RWTexture3D:
        return 3;
    default:
        return 0;
    }
}

}  // namespace oneshader::sema
