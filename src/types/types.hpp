#pragma once
// The HLSL type system shared by semantic analysis and the IR (spec: "Types are HlslType").
//
// Every type is created by one TypeContext per compile, in that compile's arena, and is
// hash-consed: asking twice for `float4` gives the same pointer, so type equality is pointer
// equality and types can be map keys. Structs are the exception by design: they are nominal, so
// each declaration is a new type even when two declarations have the same members.
//
// Matrix orientation (`row_major` / `column_major`) is part of the matrix type, not a separate
// qualifier on declarations. It is written wherever a type is written (typedefs, template
// arguments such as `StructuredBuffer<row_major float3x4>`, array elements, struct members), and
// only buffer layout reads it, so keeping it in the type lets it travel through all of those
// without a side channel, as DXC's attributed types do. The price is that two matrices that differ
// only in orientation are different types; code that compares values (assignment, overloads, IR
// verification) compares `value_type()`, which strips orientation (also inside arrays) and is
// itself a hash-consed pointer, so that comparison is still one pointer compare.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "support/arena.hpp"
#include "support/flat_map.hpp"
#include "support/interner.hpp"
#include "support/source_manager.hpp"

namespace oneshader::sema {

// The scalar spellings that are distinct types. `dword`, `int32_t`, `uint32_t`, `float32_t` and
// `float64_t` are other names of Int/UInt/Float/Double, and `float16_t` of Half (see
// scalar_spelling.hpp). The literal kinds are the types of unsuffixed literals before they meet a
// concrete type.
enum class ScalarKind : std::uint8_t {
    Bool,
    Int,
    UInt,
    Float,
    Double,
    Half,
    Int16,
    UInt16,
    Int64,
    UInt64,
    Min16Float,
    Min10Float,
    Min16Int,
    Min12Int,
    Min16UInt,
    LiteralInt,
    LiteralFloat,
};
inline constexpr std::size_t kScalarKindCount = 17;

enum class MatrixOrientation : std::uint8_t { Unspecified, RowMajor, ColumnMajor };

enum class ResourceKind : std::uint8_t {
    Texture1D,
    Texture1DArray,
    Texture2D,
    Texture2DArray,
    Texture2DMS,
    Texture2DMSArray,
    Texture3D,
    TextureCube,
    TextureCubeArray,
    RWTexture1D,
    RWTexture1DArray,
    RWTexture2D,
    RWTexture2DArray,
    RWTexture3D,
    Buffer,
    RWBuffer,
    StructuredBuffer,
    RWStructuredBuffer,
    AppendStructuredBuffer,
    ConsumeStructuredBuffer,
    ByteAddressBuffer,
    RWByteAddressBuffer,
    ConstantBuffer,
    SamplerState,
    SamplerComparisonState,
    // Vulkan input attachments ([[vk::input_attachment_index(i)]]), read with SubpassLoad in pixel shaders.
    SubpassInput,
    SubpassInputMS,
    // `TextureBuffer<T>` and `tbuffer`: a read-only storage buffer read as one T (like ConstantBuffer<T>,
    // with the storage-buffer layout).
    TextureBuffer,
};

// Where a pointer points (IR spec: logical addressing). Function is a local, Private a static
// global, Workgroup `groupshared`.
enum class AddressSpace : std::uint8_t {
    Function,
    Private,
    Workgroup,
    Uniform,
    UniformConstant,
    StorageBuffer,
    PushConstant,
    Input,
    Output,
};

enum class ParamDirection : std::uint8_t { In, Out, InOut };

enum class TypeKind : std::uint8_t { Void, Scalar, Vector, Matrix, Array, Struct, Resource, Function, Pointer };

class TypeContext;

class Type {
public:
    Type(const Type&) = delete;
    Type& operator=(const Type&) = delete;

    TypeKind kind() const { return kind_; }
    // The same type with every matrix orientation removed: what values of this type are.
    const Type* value_type() const { return value_; }

