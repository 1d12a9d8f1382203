#pragma once
// Shader reflection: what a compiled shader binds, where, with which byte layouts, and what each
// entry point reads and writes. The same model for every target; built by the compiler from the
// unoptimized module, so it does not change with the optimizer.
//
// Two serialised forms: JSON (schema version 1, the command line's --reflect) and the line-based
// reflection file format (version 1), which also reads back.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/common.hpp"

namespace oneshader {

enum class ScalarKind : std::uint8_t { Bool, Int, UInt, Float, Double, Half, Int16, UInt16, Int64, UInt64 };

enum class ReflectedTypeKind : std::uint8_t { Scalar, Vector, Matrix, Array, Struct };

enum class MatrixLayout : std::uint8_t { ColumnMajor, RowMajor };

struct ReflectedMember;

// A byte layout tree: sizes, offsets and strides of a buffer, equal for every target.
struct ReflectedType {
    ReflectedTypeKind kind = ReflectedTypeKind::Scalar;
    std::uint32_t size = 0;
    std::uint32_t alignment = 0;
    ScalarKind scalar = ScalarKind::Float;  // Scalar, Vector, Matrix
    std::uint32_t components = 0;           // Vector: component count; Matrix: rows
    std::uint32_t columns = 0;              // Matrix
    std::uint32_t matrix_stride = 0;        // Matrix: bytes between stored columns (ColumnMajor) or rows
    MatrixLayout packing = MatrixLayout::ColumnMajor;
    std::uint32_t length = 0;               // Array; 0 = unsized
    std::uint32_t stride = 0;               // Array
    std::unique_ptr<ReflectedType> element; // Array
    std::string name;                       // Struct
    std::vector<ReflectedMember> members;   // Struct

