#pragma once
// The small vocabularies of the IR that are not opcodes: shader stages, stage-variable builtins,
// storage-texture formats, atomic operations, barrier flags, structure markers and control hints.
// Each has one spelling, used by the printer and read back by the text parser.
#include <cstdint>
#include <optional>
#include <string_view>

namespace oneshader::ir {

enum class ShaderStage : std::uint8_t { Vertex, Pixel, Compute };

// What an HLSL SV_ semantic (or [[vk::builtin]]) of a stage variable becomes. SV_Position is
// Position on a vertex output and FragCoord on a pixel input, as in SPIR-V.
enum class BuiltIn : std::uint8_t {
    Position,
    FragCoord,
    VertexIndex,
    InstanceIndex,
    BaseVertex,
    BaseInstance,
    DrawIndex,
    PointSize,
    ClipDistance,
    CullDistance,
    PrimitiveId,
    Layer,
    ViewportIndex,
    ViewIndex,
    FrontFacing,
    SampleIndex,
    SampleMask,
    FragDepth,
    FragDepthGreaterEqual,
    FragDepthLessEqual,
    FragStencilRef,
    Barycentrics,
    HelperInvocation,
    GlobalInvocationId,
    LocalInvocationId,
    LocalInvocationIndex,
    WorkgroupId,
    NumWorkgroups,
    SubgroupLocalInvocationId,
    SubgroupSize,
    BarycentricsNoPerspective,
    FullyCovered,
    ShadingRate,           // pixel input: the fragment's rate
    PrimitiveShadingRate,  // vertex output: the rate asked for the primitive
    DeviceIndex,
};

// The [[vk::image_format]] names, in that spelling.
enum class ImageFormat : std::uint8_t {
    Unknown,
    Rgba32f, Rgba16f, R32f, Rgba8, Rgba8snorm, Rg32f, Rg16f, R11g11b10f, R16f, Rgba16, Rgb10a2, Rg16, Rg8,
    R16, R8, Rgba16snorm, Rg16snorm, Rg8snorm, R16snorm, R8snorm, Rgba32i, Rgba16i, Rgba8i, R32i, Rg32i,
    Rg16i, Rg8i, R16i, R8i, Rgba32ui, Rgba16ui, Rgba8ui, R32ui, Rgb10a2ui, Rg32ui, Rg16ui, Rg8ui, R16ui,
    R8ui, R64ui, R64i,
};

// Signedness of min/max comes from the operand type, as everywhere in the IR.
enum class AtomicOp : std::uint8_t { Add, Sub, And, Or, Xor, Min, Max, Exchange };

// HLSL's barriers are combinations: GroupMemoryBarrierWithGroupSync is WorkgroupMemory|GroupSync,
// AllMemoryBarrier is WorkgroupMemory|DeviceMemory.
enum BarrierFlags : std::uint32_t {
    kBarrierGroupSync = 1,
    kBarrierWorkgroupMemory = 2,
    kBarrierDeviceMemory = 4,
};
inline constexpr std::uint32_t kBarrierAllFlags = 7;

enum class StructureKind : std::uint8_t { None, Selection, Loop };

// [unroll(n)] / [unroll], [loop] (DontUnroll), [flatten], [branch].
enum class ControlHint : std::uint8_t { None, Unroll, DontUnroll, Flatten, Branch };

std::string_view stage_name(ShaderStage s);  // "vertex", "pixel", "compute"
std::optional<ShaderStage> stage_from_name(std::string_view s);
std::string_view builtin_name(BuiltIn b);    // "position", "global_invocation_id", ...
std::optional<BuiltIn> builtin_from_name(std::string_view s);
std::string_view image_format_name(ImageFormat f);  // "rgba8", "r11g11b10f"; "unknown"
std::optional<ImageFormat> image_format_from_name(std::string_view s);
std::string_view atomic_op_name(AtomicOp op);  // "add", "exchange"
std::optional<AtomicOp> atomic_op_from_name(std::string_view s);
std::string_view barrier_flag_name(BarrierFlags f);  // one flag: "group_sync"
std::optional<BarrierFlags> barrier_flag_from_name(std::string_view s);
std::string_view control_hint_name(ControlHint h);  // "unroll", "dontunroll", "flatten", "branch"
std::optional<ControlHint> control_hint_from_name(std::string_view s);

}  // namespace oneshader::ir
