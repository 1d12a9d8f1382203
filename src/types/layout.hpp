#pragma once
// Byte layout of buffer contents, by the rules DXC applies for Vulkan (docs/layout-rules.md
// explains them with worked examples). A caller says what the contents are (LayoutRule); the
// engine's BufferLayoutRules (DXC's layout flags) say how that kind of buffer is packed:
//
//                      Constant (cbuffer, $Globals)   Storage (structured, byte-address, push, tbuffer)
//   Default (no flag)  relaxed std140                 relaxed std430
//   GL                 std140                         std430
//   DX                 FXC cbuffer packing            FXC structured-buffer packing (tight)
//   Scalar             scalar                         scalar
//
// The result is a tree shaped like the reflection JSON's `<type>` (spec: "Reflection JSON, schema
// version 1"): kind, size, alignment and per kind the scalar, components, rows/columns with matrix
// stride and packing, array length/stride/element, struct name and members with offsets. It lives
// in the compile's arena and is shared: laying out one type twice under one rule gives the same
// node.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "support/arena.hpp"
#include "support/flat_map.hpp"
#include "types/types.hpp"

namespace oneshader::sema {

// What a buffer holds, which picks its packing under the engine's BufferLayoutRules.
enum class LayoutRule : std::uint8_t {
    Constant,  // cbuffer, ConstantBuffer<T>, the implicit $Globals
    Storage,   // structured and byte-address buffers, push constants, tbuffer
};

// The rule for the contents of a resource of this kind: ConstantBuffer gets Constant, the
// structured and byte-address buffers Storage. Push constants use Storage too; they are not a
// resource kind, so the caller picks the rule for them.
LayoutRule layout_rule_for(ResourceKind kind);

// One packing of DXC's (its SpirvLayoutRule), what a LayoutRule becomes under a BufferLayoutRules.
enum class Packing : std::uint8_t { RelaxedStd140, RelaxedStd430, Std140, Std430, FxcCBuffer, FxcSBuffer, Scalar };
Packing packing_for(LayoutRule rule, BufferLayoutRules rules);
// "relaxed std140", "FXC cbuffer", ...: for messages.
std::string_view packing_name(Packing p);

enum class LayoutKind : std::uint8_t { Scalar, Vector, Matrix, Array, Struct };

struct TypeLayout;

struct MemberLayout {
    std::string_view name;
    std::uint32_t offset = 0;
    const TypeLayout* type = nullptr;
    // The member of the struct type this comes from (StructType::members index), or kBaseMember
    // for the base struct, which DXC places as an implicit first member.
    std::uint32_t source_index = 0;
    static constexpr std::uint32_t kBaseMember = 0xFFFFFFFFu;
};

struct TypeLayout {
    LayoutKind kind = LayoutKind::Scalar;
    std::uint32_t size = 0;
    std::uint32_t alignment = 1;
    const Type* type = nullptr;  // the HLSL type laid out

    // Scalar, Vector, Matrix: the component scalar. bool is stored as a 32-bit word.
    ScalarKind scalar = ScalarKind::Float;
    // Vector: the component count (2 to 4; a one-component vector is laid out as a Scalar).
    std::uint32_t components = 0;
    // Matrix (at least 2x2; 1xN and Nx1 matrices are laid out as Vectors, 1x1 as a Scalar).
    std::uint32_t rows = 0;
    std::uint32_t columns = 0;
    std::uint32_t matrix_stride = 0;  // between stored columns (ColumnMajor) or rows (RowMajor)
    MatrixPacking packing = MatrixPacking::ColumnMajor;
    // Array
    std::uint32_t length = 0;  // 0: unsized
    std::uint32_t stride = 0;
    const TypeLayout* element = nullptr;
    // Struct
    std::string_view name;
    std::span<const MemberLayout> members;

