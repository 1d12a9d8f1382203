#pragma once
// Pipeline layouts: what a renderer creates for a shader, as plain data with no graphics API
// behind it (spec: "OneShader" package page, "Pipeline layouts"). An EntryLayout is what one
// entry point binds; a PipelineLayout merges the entry points that run together (or, as a union,
// many pipelines that share one layout); to_vulkan(), to_metal() and to_webgpu() give each API's
// description with its numeric enum values or strings. SpecializationValues fills in the
// specialization constants of an entry point for each API.
//
// Nothing here throws: a conflict or something an API cannot express comes back as a LayoutError
// in a Result. Creating layouts allocates, so do it when a shader loads, not every frame.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "oneshader/common.hpp"
#include "oneshader/reflection.hpp"

namespace oneshader::layouts {

enum class LayoutErrorKind : std::uint8_t {
    EntryPointNotFound,    // the reflection has no entry point of that name
    ResourceConflict,      // two entry points put different resources at one slot
    PushConstantConflict,  // push-constant blocks that cannot share one range
    DuplicateStage,        // PipelineLayout::create with two entry points of one stage
    IncompatibleStages,    // a compute entry point together with a vertex or pixel one
    InvalidVertexInput,    // a vertex override the shader's inputs do not allow
    MissingTarget,         // to_metal() without Msl compiled (or to_webgpu() without Wgsl)
    Unsupported,           // what the API cannot express, with what to change
    UnknownName,           // a specialization constant or dynamic buffer that does not exist
    WrongType,             // a specialization value of the wrong type or out of range
};

struct LayoutError {
    LayoutErrorKind kind = LayoutErrorKind::Unsupported;
    std::string message;  // the sentence to show, naming what and where
};

std::string_view to_string(LayoutErrorKind kind);

// A value or the error that explains why there is none.
template <class T>
class Result {
public:
    Result(T value) : state_(std::move(value)) {}
    Result(LayoutError error) : state_(std::move(error)) {}
    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }
    // Only when ok().
    const T& value() const& { return std::get<0>(state_); }
    T& value() & { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    const T* operator->() const { return &std::get<0>(state_); }
    const T& operator*() const { return std::get<0>(state_); }
    // Only when !ok().
    const LayoutError& error() const { return std::get<1>(state_); }

private:
    std::variant<T, LayoutError> state_;
};

// StageFlags bits (oneshader/reflection.hpp): StageVertex, StagePixel, StageCompute.
using ShaderStages = std::uint8_t;

// DeviceFeatures bits of EntryPointInfo::features (16-bit and 64-bit types).
enum DeviceFeature : std::uint32_t {
    FeatureFloat16 = 1, FeatureInt16 = 2, FeatureFloat64 = 4, FeatureInt64 = 8, FeatureStorageBuffer16 = 16,
    FeatureUniformBuffer16 = 32, FeaturePushConstant16 = 64, FeatureInputOutput16 = 128, FeatureInt64Atomics = 256,
};

// ---- The layouts ------------------------------------------------------------------------------

struct ResourceLayout {
    std::string name;
    ResourceKind kind = ResourceKind::ConstantBuffer;
    ResourceTypeKind type = ResourceTypeKind::ConstantBuffer;
    std::string hlsl_type;     // "Texture2D<float4>"; empty for cbuffer blocks
    std::uint32_t count = 1;   // array size; 0 for an unbounded array
    bool unbounded = false;    // an unbounded array (Textures[]): the API layout picks its descriptor count
    // A view of a Shader Model 6.6 descriptor heap: views of one heap share a slot (not a conflict),
    // and Vulkan gets one binding for them, mutable when they differ in descriptor type.
    bool descriptor_heap = false;
    ShaderStages stages = StageNone;
    std::string image_format;  // [[vk::image_format]] of a storage texture, or empty
    std::vector<TargetSlot> slots;          // one per compiled target
    std::vector<TargetSlot> counter_slots;  // append/consume buffers: the hidden counter
    // Declare this constant or storage buffer with a dynamic offset (Vulkan *_BUFFER_DYNAMIC,
    // WebGPU hasDynamicOffset).
    bool dynamic_offset = false;
    // The entry points that use it, for the messages of conflicts.
    std::vector<std::string> entry_points;