    template <class T>
    const T* as() const {
        return kind_ == T::kKind ? static_cast<const T*>(this) : nullptr;
    }
    template <class T>
    bool is() const {
        return kind_ == T::kKind;
    }

protected:
    explicit Type(TypeKind kind) : kind_(kind) {}
    ~Type() = default;

private:
    friend class TypeContext;
    TypeKind kind_;
    const Type* value_ = this;
};

struct VoidType final : Type {
    static constexpr TypeKind kKind = TypeKind::Void;
    VoidType() : Type(kKind) {}
};

struct ScalarType final : Type {
    static constexpr TypeKind kKind = TypeKind::Scalar;
    ScalarType(ScalarKind k, std::uint8_t b, bool r) : Type(kKind), scalar(k), bits(b), relaxed(r) {}
    ScalarKind scalar;
    // Width of a value: 16, 32 or 64. `half` and the min-precision kinds are 16 with
    // -enable-16bit-types and 32 without; bool reports 32, its size in memory.
    std::uint8_t bits;
    // 32-bit stand-in for a min-precision type (SPIR-V RelaxedPrecision).
    bool relaxed;
};

struct VectorType final : Type {
    static constexpr TypeKind kKind = TypeKind::Vector;
    VectorType(const ScalarType* e, std::uint8_t n) : Type(kKind), element(e), count(n) {}
    const ScalarType* element;
    std::uint8_t count;  // 1 to 4
};

struct MatrixType final : Type {
    static constexpr TypeKind kKind = TypeKind::Matrix;
    MatrixType(const ScalarType* e, std::uint8_t r, std::uint8_t c, MatrixOrientation o)
        : Type(kKind), element(e), rows(r), cols(c), orientation(o) {}
    const ScalarType* element;
    std::uint8_t rows;  // 1 to 4
    std::uint8_t cols;  // 1 to 4
    MatrixOrientation orientation;
};

struct ArrayType final : Type {
    static constexpr TypeKind kKind = TypeKind::Array;
    ArrayType(const Type* e, std::uint32_t n) : Type(kKind), element(e), length(n) {}
    const Type* element;
    std::uint32_t length;  // 0: unsized (`T[]`, a runtime array)
};

// Interpolation modifiers of a struct member or stage variable, as a bit set.
enum InterpolationBits : std::uint8_t {
    kInterpLinear = 1,
    kInterpCentroid = 2,
    kInterpNoInterpolation = 4,
    kInterpNoPerspective = 8,
    kInterpSample = 16,
};

// `packoffset(c<reg>.<component>)`: byte offset 16 * reg + 4 * component.
struct PackOffset {
    std::uint32_t reg = 0;
    std::uint32_t component = 0;  // x=0, y=1, z=2, w=3
    std::uint64_t byte_offset() const { return 16 * std::uint64_t(reg) + 4 * component; }
};

// One bit field of a struct (HLSL 2021 `uint a : 4;`), part of a storage unit (StructMember).
struct BitField {
    support::Symbol name;
    std::uint8_t offset = 0;  // the lowest bit of the unit it occupies
    std::uint8_t width = 0;   // 1 to the unit's bits
    support::SourceRange range;
};

// A data member as stored (what layouts, the IR and the backends see). DXC packs consecutive bit
// fields of one type into a storage unit of that type, lowest bits first, while they fit; such a
// unit is one member whose `bit_fields` lists them, named after the first (as DXC's OpMemberName).
// Its own name is not a member name: lookup, flattening and reflection use the bit fields.
struct StructMember {
    support::Symbol name;
    const Type* type = nullptr;
    support::Symbol semantic;  // as written, index included (`TEXCOORD1`); empty when none
    std::uint8_t interpolation = 0;  // InterpolationBits
    bool precise = false;
    std::optional<std::uint32_t> vk_offset;   // [[vk::offset(n)]]
    std::optional<PackOffset> packoffset;     // cbuffer members only
    std::optional<std::uint32_t> vk_location; // [[vk::location(n)]]
    std::string_view vk_builtin;              // [[vk::builtin("PointSize")]], checked
    support::SourceRange range;               // the declarator, for diagnostics about this member
    std::span<const BitField> bit_fields;     // a storage unit of bit fields: them, lowest first; else empty
};

struct StructType final : Type {
    static constexpr TypeKind kKind = TypeKind::Struct;
    StructType(support::Symbol n, std::uint32_t i) : Type(kKind), name(n), id(i) {}
    support::Symbol name;  // name.str() is empty for an anonymous struct
    std::uint32_t id;      // declaration order within the compile, for deterministic sorting
    bool defined = false;  // false between create_struct and define_struct
    const StructType* base = nullptr;  // single inheritance
    std::span<const StructMember> members;  // own members, declaration order, base excluded
    // Facts about the whole value, computed once by define_struct from the members' own facts, so
    // asking them costs the same for a DAG of structs (`struct S1 { S0 a; S0 b; }` ...) as for a
    // tree: nothing walks the nesting again.
    std::uint32_t nesting = 0;        // struct and array levels down to the deepest basic type, this one included
    std::uint32_t flat_scalars = 0;   // flattened_scalar_count, saturating at UINT32_MAX
    bool holds_resource = false;      // contains_resource
    std::uint8_t pointer_facts = 0;   // pointer_facts (PointerFacts bits)
};

struct ResourceType final : Type {
    static constexpr TypeKind kKind = TypeKind::Resource;
    ResourceType(ResourceKind r, const Type* e, std::uint32_t s, bool rov)
        : Type(kKind), resource(r), element(e), samples(s), rasterizer_ordered(rov) {}
    ResourceKind resource;
    const Type* element;    // null for byte-address buffers and samplers
    std::uint32_t samples;  // Texture2DMS<T, N>: N; 0 when not given or not multisampled
    // RasterizerOrdered*: the RW kind of the same shape (RasterizerOrderedTexture2D is RWTexture2D
    // here), whose accesses a pixel shader orders between overlapping fragments.
    bool rasterizer_ordered;
};

struct ParamType {
    const Type* type = nullptr;
    ParamDirection direction = ParamDirection::In;
    friend bool operator==(const ParamType& a, const ParamType& b) {
        return a.type == b.type && a.direction == b.direction;
    }
};

struct FunctionType final : Type {
    static constexpr TypeKind kKind = TypeKind::Function;
    FunctionType(const Type* r, std::span<const ParamType> p) : Type(kKind), result(r), params(p) {}
    const Type* result;
    std::span<const ParamType> params;
};

struct PointerType final : Type {
    static constexpr TypeKind kKind = TypeKind::Pointer;
    PointerType(AddressSpace s, const Type* p) : Type(kKind), space(s), pointee(p) {}
    AddressSpace space;
    const Type* pointee;
};

struct TypeOptions {
    bool enable_16bit_types = false;  // -enable-16bit-types
};

// Creates and interns the types of one compile. Not thread-safe; one per compile.
// Functions given out-of-range arguments (a vector of 5, a matrix of 0 rows) return null, so the
// caller reports the error at the place it was written.
class TypeContext {
public:
    explicit TypeContext(support::Arena& arena, TypeOptions options = {});
    TypeContext(const TypeContext&) = delete;
    TypeContext& operator=(const TypeContext&) = delete;

