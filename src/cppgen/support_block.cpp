#include "cppgen/support_block.hpp"

#include <string_view>

#include "oneshader/reflection.hpp"

namespace oneshader::cppgen {

namespace {

// Enumerators in the order of the library's enums, so a value converts with static_cast.
std::string resource_kinds() {
    std::string out;
    for (int k = 0; k <= int(ResourceKind::InputAttachment); ++k)
        out += std::string(k ? ", " : "") + std::string(to_string(ResourceKind(k)));
    return out;
}

std::string vertex_formats() {
    std::string out;
    for (int f = 0; f <= int(VertexFormat::Unorm10_10_10_2); ++f) {
        out += std::string(f ? "," : "") + ((f % 8) == 0 ? "\n    " : " ");
        out += f == 0 ? std::string("None") : std::string(to_string(VertexFormat(f)));
    }
    return out;
}

}  // namespace

std::string support_block() {
    std::string out = R"(#ifndef ONESHADER_GENERATED_SUPPORT_V1
#define ONESHADER_GENERATED_SUPPORT_V1
// Support types shared by every header oneshader generates (the same text in each).
namespace oneshader::generated {

// Values equal oneshader::Stage, ResourceKind and VertexFormat of the compiler library.
enum class Stage : std::uint8_t { Vertex, Pixel, Compute };
enum StageFlags : std::uint32_t { StageNone = 0, StageVertex = 1, StagePixel = 2, StageCompute = 4 };
enum class ResourceKind : std::uint8_t { )" + resource_kinds() + R"( };
enum class VertexFormat : std::uint8_t {)" + vertex_formats() + R"(
};
// Device features an entry point needs for 16-bit and 64-bit types (spec page "Reflection file format").
enum DeviceFeatures : std::uint32_t {
    FeatureNone = 0, FeatureFloat16 = 1, FeatureInt16 = 2, FeatureFloat64 = 4, FeatureInt64 = 8,
    FeatureStorageBuffer16 = 16, FeatureUniformBuffer16 = 32, FeaturePushConstant16 = 64,
    FeatureInputOutput16 = 128, FeatureInt64Atomics = 256,
};
// MTLDataType values for function constants.
enum MetalDataType : std::uint32_t { MetalFloat = 3, MetalInt = 29, MetalUInt = 33, MetalBool = 53 };
inline constexpr std::uint32_t kNoMetalIndex = 0xffffffffu;

// A view of constant data: what a span is, for C++17.
template <class T>
struct ArrayView {
    const T* pointer = nullptr;
    std::size_t length = 0;
    constexpr ArrayView() = default;
    constexpr ArrayView(const T* p, std::size_t n) : pointer(p), length(n) {}
    template <std::size_t N>
    constexpr ArrayView(const std::array<T, N>& a) : pointer(a.data()), length(N) {}
    constexpr const T* data() const { return pointer; }
    constexpr std::size_t size() const { return length; }
    constexpr bool empty() const { return length == 0; }
    constexpr const T* begin() const { return pointer; }
    constexpr const T* end() const { return pointer + length; }
    constexpr const T& operator[](std::size_t i) const { return pointer[i]; }
};

constexpr bool contains(ArrayView<std::uint32_t> ids, std::uint32_t id) {
    for (std::uint32_t x : ids)
        if (x == id) return true;
    return false;
}

struct VertexAttribute {
    std::uint32_t location;
    VertexFormat format;
    std::uint32_t offset;
};

// One descriptor: Vulkan's set and binding (WGSL's group and binding are the same unless the
// header's Bindings say otherwise), the Metal argument index when MSL was compiled.
struct ResourceBinding {
    const char* name;
    std::uint32_t set;
    std::uint32_t binding;
    std::uint32_t count;
    ResourceKind kind;
    std::uint32_t stages;
    std::uint32_t metal_index;
};

// VkSpecializationMapEntry's layout, so an array of these can be passed as pMapEntries.
struct SpecializationMapEntry {
    std::uint32_t constant_id;
    std::uint32_t offset;
    std::size_t size;
};
// setConstantValue(value, type: data_type, index: index) for each.
struct FunctionConstantValue {
    std::uint32_t index;
    std::uint32_t data_type;
    const void* value;
};
// One entry of GPUProgrammableStage.constants: the decimal id and the value.
struct WebGpuConstant {
    const char* key;
    double value;
};
// What a VkSpecializationInfo needs, for the constants an entry point reads (at most N).
template <std::size_t N>
struct VulkanSpecialization {
    SpecializationMapEntry entries[N == 0 ? 1 : N];
    std::uint32_t entry_count;
    const void* data;
    std::size_t data_size;
};
template <std::size_t N>
struct MetalSpecialization {
    FunctionConstantValue values[N == 0 ? 1 : N];
    std::uint32_t count;
};
template <std::size_t N>
struct WebGpuSpecialization {
    WebGpuConstant constants[N == 0 ? 1 : N];
    std::uint32_t count;
};

// One entry point as data, the same shape for every file and variant. Empty views where a target
// was not compiled or the stage has no such thing.
struct Entry {
    Stage stage;
    const char* entry_point;
    ArrayView<std::uint32_t> spirv;
    ArrayView<char> msl;
    const char* msl_function_name;
    std::uint32_t msl_vertex_buffer_index;
    ArrayView<char> wgsl;
    const char* wgsl_entry_point;
    std::uint32_t stride;
    ArrayView<VertexAttribute> inputs;
    std::uint32_t thread_group_size[3];
    std::uint32_t required_features;
    ArrayView<std::uint32_t> spec_constant_ids;
};

// Buffer members. Vectors are their components in order; 16-bit floats are their raw bits.
template <class T, unsigned N>
struct Vector;
template <class T>
struct Vector<T, 2> { T x, y; };
template <class T>
struct Vector<T, 3> { T x, y, z; };
template <class T>
struct Vector<T, 4> { T x, y, z, w; };

// A matrix stored the way the shader reads it: column-major (Cols vectors of Rows components, the
// HLSL default) or row-major, Stride bytes from one stored vector to the next. m(i, j) is HLSL's
// M[i][j] either way.
template <class T, unsigned Rows, unsigned Cols, unsigned Stride, bool RowMajor>
struct Matrix {
    static_assert(Stride % sizeof(T) == 0, "a matrix stride is a whole number of components");
    T stored[RowMajor ? Rows : Cols][Stride / sizeof(T)];
    constexpr T& operator()(unsigned i, unsigned j) { return RowMajor ? stored[i][j] : stored[j][i]; }
    constexpr const T& operator()(unsigned i, unsigned j) const { return RowMajor ? stored[i][j] : stored[j][i]; }
    // From rows as written in HLSL: rows[i][j] is M[i][j].
    static constexpr Matrix from_rows(const T (&rows)[Rows][Cols]) {
        Matrix m{};
        for (unsigned i = 0; i < Rows; ++i)
            for (unsigned j = 0; j < Cols; ++j) m(i, j) = rows[i][j];
        return m;
    }
};

// An array element with the padding up to the array stride (constant buffers start every
// element on a 16-byte row).
template <class T, unsigned Stride>
struct Padded {
    T value;
    unsigned char padding[Stride - sizeof(T)];
    constexpr Padded& operator=(const T& v) { value = v; return *this; }
    constexpr operator T&() { return value; }
    constexpr operator const T&() const { return value; }
};

}  // namespace oneshader::generated
#endif  // ONESHADER_GENERATED_SUPPORT_V1

// With ONESHADER_HEADER_LAYOUTS defined before the include, each entry point also gives its
// oneshader::layouts::EntryLayout (layout()), read from the reflection text: that needs the
// OneShader library, which the rest of the header does not.
#if defined(ONESHADER_HEADER_LAYOUTS) && !defined(ONESHADER_GENERATED_LAYOUTS_V1)
#define ONESHADER_GENERATED_LAYOUTS_V1
#include <string>
#include <string_view>

#include "oneshader/layouts.hpp"
namespace oneshader::generated {

// The layout of `entry_point` from a header's (or a variant's) reflection_data.
inline ::oneshader::layouts::Result<::oneshader::layouts::EntryLayout> entry_layout(ArrayView<char> reflection,
                                                                                   const char* entry_point) {
    ::oneshader::ReflectionReadResult read =
        ::oneshader::read_reflection_file(std::string_view(reflection.data(), reflection.size()));
    if (!read.reflection)
        return ::oneshader::layouts::LayoutError{::oneshader::layouts::LayoutErrorKind::Unsupported,
                                                 "the header's reflection does not read back (" + read.error +
                                                     "): generate the header again with this version of oneshader"};
    return ::oneshader::layouts::EntryLayout::create(*read.reflection, entry_point);
}

}  // namespace oneshader::generated
#endif  // ONESHADER_GENERATED_LAYOUTS_V1
)";
    return out;
}

}  // namespace oneshader::cppgen
