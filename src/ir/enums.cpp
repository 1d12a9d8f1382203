#include "ir/enums.hpp"

#include <array>

namespace oneshader::ir {

namespace {

template <class E, std::size_t N>
std::optional<E> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == s) return static_cast<E>(i);
    return std::nullopt;
}

constexpr std::array<std::string_view, 3> kStages = {"vertex", "pixel", "compute"};

constexpr std::array<std::string_view, 35> kBuiltIns = {
    "position",          "frag_coord",          "vertex_index",   "instance_index",
    "base_vertex",       "base_instance",       "draw_index",     "point_size",
    "clip_distance",     "cull_distance",       "primitive_id",   "layer",
    "viewport_index",    "view_index",          "front_facing",   "sample_index",
    "sample_mask",       "frag_depth",          "frag_depth_greater_equal", "frag_depth_less_equal",
    "frag_stencil_ref",  "barycentrics",        "helper_invocation", "global_invocation_id",
    "local_invocation_id", "local_invocation_index", "workgroup_id", "num_workgroups",
    "subgroup_local_invocation_id", "subgroup_size", "barycentrics_no_perspective", "fully_covered",
    "shading_rate", "primitive_shading_rate", "device_index",
};
static_assert(kBuiltIns.size() == static_cast<std::size_t>(BuiltIn::DeviceIndex) + 1);

constexpr std::array<std::string_view, 42> kFormats = {
    "unknown", "rgba32f", "rgba16f", "r32f", "rgba8", "rgba8snorm", "rg32f", "rg16f", "r11g11b10f", "r16f",
    "rgba16", "rgb10a2", "rg16", "rg8", "r16", "r8", "rgba16snorm", "rg16snorm", "rg8snorm", "r16snorm",
    "r8snorm", "rgba32i", "rgba16i", "rgba8i", "r32i", "rg32i", "rg16i", "rg8i", "r16i", "r8i", "rgba32ui",
    "rgba16ui", "rgba8ui", "r32ui", "rgb10a2ui", "rg32ui", "rg16ui", "rg8ui", "r16ui", "r8ui", "r64ui", "r64i",
};
static_assert(kFormats.size() == static_cast<std::size_t>(ImageFormat::R64i) + 1);

constexpr std::array<std::string_view, 8> kAtomicOps = {"add", "sub", "and", "or", "xor", "min", "max", "exchange"};

constexpr std::array<std::string_view, 5> kHints = {"none", "unroll", "dontunroll", "flatten", "branch"};

}  // namespace

std::string_view stage_name(ShaderStage s) { return kStages[static_cast<std::size_t>(s)]; }
std::optional<ShaderStage> stage_from_name(std::string_view s) { return find_name<ShaderStage>(kStages, s); }
std::string_view builtin_name(BuiltIn b) { return kBuiltIns[static_cast<std::size_t>(b)]; }
std::optional<BuiltIn> builtin_from_name(std::string_view s) { return find_name<BuiltIn>(kBuiltIns, s); }
std::string_view image_format_name(ImageFormat f) { return kFormats[static_cast<std::size_t>(f)]; }
std::optional<ImageFormat> image_format_from_name(std::string_view s) { return find_name<ImageFormat>(kFormats, s); }
std::string_view atomic_op_name(AtomicOp op) { return kAtomicOps[static_cast<std::size_t>(op)]; }
std::optional<AtomicOp> atomic_op_from_name(std::string_view s) { return find_name<AtomicOp>(kAtomicOps, s); }

std::string_view barrier_flag_name(BarrierFlags f) {
    switch (f) {
    case kBarrierGroupSync: return "group_sync";
    case kBarrierWorkgroupMemory: return "workgroup_memory";
    case kBarrierDeviceMemory: return "device_memory";
    }
    return "?";
}

std::optional<BarrierFlags> barrier_flag_from_name(std::string_view s) {
    for (BarrierFlags f : {kBarrierGroupSync, kBarrierWorkgroupMemory, kBarrierDeviceMemory})
        if (barrier_flag_name(f) == s) return f;
    return std::nullopt;
}

std::string_view control_hint_name(ControlHint h) { return kHints[static_cast<std::size_t>(h)]; }
std::optional<ControlHint> control_hint_from_name(std::string_view s) { return find_name<ControlHint>(kHints, s); }

}  // namespace oneshader::ir