    ReflectedType() = default;
    ReflectedType(const ReflectedType& other);
    ReflectedType& operator=(const ReflectedType& other);
    ReflectedType(ReflectedType&&) noexcept = default;
    ReflectedType& operator=(ReflectedType&&) noexcept = default;
    ~ReflectedType();
    friend bool operator==(const ReflectedType& a, const ReflectedType& b);
};

struct ReflectedMember {
    std::string name;
    std::uint32_t offset = 0;
    ReflectedType type;
    // A bit field (HLSL 2021 `uint a : 4;`): `offset` and `type` are those of its storage unit (the
    // integer it shares with the bit fields packed next to it), and it is the unit's bits
    // [bit_offset, bit_offset + bit_width), counted from the least significant. bit_width 0: not a
    // bit field.
    std::uint32_t bit_offset = 0;
    std::uint32_t bit_width = 0;
    friend bool operator==(const ReflectedMember&, const ReflectedMember&) = default;
};

// What a resource is to a graphics API.
enum class ResourceKind : std::uint8_t {
    ConstantBuffer,     // cbuffer, ConstantBuffer<T>, $Globals
    SampledTexture,     // Texture*
    StorageTexture,     // RWTexture*, RasterizerOrderedTexture*
    Sampler,            // SamplerState
    ComparisonSampler,  // SamplerComparisonState
    UniformTexelBuffer, // Buffer<T>
    StorageTexelBuffer, // RWBuffer<T>, RasterizerOrderedBuffer<T>
    ReadOnlyStorageBuffer,  // StructuredBuffer, ByteAddressBuffer, tbuffer, TextureBuffer<T>
    StorageBuffer,      // RW/Append/Consume/RasterizerOrdered structured buffers, RW/RasterizerOrdered
                        // byte-address buffers
    InputAttachment,    // SubpassInput, SubpassInputMS (Vulkan only)
};

// The HLSL resource type the resource was declared with.
enum class ResourceTypeKind : std::uint8_t {
    ConstantBuffer,
    Texture1D, Texture1DArray, Texture2D, Texture2DArray, Texture2DMS, Texture2DMSArray, Texture3D,
    TextureCube, TextureCubeArray,
    RWTexture1D, RWTexture1DArray, RWTexture2D, RWTexture2DArray, RWTexture3D,
    Buffer, RWBuffer,
    StructuredBuffer, RWStructuredBuffer, AppendStructuredBuffer, ConsumeStructuredBuffer,
    ByteAddressBuffer, RWByteAddressBuffer,
    SamplerState, SamplerComparisonState,
    SubpassInput, SubpassInputMS,
    TextureBuffer,  // tbuffer blocks and TextureBuffer<T>
    RasterizerOrderedTexture1D, RasterizerOrderedTexture1DArray, RasterizerOrderedTexture2D,
    RasterizerOrderedTexture2DArray, RasterizerOrderedTexture3D, RasterizerOrderedBuffer,
    RasterizerOrderedStructuredBuffer, RasterizerOrderedByteAddressBuffer,
};
inline constexpr unsigned kResourceTypeKindCount = 36;

enum StageFlags : std::uint8_t { StageNone = 0, StageVertex = 1, StagePixel = 2, StageCompute = 4 };

struct TargetSlot {
    Target target = Target::SpirV;
    std::uint32_t set = 0;
    std::uint32_t binding = 0;
    friend bool operator==(const TargetSlot&, const TargetSlot&) = default;
};

struct ResourceInfo {
    std::string name;
    ResourceKind kind = ResourceKind::ConstantBuffer;
    std::string hlsl_type;  // as written, e.g. "Texture2D<float4>"; empty for cbuffer blocks
    ResourceTypeKind resource_type = ResourceTypeKind::ConstantBuffer;
    std::uint32_t count = 1;  // array size; 1 for a single resource; 0 for an unbounded array
    bool unbounded = false;   // an unbounded array (Textures[]): one binding whose descriptor count the layout picks
    // One type's view of ResourceDescriptorHeap or SamplerDescriptorHeap (Shader Model 6.6): every
    // view of a heap is an unbounded array named after it on the heap's one binding.
    bool descriptor_heap = false;
    std::uint8_t stages = StageNone;
    std::vector<TargetSlot> slots;          // one per compiled target
    std::vector<TargetSlot> counter_slots;  // append/consume buffers: the hidden counter
    std::optional<ReflectedType> layout;    // buffers: the element or block layout
    std::string image_format;               // [[vk::image_format]] of a storage texture, or empty
    std::optional<std::uint32_t> input_attachment_index;  // input attachments: [[vk::input_attachment_index]]
    friend bool operator==(const ResourceInfo&, const ResourceInfo&) = default;
};

struct PushConstantInfo {
    std::string name;
    std::uint8_t stages = StageNone;
    std::vector<TargetSlot> slots;  // MSL and WGSL deliver it as a bound buffer; SPIR-V has no slot
    ReflectedType layout;
    friend bool operator==(const PushConstantInfo&, const PushConstantInfo&) = default;
};

enum class SpecConstantType : std::uint8_t { Bool, Int, UInt, Float };

struct SpecConstantSlot {
    Target target = Target::SpirV;
    std::uint32_t index = 0;
    std::string name;
    friend bool operator==(const SpecConstantSlot&, const SpecConstantSlot&) = default;
};

struct SpecConstantInfo {
    std::string name;
    std::uint32_t id = 0;
    SpecConstantType type = SpecConstantType::Int;
    std::uint32_t default_bits = 0;
    std::vector<SpecConstantSlot> slots;
    friend bool operator==(const SpecConstantInfo&, const SpecConstantInfo&) = default;
};

enum class BuiltIn : std::uint8_t {
    None, Position, VertexIndex, InstanceIndex, FrontFacing, SampleIndex, SampleMask, FragDepth,
    ClipDistance, CullDistance, PrimitiveId, GlobalInvocationId, WorkgroupId, LocalInvocationId,
    LocalInvocationIndex, SubgroupLocalInvocationId, SubgroupSize,
    Layer, ViewportIndex, ViewIndex, PointSize, FragStencilRef, Barycentrics, FullyCovered, ShadingRate,
    HelperInvocation, BaseVertex, BaseInstance, DrawIndex, DeviceIndex,
};

enum class Interpolation : std::uint8_t { Default, Flat, NoPerspective, Centroid, Sample, NoPerspectiveCentroid, NoPerspectiveSample };

// Vertex attribute formats (WebGPU's names).
enum class VertexFormat : std::uint8_t {
    None,
    Uint8x2, Uint8x4, Sint8x2, Sint8x4, Unorm8x2, Unorm8x4, Snorm8x2, Snorm8x4,
    Uint16x2, Uint16x4, Sint16x2, Sint16x4, Unorm16x2, Unorm16x4, Snorm16x2, Snorm16x4, Float16x2, Float16x4,
    Float32, Float32x2, Float32x3, Float32x4, Uint32, Uint32x2, Uint32x3, Uint32x4, Sint32, Sint32x2, Sint32x3, Sint32x4,
    Unorm10_10_10_2,
};

struct StageVariable {
    std::string name;       // "i.Position": the path from the entry point's parameter
    std::string semantic;   // without the index: "TEXCOORD"
    std::uint32_t semantic_index = 0;
    std::optional<std::uint32_t> location;  // none for built-ins
    BuiltIn built_in = BuiltIn::None;
    ScalarKind scalar = ScalarKind::Float;
    std::uint32_t components = 1;
    VertexFormat format = VertexFormat::None;  // vertex inputs only
    std::uint32_t offset = 0;                  // vertex inputs: byte offset in the interleaved vertex
    Interpolation interpolation = Interpolation::Default;
    friend bool operator==(const StageVariable&, const StageVariable&) = default;
};

struct EntryPointInfo {
    std::string name;
    std::string wgsl_entry_point;  // the entry function in the WGSL text (`loop` -> `loop_`); empty without WGSL
    Stage stage = Stage::Vertex;
    std::uint32_t workgroup_size[3] = {0, 0, 0};  // compute only
    std::uint32_t vertex_stride = 0;              // vertex only
    std::vector<StageVariable> inputs;
    std::vector<StageVariable> outputs;
    std::vector<std::string> used_resources;
    std::optional<std::string> push_constant;
    std::vector<std::string> used_spec_constants;
    std::uint32_t features = 0;  // DeviceFeatures bits for 16/64-bit types
    std::string msl_function_name;  // with Msl selected: the MSL function's name (`main0` for `main`)
    friend bool operator==(const EntryPointInfo&, const EntryPointInfo&) = default;
};

struct ShaderReflection {
    std::string source;  // the file name, without directories
    std::vector<Target> targets;
    std::vector<ResourceInfo> resources;
    std::vector<PushConstantInfo> push_constants;
    std::vector<SpecConstantInfo> spec_constants;
    std::vector<EntryPointInfo> entry_points;