    const TypeOptions& options() const { return options_; }

    const VoidType* void_type() const { return void_; }
    const ScalarType* scalar(ScalarKind kind);
    const VectorType* vector(const ScalarType* element, std::uint32_t count);
    const VectorType* vector(ScalarKind element, std::uint32_t count) { return vector(scalar(element), count); }
    const MatrixType* matrix(const ScalarType* element, std::uint32_t rows, std::uint32_t cols,
                             MatrixOrientation orientation = MatrixOrientation::Unspecified);
    const MatrixType* matrix(ScalarKind element, std::uint32_t rows, std::uint32_t cols,
                             MatrixOrientation orientation = MatrixOrientation::Unspecified) {
        return matrix(scalar(element), rows, cols, orientation);
    }
    const ArrayType* array(const Type* element, std::uint32_t length);
    const ResourceType* resource(ResourceKind kind, const Type* element = nullptr, std::uint32_t samples = 0,
                                 bool rasterizer_ordered = false);
    const FunctionType* function(const Type* result, std::span<const ParamType> params);
    const PointerType* pointer(AddressSpace space, const Type* pointee);

    // A new nominal struct. Members are given later by define_struct, once the declaration's
    // body has been checked; until then the struct is incomplete (`defined` is false).
    StructType* create_struct(support::Symbol name);
    void define_struct(StructType* s, const StructType* base, std::span<const StructMember> members);

    // `t` with the orientation of its matrices (directly or as array elements) set to `o`; other
    // types come back unchanged. For `row_major` written on a typedef'd or declared type, and for
    // #pragma pack_matrix applied to a declaration.
    const Type* with_orientation(const Type* t, MatrixOrientation o);

    std::size_t struct_count() const { return next_struct_id_; }

private:
    struct Key {
        TypeKind kind;
        std::uint8_t a;
        std::uint32_t n;
        const Type* p;
        friend bool operator==(const Key& x, const Key& y) {
            return x.kind == y.kind && x.a == y.a && x.n == y.n && x.p == y.p;
        }
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const;
    };

    const Type* intern(const Key& key);

    support::Arena& arena_;
    TypeOptions options_;
    const VoidType* void_;
    const ScalarType* scalars_[kScalarKindCount] = {};
    const VectorType* vectors_[kScalarKindCount][4] = {};
    const MatrixType* matrices_[kScalarKindCount][3][4][4] = {};
    // Arrays, resources and pointers. Only looked up, never iterated, so hash order never leaks.
    support::FlatMap<Key, const Type*, KeyHash> interned_;
    // Function types by signature (a stored key's parameters are the type's own, in the arena).
    // Only looked up, never iterated.
    struct SignatureKey {
        const Type* result = nullptr;
        std::span<const ParamType> params;
        friend bool operator==(const SignatureKey& x, const SignatureKey& y) {
            return x.result == y.result &&
                   std::equal(x.params.begin(), x.params.end(), y.params.begin(), y.params.end());
        }
    };
    struct SignatureHash {
        std::size_t operator()(const SignatureKey& k) const;
    };
    support::FlatMap<SignatureKey, const FunctionType*, SignatureHash> functions_;
    std::uint32_t next_struct_id_ = 0;
};

}  // namespace oneshader::sema
