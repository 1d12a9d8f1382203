#pragma once
// Types as HLSL spells them, for diagnostics, the IR dump and reflection's `hlslType`:
// `float4`, `row_major float3x4`, `Texture2D<float4>`, `StructuredBuffer<Light>`, `float[2][3]`.
#include <optional>
#include <string>
#include <string_view>

#include "types/types.hpp"

namespace oneshader::sema {

std::string_view scalar_kind_name(ScalarKind k);      // "float", "min16float", "literal int"
std::string_view resource_kind_name(ResourceKind k);  // "Texture2D", "SamplerComparisonState"
// The resource kind a template name stands for (`RWTexture2D` gives RWTexture2D).
std::optional<ResourceKind> resource_kind_from_name(std::string_view name);
// The RW kind a RasterizerOrdered* name shares its shape with (`RasterizerOrderedBuffer` gives
// RWBuffer); nothing for any other name.
std::optional<ResourceKind> rasterizer_ordered_kind_from_name(std::string_view name);
// The type's template name: its kind's, or the RasterizerOrdered* one of a rasterizer-ordered view.
std::string_view resource_type_name(const ResourceType* r);
std::string_view address_space_name(AddressSpace s);  // "function", "uniform", ... (the IR dump's words)

// The HLSL spelling of a type. Arrays print outermost dimension first (`float[2][3]` is two
// arrays of three), an anonymous struct as `struct <anonymous>`, a function as
// `float4(float2, out float)`, a pointer as the IR dump does (`ptr<function, int>`).
std::string type_name(const Type* t);

}  // namespace oneshader::sema