    const TargetSlot* slot(Target target) const;
};

struct PushConstantLayout {
    std::string name;
    ShaderStages stages = StageNone;
    std::uint32_t size = 0;          // bytes
    std::vector<TargetSlot> slots;   // MSL and WGSL take it as a bound buffer
    ReflectedType type;              // the block's layout: merging in a union compares members
    std::vector<std::string> entry_points;
};

enum class VertexStepMode : std::uint8_t { Vertex, Instance };

struct VertexAttributeLayout {
    std::uint32_t location = 0;
    std::string name;                 // "i.Position"
    std::string semantic;             // "TEXCOORD"
    std::uint32_t semantic_index = 0;
    ScalarKind scalar = ScalarKind::Float;  // what the shader reads
    std::uint32_t components = 1;
    VertexFormat format = VertexFormat::Float32;  // how the vertex buffer stores it
    std::uint32_t offset = 0;
};

namespace vulkan { struct VertexInputInfo; }
namespace metal { struct VertexDescriptor; }
namespace webgpu { struct VertexBufferLayout; }

// The vertex input of a vertex entry point: one interleaved buffer.
struct VertexLayout {
    std::uint32_t stride = 0;
    std::vector<VertexAttributeLayout> attributes;  // by location

    const VertexAttributeLayout* find(std::uint32_t location) const;
    vulkan::VertexInputInfo to_vulkan(VertexStepMode step = VertexStepMode::Vertex, std::uint32_t binding = 0) const;
    // buffer_index: the MSL vertex buffer's argument index (the backend's is 30).
    metal::VertexDescriptor to_metal(std::uint32_t buffer_index = 30, VertexStepMode step = VertexStepMode::Vertex) const;
    webgpu::VertexBufferLayout to_webgpu(VertexStepMode step = VertexStepMode::Vertex) const;
};

struct VertexAttributeOverride {
    VertexFormat format = VertexFormat::Float32;
    std::uint32_t offset = 0;
};

// How the engine stores vertices when that differs from the shader's declaration.
struct VertexLayoutOverrides {
    std::optional<std::uint32_t> stride;
    std::map<std::uint32_t, VertexAttributeOverride> attributes;  // by location
};

struct SpecConstantLayout {
    std::string name;
    std::uint32_t id = 0;
    SpecConstantType type = SpecConstantType::Int;
    std::uint32_t default_bits = 0;     // the 32-bit pattern of the default
    std::vector<SpecConstantSlot> slots;  // per target: the MSL function constant index, ...
};

// What one entry point binds, with its own stage only.
struct EntryLayout {
    std::string entry_point;
    Stage stage = Stage::Vertex;
    std::string source;            // the file the reflection came from
    std::vector<Target> targets;   // the targets compiled
    std::vector<ResourceLayout> resources;            // declaration order
    std::optional<PushConstantLayout> push_constant;
    std::optional<VertexLayout> vertex;               // vertex entry points with inputs
    std::vector<SpecConstantLayout> spec_constants;   // those it reads, declaration order
    std::uint32_t thread_group_size[3] = {0, 0, 0};   // compute
    std::uint32_t required_features = 0;              // DeviceFeature bits
    std::string msl_function_name;                    // with Msl compiled
    std::string wgsl_entry_point;                     // with Wgsl compiled

    // EntryPointNotFound when the reflection has no such entry point.
    static Result<EntryLayout> create(const ShaderReflection& reflection, std::string_view entry_point);
    // A copy with the engine's vertex layout; InvalidVertexInput when the overrides break the rules:
    // a format of the input's class (float, unorm, snorm and half formats for float inputs, uint
    // formats for uint, sint for int; any component count), inside the stride, at an offset that is
    // a multiple of min(4, format size), and only locations the shader reads.
    Result<EntryLayout> with_vertex_overrides(const VertexLayoutOverrides& overrides) const;
};

namespace vulkan { struct PipelineLayoutInfo; struct LayoutOptions; }
namespace metal { struct PipelineLayout; }
namespace webgpu { struct PipelineLayout; struct LayoutOptions; }

// Entry points merged: resources by set and binding with the union of their stages.
struct PipelineLayout {
    std::vector<EntryLayout> entries;            // as given
    std::vector<ResourceLayout> resources;       // by set, then binding (the SPIR-V slot)
    std::vector<PushConstantLayout> push_constants;
    std::uint32_t required_features = 0;
    std::vector<Target> targets;                 // compiled for every entry point
    // A union's push-constant blocks share one Vulkan range (all their stages, the largest size);
    // otherwise each block is its own range.
    bool push_constants_share_range = false;

