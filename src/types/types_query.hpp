#pragma once
// Questions about types that every later stage asks: component type and count, numeric classes,
// array rank, and what a resource kind is.
#include <cstdint>

#include "types/types.hpp"

namespace oneshader::sema {

// --- scalar kinds -------------------------------------------------------------------------------

bool is_integer_kind(ScalarKind k);        // int kinds of every width, min-precision and literal; not bool
bool is_float_kind(ScalarKind k);          // half, float, double, min16float, min10float, literal float
bool is_signed_kind(ScalarKind k);         // signed integers and every float kind
bool is_min_precision_kind(ScalarKind k);  // half and the min16/min10/min12 kinds
bool is_literal_kind(ScalarKind k);

// --- shapes -------------------------------------------------------------------------------------

// These three are asked about nearly every expression of every stage, so they are inline.
// The scalar of a scalar, vector or matrix; null for anything else.
inline const ScalarType* component_type(const Type* t) {
    if (!t) return nullptr;
    if (const auto* s = t->as<ScalarType>()) return s;
    if (const auto* v = t->as<VectorType>()) return v->element;
    if (const auto* m = t->as<MatrixType>()) return m->element;
    return nullptr;
}
// Scalar, vector or matrix: the types arithmetic works on component-wise.
inline bool is_basic(const Type* t) { return component_type(t) != nullptr; }
// 1 for a scalar, N for a vector, R*C for a matrix, 0 for anything else.
inline std::uint32_t component_count(const Type* t) {
    if (!t) return 0;
    if (t->is<ScalarType>()) return 1;
    if (const auto* v = t->as<VectorType>()) return v->count;
    if (const auto* m = t->as<MatrixType>()) return std::uint32_t(m->rows) * m->cols;
    return 0;
}
// Scalars in the flattened value (HLSL's flat initializer and cast rules): arrays and structs
// (base first) included. 0 for void, resources, functions, pointers and unsized arrays.
// Saturates at UINT32_MAX, which no usable type reaches.
std::uint32_t flattened_scalar_count(const Type* t);
// Struct and array levels from `t` down to its deepest basic type (0 for a scalar, vector or
// matrix): what every recursive walk over values of `t` nests. Sema refuses types deeper than
// kMaxTypeNesting before any such walk runs.
std::uint32_t type_nesting(const Type* t);
inline constexpr std::uint32_t kMaxTypeNesting = 32;
// The most scalars an initializer list or a cast between aggregates moves one by one (lowering
// flattens both into a list of scalars).
inline constexpr std::uint32_t kMaxFlatScalars = 65536;

bool is_bool(const Type* t);     // basic with bool components
bool is_numeric(const Type* t);  // basic with non-bool components
bool is_integer(const Type* t);  // basic with integer components
bool is_float(const Type* t);    // basic with floating-point components
bool is_signed(const Type* t);   // basic with signed integer or floating-point components
// Bits of one component (16, 32 or 64) of a basic type; 0 otherwise.
std::uint32_t bit_width(const Type* t);

// A resource, or an array of them (at any depth).
bool is_resource_or_array(const Type* t);
// True when a value of `t` holds a resource somewhere (struct members, array elements).
bool contains_resource(const Type* t);
// What pointers a value of `t` holds (struct members, array elements, or `t` itself), as bits: the
// IR's resource references (a pointer outside function memory to a resource or an array of them)
// and any other pointer. A struct's bits are a fact computed once when it is defined.
enum PointerFacts : std::uint8_t { kHoldsResourceRef = 1, kHoldsOtherPointer = 2 };
std::uint8_t pointer_facts(const Type* t);

// --- arrays -------------------------------------------------------------------------------------

// The most array dimensions a declaration may have. The front end checks it with
// can_add_array_dimension before building each dimension and reports the error at the bracket.
inline constexpr std::uint32_t kMaxArrayDimensions = 16;
std::uint32_t array_rank(const Type* t);  // 0 for a non-array
bool can_add_array_dimension(const Type* element);
const Type* innermost_element(const Type* t);  // strips every array level

// --- resources ----------------------------------------------------------------------------------

bool is_texture(ResourceKind k);           // every Texture* and RWTexture*
bool is_storage_texture(ResourceKind k);   // RWTexture*
bool is_typed_buffer(ResourceKind k);      // Buffer, RWBuffer
bool is_structured_buffer(ResourceKind k); // (RW/Append/Consume)StructuredBuffer
bool is_byte_address_buffer(ResourceKind k);
bool is_sampler(ResourceKind k);
bool is_writable(ResourceKind k);          // RW*, Append, Consume
bool is_multisampled(ResourceKind k);
bool is_arrayed(ResourceKind k);           // *Array textures
bool has_counter(ResourceKind k);          // Append/Consume: a hidden counter buffer
bool is_subpass_input(ResourceKind k);     // SubpassInput, SubpassInputMS
// ConstantBuffer<T> and TextureBuffer<T> (cbuffer, tbuffer): one T read as itself (`cb.member`), not
// an array of elements.
bool is_block_buffer(ResourceKind k);
// Takes an element type in angle brackets (textures, typed and structured buffers, ConstantBuffer,
// TextureBuffer).
bool takes_element_type(ResourceKind k);
// Components of a texture coordinate without the array layer: 1, 2 or 3 (cube: 3); 0 for non-textures.
std::uint32_t texture_coordinate_count(ResourceKind k);

}  // namespace oneshader::sema