    const ResourceInfo* find_resource(std::string_view name) const;
    const EntryPointInfo* find_entry_point(std::string_view name) const;
    friend bool operator==(const ShaderReflection&, const ShaderReflection&) = default;
};

// Enum names as they appear in both serialised forms.
std::string_view to_string(ScalarKind v);
std::string_view to_string(ReflectedTypeKind v);
std::string_view to_string(MatrixLayout v);
std::string_view to_string(ResourceKind v);
std::string_view to_string(ResourceTypeKind v);
std::string_view to_string(SpecConstantType v);

// The MTLDataType a Metal host passes to setConstantValue(_:type:index:) for a function constant of
// this type (spec page "Specialization constants": float 3, int 29, uint 33, bool 53).
constexpr std::uint32_t metal_data_type(SpecConstantType t) {
    switch (t) {
    case SpecConstantType::Float: return 3;
    case SpecConstantType::Int: return 29;
    case SpecConstantType::UInt: return 33;
    case SpecConstantType::Bool: return 53;
    }
    return 0;
}
std::string_view to_string(BuiltIn v);
std::string_view to_string(Interpolation v);
std::string_view to_string(VertexFormat v);

// JSON, schema version 1: camelCase keys in a fixed order, enums by name, `\n` line ends.
std::string write_reflection_json(const ShaderReflection& reflection);

// The line-based reflection file format, version 1, and its reader. The reader rejects other
// versions and malformed records (the message says which line and why) and ignores unknown
// records and attributes.
std::string write_reflection_file(const ShaderReflection& reflection);
struct ReflectionReadResult {
    std::optional<ShaderReflection> reflection;
    std::string error;  // "line 3: ..." when reflection is empty
};
ReflectionReadResult read_reflection_file(std::string_view text);

}  // namespace oneshader