    // Entry points that run together: at most one per stage (DuplicateStage), compute alone
    // (IncompatibleStages). Resources at one set and binding must agree on kind, count and type
    // (ResourceConflict); push-constant blocks of the same name and size are shared.
    static Result<PipelineLayout> create(std::span<const EntryLayout> entries);
    // One layout for many pipelines: any number of entry points per stage. Resources at one slot
    // must also agree on texel type and storage format. Push-constant blocks of different structs
    // merge into one range sized to the largest when the members that overlap in bytes have the
    // same type at the same offset.
    static Result<PipelineLayout> create_union(std::span<const EntryLayout> entries);

    const ResourceLayout* find(std::string_view name) const;

    // Unknown or non-buffer names in the options' dynamic buffers are UnknownName errors.
    Result<vulkan::PipelineLayoutInfo> to_vulkan(const vulkan::LayoutOptions& options) const;
    Result<vulkan::PipelineLayoutInfo> to_vulkan() const;
    // MissingTarget without Msl; ResourceConflict when two entry points of one stage disagree on
    // a Metal index.
    Result<metal::PipelineLayout> to_metal() const;
    // MissingTarget without Wgsl; Unsupported for what WebGPU cannot express.
    Result<webgpu::PipelineLayout> to_webgpu(const webgpu::LayoutOptions& options) const;
    Result<webgpu::PipelineLayout> to_webgpu() const;
};

// ---- Vulkan -----------------------------------------------------------------------------------

namespace vulkan {

// The values of VkDescriptorType.
enum class DescriptorType : std::uint32_t {
    Sampler = 0, CombinedImageSampler = 1, SampledImage = 2, StorageImage = 3, UniformTexelBuffer = 4,
    StorageTexelBuffer = 5, UniformBuffer = 6, StorageBuffer = 7, UniformBufferDynamic = 8, StorageBufferDynamic = 9,
    InputAttachment = 10,
    // VK_DESCRIPTOR_TYPE_MUTABLE_EXT (VK_EXT_mutable_descriptor_type): a descriptor heap read as
    // several types; DescriptorSetLayoutBindingInfo::mutable_types lists them.
    Mutable = 1000351000,
};
// The values of VkShaderStageFlagBits.
enum ShaderStageFlagBits : std::uint32_t { StageVertexBit = 0x1, StageFragmentBit = 0x10, StageComputeBit = 0x20 };
// The values of VkFormat for the vertex formats.
enum class Format : std::uint32_t {
    Undefined = 0,
    R8G8Unorm = 16, R8G8Snorm = 17, R8G8Uint = 20, R8G8Sint = 21,
    R8G8B8A8Unorm = 37, R8G8B8A8Snorm = 38, R8G8B8A8Uint = 41, R8G8B8A8Sint = 42,
    A2B10G10R10UnormPack32 = 64,
    R16G16Unorm = 77, R16G16Snorm = 78, R16G16Uint = 81, R16G16Sint = 82, R16G16Sfloat = 83,
    R16G16B16A16Unorm = 91, R16G16B16A16Snorm = 92, R16G16B16A16Uint = 95, R16G16B16A16Sint = 96,
    R16G16B16A16Sfloat = 97,
    R32Uint = 98, R32Sint = 99, R32Sfloat = 100, R32G32Uint = 101, R32G32Sint = 102, R32G32Sfloat = 103,
    R32G32B32Uint = 104, R32G32B32Sint = 105, R32G32B32Sfloat = 106,
    R32G32B32A32Uint = 107, R32G32B32A32Sint = 108, R32G32B32A32Sfloat = 109,
};
// The values of VkVertexInputRate.
enum class VertexInputRate : std::uint32_t { Vertex = 0, Instance = 1 };

std::string_view to_string(DescriptorType type);   // "UniformBuffer"
std::string_view to_string(Format format);         // "R32G32Sfloat"
std::string stage_flags_to_string(std::uint32_t flags);  // "Vertex", "Vertex, Fragment"
std::uint32_t stage_flags(ShaderStages stages);
Format format(VertexFormat format);

// The values of VkDescriptorBindingFlagBits (Vulkan 1.2, VK_EXT_descriptor_indexing).
enum DescriptorBindingFlag : std::uint32_t {
    DescriptorBindingUpdateAfterBind = 0x1,
    DescriptorBindingUpdateUnusedWhilePending = 0x2,
    DescriptorBindingPartiallyBound = 0x4,
    DescriptorBindingVariableDescriptorCount = 0x8,
};

struct DescriptorSetLayoutBindingInfo {
    std::uint32_t binding = 0;
    DescriptorType descriptor_type = DescriptorType::UniformBuffer;
    std::uint32_t descriptor_count = 1;
    std::uint32_t stage_flags = 0;  // VkShaderStageFlags
    std::string name;               // the resource ("Frame"; "Name.counter" for an append counter)
    bool is_dynamic = false;
    // VkDescriptorBindingFlags for VkDescriptorSetLayoutBindingFlagsCreateInfo: an unbounded array
    // is PartiallyBound, and VariableDescriptorCount too when it is its set's highest binding (the
    // only one Vulkan lets vary) and not dynamic; then descriptor_count is the upper bound, and
    // VkDescriptorSetVariableDescriptorCountAllocateInfo gives the count of each set. 0 otherwise.
    std::uint32_t binding_flags = 0;
    // Mutable: the descriptor types the binding may hold, for VkMutableDescriptorTypeCreateInfoEXT
    // (the views of a descriptor heap, in the order the shader first reads them).
    std::vector<DescriptorType> mutable_types;
};

struct DescriptorSetLayoutInfo {
    std::uint32_t set = 0;
    std::vector<DescriptorSetLayoutBindingInfo> bindings;  // by binding; empty for an unused set
};

struct PushConstantRangeInfo {
    std::uint32_t stage_flags = 0;
    std::uint32_t offset = 0;
    std::uint32_t size = 0;
    std::string name;
};

struct PipelineLayoutInfo {
    std::vector<DescriptorSetLayoutInfo> set_layouts;  // set 0 up to the highest used
    std::vector<PushConstantRangeInfo> push_constant_ranges;
    std::uint32_t required_features = 0;  // DeviceFeature bits: the Vulkan features to enable
};

struct SetStages { std::uint32_t set = 0; ShaderStages stages = StageNone; };
struct BindingStages { std::uint32_t set = 0; std::uint32_t binding = 0; ShaderStages stages = StageNone; };
struct Binding { std::uint32_t set = 0; std::uint32_t binding = 0; };
struct NamedCount { std::string name; std::uint32_t count = 0; };

struct LayoutOptions {
    std::vector<SetStages> widen_sets;          // extra stages for every binding of a set
    std::vector<BindingStages> widen_bindings;  // extra stages for one binding
    ShaderStages widen_push_constants = StageNone;
    std::vector<std::string> dynamic_buffers;   // by name
    std::vector<Binding> dynamic_bindings;      // by set and binding
    // The descriptor_count of an unbounded array's binding (Textures[]), unless unbounded_counts
    // names it; with VariableDescriptorCount it is the most a set may allocate. It must stay within
    // the device's maxDescriptorSetUpdateAfterBind*/maxPerStageDescriptor* limits.
    std::uint32_t unbounded_descriptor_count = 1024;
    std::vector<NamedCount> unbounded_counts;   // by name: the count for that array
};

struct VertexInputBindingInfo {
    std::uint32_t binding = 0;
    std::uint32_t stride = 0;
    VertexInputRate input_rate = VertexInputRate::Vertex;
};
struct VertexInputAttributeInfo {
    std::uint32_t location = 0;
    std::uint32_t binding = 0;
    Format format = Format::Undefined;
    std::uint32_t offset = 0;
};
struct VertexInputInfo {
    std::vector<VertexInputBindingInfo> bindings;
    std::vector<VertexInputAttributeInfo> attributes;
};

// VkSpecializationMapEntry and the data VkSpecializationInfo points at.
struct SpecializationMapEntry {
    std::uint32_t constant_id = 0;
    std::uint32_t offset = 0;
    std::uint32_t size = 4;
};
struct SpecializationInfo {
    std::vector<SpecializationMapEntry> map_entries;
    std::vector<std::uint8_t> data;
};

}  // namespace vulkan

// ---- Metal ------------------------------------------------------------------------------------

namespace metal {

enum class ArgumentKind : std::uint8_t { Buffer, Texture, Sampler };
std::string_view to_string(ArgumentKind kind);  // "Buffer", "Texture", "Sampler"

struct Argument {
    std::string name;
    ArgumentKind kind = ArgumentKind::Buffer;
    std::uint32_t index = 0;   // [[buffer(n)]], [[texture(n)]] or [[sampler(n)]]
    std::uint32_t count = 1;   // an array of N takes indices index .. index + N - 1
    std::uint32_t set = 0;     // the Vulkan-style slot it stands for
    std::uint32_t binding = 0;
};

struct StageLayout {
    Stage stage = Stage::Vertex;
    std::vector<std::string> entry_points;
    std::vector<Argument> arguments;            // buffers, then textures, then samplers, by index
    std::optional<std::uint32_t> bytes_index;   // setVertexBytes/setFragmentBytes/setBytes: the push block
    std::optional<std::uint32_t> vertex_buffer_index;  // vertex stage with inputs

