// The reflection model's value semantics, lookups and enum names.
#include <array>

#include "oneshader/reflection.hpp"

namespace oneshader {

ReflectedType::ReflectedType(const ReflectedType& o)
    : kind(o.kind), size(o.size), alignment(o.alignment), scalar(o.scalar), components(o.components),
      columns(o.columns), matrix_stride(o.matrix_stride), packing(o.packing), length(o.length), stride(o.stride),
      element(o.element ? std::make_unique<ReflectedType>(*o.element) : nullptr), name(o.name), members(o.members) {}

ReflectedType& ReflectedType::operator=(const ReflectedType& o) {
    if (this != &o) *this = ReflectedType(o);
    return *this;
}

ReflectedType::~ReflectedType() = default;

bool operator==(const ReflectedType& a, const ReflectedType& b) {
    if (a.kind != b.kind || a.size != b.size || a.alignment != b.alignment || a.scalar != b.scalar ||
        a.components != b.components || a.columns != b.columns || a.matrix_stride != b.matrix_stride ||
        a.packing != b.packing || a.length != b.length || a.stride != b.stride || a.name != b.name ||
        a.members != b.members)
        return false;
    if (!a.element || !b.element) return !a.element && !b.element;
    return *a.element == *b.element;
}

const ResourceInfo* ShaderReflection::find_resource(std::string_view n) const {
    for (const ResourceInfo& r : resources)
        if (r.name == n) return &r;
    return nullptr;
}

const EntryPointInfo* ShaderReflection::find_entry_point(std::string_view n) const {
    for (const EntryPointInfo& e : entry_points)
        if (e.name == n) return &e;
    return nullptr;
}

namespace {
template <class E, std::size_t N>
std::string_view name_of(E v, const std::array<std::string_view, N>& names) {
    auto i = static_cast<std::size_t>(v);
    return i < N ? names[i] : std::string_view("Unknown");
}
}  // namespace

std::string_view to_string(ScalarKind v) {
    static constexpr std::array<std::string_view, 10> n = {"Bool", "Int", "UInt", "Float", "Double",
                                                           "Half", "Int16", "UInt16", "Int64", "UInt64"};
    return name_of(v, n);
}
std::string_view to_string(ReflectedTypeKind v) {
    static constexpr std::array<std::string_view, 5> n = {"Scalar", "Vector", "Matrix", "Array", "Struct"};
    return name_of(v, n);
}
std::string_view to_string(MatrixLayout v) {
    static constexpr std::array<std::string_view, 2> n = {"ColumnMajor", "RowMajor"};
    return name_of(v, n);
}
std::string_view to_string(ResourceKind v) {
    static constexpr std::array<std::string_view, 10> n = {
        "ConstantBuffer",     "SampledTexture",     "StorageTexture",        "Sampler",      "ComparisonSampler",
        "UniformTexelBuffer", "StorageTexelBuffer", "ReadOnlyStorageBuffer", "StorageBuffer", "InputAttachment"};
    return name_of(v, n);
}
std::string_view to_string(ResourceTypeKind v) {
    static constexpr std::array<std::string_view, 36> n = {
        "ConstantBuffer",   "Texture1D",         "Texture1DArray",         "Texture2D",
        "Texture2DArray",   "Texture2DMS",       "Texture2DMSArray",       "Texture3D",
        "TextureCube",      "TextureCubeArray",  "RWTexture1D",            "RWTexture1DArray",
        "RWTexture2D",      "RWTexture2DArray",  "RWTexture3D",            "Buffer",
        "RWBuffer",         "StructuredBuffer",  "RWStructuredBuffer",     "AppendStructuredBuffer",
        "ConsumeStructuredBuffer", "ByteAddressBuffer", "RWByteAddressBuffer", "SamplerState",
        "SamplerComparisonState", "SubpassInput", "SubpassInputMS", "TextureBuffer",
        "RasterizerOrderedTexture1D", "RasterizerOrderedTexture1DArray", "RasterizerOrderedTexture2D",
        "RasterizerOrderedTexture2DArray", "RasterizerOrderedTexture3D", "RasterizerOrderedBuffer",
        "RasterizerOrderedStructuredBuffer", "RasterizerOrderedByteAddressBuffer"};
    static_assert(n.size() == kResourceTypeKindCount);
    return name_of(v, n);
}
std::string_view to_string(SpecConstantType v) {
    static constexpr std::array<std::string_view, 4> n = {"Bool", "Int", "UInt", "Float"};
    return name_of(v, n);
}
std::string_view to_string(BuiltIn v) {
    static constexpr std::array<std::string_view, 30> n = {
        "None",         "Position",           "VertexIndex",      "InstanceIndex",     "FrontFacing",
        "SampleIndex",  "SampleMask",         "FragDepth",        "ClipDistance",      "CullDistance",
        "PrimitiveId",  "GlobalInvocationId", "WorkgroupId",      "LocalInvocationId", "LocalInvocationIndex",
        "SubgroupLocalInvocationId", "SubgroupSize", "Layer", "ViewportIndex", "ViewIndex", "PointSize",
        "FragStencilRef", "Barycentrics", "FullyCovered", "ShadingRate", "HelperInvocation", "BaseVertex",
        "BaseInstance", "DrawIndex", "DeviceIndex"};
    return name_of(v, n);
}
std::string_view to_string(Interpolation v) {
    static constexpr std::array<std::string_view, 7> n = {"Default", "Flat", "NoPerspective", "Centroid",
                                                          "Sample", "NoPerspectiveCentroid", "NoPerspectiveSample"};
    return name_of(v, n);
}
std::string_view to_string(VertexFormat v) {
    static constexpr std::array<std::string_view, 32> n = {
        "None",      "Uint8x2",   "Uint8x4",   "Sint8x2",   "Sint8x4",   "Unorm8x2",  "Unorm8x4",  "Snorm8x2",
        "Snorm8x4",  "Uint16x2",  "Uint16x4",  "Sint16x2",  "Sint16x4",  "Unorm16x2", "Unorm16x4", "Snorm16x2",
        "Snorm16x4", "Float16x2", "Float16x4", "Float32",   "Float32x2", "Float32x3", "Float32x4", "Uint32",
        "Uint32x2",  "Uint32x3",  "Uint32x4",  "Sint32",    "Sint32x2",  "Sint32x3",  "Sint32x4",  "Unorm10_10_10_2"};
    return name_of(v, n);
}

}  // namespace oneshader