    // The layout is computed in 64 bits; true when a size, offset or stride here or in a member or
    // element passes kMaxLayoutBytes (the 32-bit fields then hold a clamped value). Sema refuses
    // such buffers, as SPIR-V offsets, strides and sizes are 32-bit.
    bool too_large = false;
    // Nodes of this layout written out as a tree (reflection's form): shared sub-layouts count per
    // use, saturating at UINT32_MAX. Sema refuses buffers past kMaxLayoutTreeNodes.
    std::uint32_t tree_nodes = 1;
    // FXC's cbuffer packing stores a column-major 1xN (row-major Nx1) matrix one component per
    // 16-byte row, which is not a vector in memory: the first such type in this layout, which sema
    // refuses (OSH0357). Null otherwise.
    const Type* fxc_split_matrix = nullptr;
};

// The member of a struct layout laid out from `source` (a StructType::members index, or
// MemberLayout::kBaseMember), with its position in `members` in `*position` when given; null when
// that member has no bytes (a resource), or is not there. A binary search: the members follow
// their sources in order after the base, and a scan per access made large buffers quadratic.
const MemberLayout* find_member(const TypeLayout& layout, std::uint32_t source, std::uint32_t* position = nullptr);

inline constexpr std::uint64_t kMaxLayoutBytes = 0xFFFFFFFFu;
inline constexpr std::uint32_t kMaxLayoutTreeNodes = 1u << 18;

struct LayoutOptions {
    // Orientation of matrices whose type leaves it unspecified (-Zpc / -Zpr).
    MatrixPacking default_packing = MatrixPacking::ColumnMajor;
    // DXC's layout flags: -fvk-use-gl-layout, -fvk-use-dx-layout, -fvk-use-scalar-layout.
    BufferLayoutRules rules = BufferLayoutRules::Default;
    friend bool operator==(const LayoutOptions&, const LayoutOptions&) = default;
};

class LayoutEngine {
public:
    LayoutEngine(support::Arena& arena, LayoutOptions options = {}) : arena_(arena), options_(options) {}
    LayoutEngine(const LayoutEngine&) = delete;
    LayoutEngine& operator=(const LayoutEngine&) = delete;

    // The layout of `t` under `rule`; null when `t` has no byte layout (void, a resource, a
    // function, a pointer, a literal or an incomplete struct). Struct members of such types
    // (a texture inside a cbuffer struct) take no space and are left out of the struct's members,
    // as DXC hoists resources out of buffers.
    const TypeLayout* layout(const Type* t, LayoutRule rule);

    // The array stride of a structured buffer of `element`: its size rounded up to its alignment
    // (16 for a float3 element).
    std::uint32_t structured_stride(const Type* element);

    const LayoutOptions& options() const { return options_; }

private:
    struct Key {
        const Type* type;
        LayoutRule rule;
        friend bool operator==(const Key& a, const Key& b) { return a.type == b.type && a.rule == b.rule; }
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const;
    };

    const TypeLayout* compute(const Type* t, LayoutRule rule);
    const TypeLayout* scalar_layout(const Type* t, const ScalarType* s);
    TypeLayout* vector_layout(const Type* t, const ScalarType* s, std::uint32_t n, Packing p);
    const TypeLayout* matrix_layout(const MatrixType* m, Packing p);
    const TypeLayout* array_layout(const ArrayType* a, LayoutRule rule);
    const TypeLayout* struct_layout(const StructType* s, LayoutRule rule);

    support::Arena& arena_;
    LayoutOptions options_;
    // Only looked up, never iterated.
    support::FlatMap<Key, const TypeLayout*, KeyHash> cache_;
};

// Two members of one struct layout whose bytes overlap: `first` is declared before `second`
// (indexes into TypeLayout::members). Only `packoffset` and `[[vk::offset]]` can cause this; the
// caller reports OSH0332 at the second member.
struct MemberOverlap {
    std::uint32_t first;
    std::uint32_t second;
};
// Every overlapping pair, ordered by `second` then `first`. Members of size 0 overlap nothing.
std::vector<MemberOverlap> find_overlaps(const TypeLayout& struct_layout);

// The layout as indented text, one node per line, for tests and debugging:
//   struct Frame size=80 align=16
//     +0 ViewProjection: matrix float 4x4 column_major stride=16 size=64 align=16
std::string dump_layout(const TypeLayout& layout);

}  // namespace oneshader::sema