    // From a Vulkan-style slot to the Metal argument; nullptr when the stage does not bind it.
    const Argument* find(std::uint32_t set, std::uint32_t binding) const;
};

struct PipelineLayout {
    std::vector<StageLayout> stages;  // vertex, pixel, compute order
    std::uint32_t required_features = 0;
    const StageLayout* find(Stage stage) const;
};

// The values of MTLVertexFormat and MTLVertexStepFunction.
enum class VertexFormat : std::uint32_t {
    Invalid = 0, UChar2 = 1, UChar4 = 3, Char2 = 4, Char4 = 6, UChar2Normalized = 7, UChar4Normalized = 9,
    Char2Normalized = 10, Char4Normalized = 12, UShort2 = 13, UShort4 = 15, Short2 = 16, Short4 = 18,
    UShort2Normalized = 19, UShort4Normalized = 21, Short2Normalized = 22, Short4Normalized = 24, Half2 = 25,
    Half4 = 27, Float = 28, Float2 = 29, Float3 = 30, Float4 = 31, Int = 32, Int2 = 33, Int3 = 34, Int4 = 35,
    UInt = 36, UInt2 = 37, UInt3 = 38, UInt4 = 39, UInt1010102Normalized = 41,
};
enum class VertexStepFunction : std::uint32_t { PerVertex = 1, PerInstance = 2 };
std::string_view to_string(VertexFormat format);  // "UChar4Normalized"
VertexFormat format(oneshader::VertexFormat format);

struct VertexAttribute {
    std::uint32_t location = 0;   // the attribute index
    VertexFormat format = VertexFormat::Invalid;
    std::uint32_t offset = 0;
    std::uint32_t buffer_index = 30;
};
struct VertexDescriptor {
    std::map<std::uint32_t, VertexAttribute> attributes;  // by location, as MTLVertexDescriptor.attributes[n]
    std::uint32_t buffer_index = 30;                      // layouts[buffer_index]
    std::uint32_t stride = 0;
    VertexStepFunction step_function = VertexStepFunction::PerVertex;
};

// One MTLFunctionConstantValues entry: setConstantValue(&bits, type: data_type, index: index).
struct FunctionConstantValue {
    std::uint32_t index = 0;
    std::uint32_t data_type = 0;  // MTLDataType: float 3, int 29, uint 33, bool 53
    std::uint32_t bits = 0;       // the value's 32-bit pattern (a bool's first byte is 0 or 1)
};

}  // namespace metal

// ---- WebGPU -----------------------------------------------------------------------------------

namespace webgpu {

enum class BindingKind : std::uint8_t { Buffer, Sampler, Texture, StorageTexture };
std::string_view to_string(BindingKind kind);  // "Buffer", ...
// GPUShaderStage bits.
enum ShaderStageBits : std::uint32_t { StageVertexBit = 1, StageFragmentBit = 2, StageComputeBit = 4 };
std::string visibility_to_string(std::uint32_t visibility);  // "Vertex", "Vertex, Fragment"
std::uint32_t visibility(ShaderStages stages);

// GPUBindGroupLayoutEntry data; the string fields hold the API's spellings.
struct BindGroupLayoutEntryInfo {
    std::uint32_t binding = 0;
    std::string name;
    BindingKind kind = BindingKind::Buffer;
    std::uint32_t visibility = 0;   // GPUShaderStageFlags
    // Buffer
    std::string buffer_type;        // "uniform", "storage", "read-only-storage"
    bool has_dynamic_offset = false;
    // Sampler
    std::string sampler_type;       // "filtering", "comparison"
    // Texture and StorageTexture
    std::string sample_type;        // "float", "unfilterable-float", "depth", "sint", "uint"
    std::string view_dimension;     // "1d", "2d", "2d-array", "cube", "cube-array", "3d"
    bool multisampled = false;
    std::string access;             // "write-only", "read-only", "read-write"
    std::string format;             // "rgba8unorm"
    bool is_push_constant = false;  // the push-constant block at the slot the compiler reserved

    // The JSON object of GPUBindGroupLayoutEntry ({"binding":0,"visibility":1,"buffer":{...}}).
    std::string to_json() const;
};

struct BindGroupLayoutInfo {
    std::uint32_t group = 0;
    std::vector<BindGroupLayoutEntryInfo> entries;  // by binding; empty for an unused group
};

struct PipelineLayout {
    std::vector<BindGroupLayoutInfo> groups;     // group 0 up to the highest used
    std::vector<std::string> required_features;  // GPUFeatureName: "shader-f16"
    // The JSON array of bind group layout descriptors ([{"entries":[...]}, ...]).
    std::string to_json() const;
};

struct GroupStages { std::uint32_t group = 0; ShaderStages stages = StageNone; };
struct BindingStages { std::uint32_t group = 0; std::uint32_t binding = 0; ShaderStages stages = StageNone; };
enum class StorageAccess : std::uint8_t { WriteOnly, ReadOnly, ReadWrite };

struct LayoutOptions {
    std::vector<GroupStages> widen_groups;
    std::vector<BindingStages> widen_bindings;
    ShaderStages widen_push_constants = StageNone;
    std::vector<std::string> dynamic_buffers;  // by name
    // Reflection does not record these: textures sampled as depth (sampleType "depth"), textures
    // read without filtering ("unfilterable-float"), and how storage textures are accessed
    // (default "write-only").
    std::vector<std::string> depth_textures;
    std::vector<std::string> unfilterable_textures;
    std::map<std::string, StorageAccess> storage_access;
    // Storage buffers the pipeline only reads (WGSL `var<storage, read>`): "read-only-storage".
    std::vector<std::string> read_only_buffers;
};

struct VertexAttribute {
    std::string format;  // GPUVertexFormat: "float32x2", "unorm8x4"
    std::uint32_t offset = 0;
    std::uint32_t shader_location = 0;
};
struct VertexBufferLayout {
    std::uint32_t array_stride = 0;
    std::string step_mode = "vertex";  // "vertex" or "instance"
    std::vector<VertexAttribute> attributes;
    std::string to_json() const;
};
std::string_view format_string(oneshader::VertexFormat format);  // "unorm8x4", "unorm10-10-10-2"

// One entry of GPUProgrammableStage.constants.
struct Constant {
    std::string key;  // the decimal id
    double value = 0;
};

}  // namespace webgpu

// ---- Specialization values --------------------------------------------------------------------

// The specialization constants one entry point reads, each with a value: the default until set.
class SpecializationValues {
public:
    struct Value {
        SpecConstantLayout constant;
        std::uint32_t bits = 0;  // the 32-bit pattern; a bool is 0 or 1
    };

    static SpecializationValues for_layout(const EntryLayout& layout);

    // By name. UnknownName for a constant the entry point does not read; WrongType for a value of
    // another type (an int or uint fits an int or uint constant in its range; a bool only a bool;
    // a float only a float).
    std::optional<LayoutError> set(std::string_view name, std::int32_t value);
    std::optional<LayoutError> set(std::string_view name, std::uint32_t value);
    std::optional<LayoutError> set(std::string_view name, float value);
    std::optional<LayoutError> set(std::string_view name, double value);  // stored as float
    std::optional<LayoutError> set(std::string_view name, bool value);

    const std::vector<Value>& values() const { return values_; }
    const Value* find(std::string_view name) const;

    // VkSpecializationInfo contents: 4 bytes per constant in declaration order.
    vulkan::SpecializationInfo to_vulkan() const;
    // MTLFunctionConstantValues entries at the MSL function-constant index (the constant's id).
    std::vector<metal::FunctionConstantValue> to_metal() const;
    // GPUProgrammableStage.constants, keyed by decimal id, a bool as 0 or 1.
    std::vector<webgpu::Constant> to_webgpu() const;
    // The same as a JSON object: {"0": 8, "1": 0, "2": 2}.
    std::string to_webgpu_json() const;

private:
    // The value named `name`, or the UnknownName error.
    Value* lookup(std::string_view name, std::optional<LayoutError>& error);
    std::string entry_point_;
    std::vector<Value> values_;
};

}  // namespace oneshader::layouts
