// case_file.hpp - the executable test case format (corpus/cases/*.case): what to compile, the inputs, the work
// (dispatches or draws), the outputs and how to compare them. The format is described in docs/execution-tests.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace oneshader::exec {

using Bytes = std::vector<std::uint8_t>;

enum class Stage { compute, vertex, pixel };

// How the components of a texel (or a vertex attribute) are stored.
enum class ComponentKind { unorm8, float16, float32, uint32, sint32 };

struct Format
{
    std::string name;     // case-file spelling: rgba8, r32f, ...
    int vk_format = 0;    // VkFormat value
    int components = 0;
    ComponentKind kind = ComponentKind::float32;
    std::size_t texel_size() const;
};

// The formats a case can name; nullopt for an unknown name.
std::optional<Format> find_format(const std::string& name);

// Encodes component values (given as doubles) into texels of `format`; decodes them back.
Bytes encode_components(const Format& format, const std::vector<double>& values);
std::vector<double> decode_components(const Format& format, const Bytes& bytes);

enum class ResourceKind {
    uniform_buffer,        // cbuffer / ConstantBuffer
    storage_buffer,        // (RW)StructuredBuffer, (RW)ByteAddressBuffer, Append/Consume and their counters
    uniform_texel_buffer,  // Buffer<T>
    storage_texel_buffer,  // RWBuffer<T>
    sampled_image,         // Texture2D
    storage_image,         // RWTexture2D
    sampler,               // SamplerState
};

struct Resource
{
    std::vector<std::string> names;  // the first is the case's name; alternatives (a|b) match other compilers' names
    ResourceKind kind = ResourceKind::storage_buffer;
    std::optional<Format> format;    // images and texel buffers
    std::uint32_t width = 0, height = 0, layers = 1;
    std::optional<std::uint32_t> set, binding;  // used when the SPIR-V has no name for the resource
    std::string filter = "nearest", address = "clamp";
    Bytes contents;                  // initial bytes (images: tightly packed texels, layer by layer)
    std::size_t line = 0;
    const std::string& name() const { return names.front(); }
    bool is_image() const { return kind == ResourceKind::sampled_image || kind == ResourceKind::storage_image; }
};

struct Attribute
{
    std::uint32_t location = 0;
    Format format;
    std::uint32_t offset = 0;
};

struct VertexBuffer
{
    std::uint32_t stride = 0;
    bool per_instance = false;
    std::vector<Attribute> attributes;
    Bytes contents;
};

struct Entry
{
    Stage stage = Stage::compute;
    std::string name;
};

// One step of the work, in order; steps are separated by full memory barriers.
struct Step
{
    bool is_draw = false;
    std::string entry;              // compute: the entry point
    std::string vertex, pixel;      // draw: the two entry points
    std::uint32_t x = 1, y = 1, z = 1;  // dispatch size, or vertex count (x) and instance count (y)
    bool blend_alpha = false;
    bool strip = false;             // draw: triangle strip instead of list
};

struct RenderTarget
{
    Format format;
    std::uint32_t width = 0, height = 0;
    double clear[4] = {0, 0, 0, 0};
};

enum class ValueType { uint, sint, floating };

struct Output
{
    std::string name;               // a resource name or "target"
    ValueType type = ValueType::uint;
    std::optional<double> tolerance;  // absent: exact bytes
    // The tolerance of the WGSL run on WebGPU (SwiftShader) where that run differs from lavapipe's in what both
    // APIs leave to the implementation (coarse or fine derivatives, filtering and interpolation precision, WGSL's
    // 2^-11 bound on sin and cos); absent: `tolerance`. The lavapipe runs ignore it.
    std::optional<double> webgpu_tolerance;
    // The WGSL run on WebGPU only: at most this many pixels of an image may differ beyond the tolerance, for pixels
    // whose centres lie closer to a primitive's edge than SwiftShader's sub-pixel grid (4 bits, lavapipe's 8), which
    // one rasterizer covers and the other does not; the case names them. 0: none. The lavapipe runs ignore it.
    std::size_t webgpu_pixels = 0;
    // What compare_output allows: the run sets it (the WebGPU run from webgpu_pixels); 0 for every other run.
    std::size_t allowed_pixels = 0;
    std::size_t offset = 0;
    std::optional<std::size_t> size;
    bool sort = false;              // compare as a multiset of 4-byte values (append order is not defined)
    std::size_t stride = 0, field_offset = 0, field_size = 0;  // compare only a field of each element
    std::size_t line = 0;
};

struct Literal
{
    std::string output;
    Bytes bytes;
};

// A specialization constant's value for every pipeline of the case (`specialize NAME VALUE`).
struct Specialization
{
    std::string name;
    double value = 0;  // a bool is 0 or 1
};

struct Case
{
    std::string name;
    std::string path;               // the .case file
    std::string shader;             // relative to corpus/
    std::vector<std::string> defines;
    std::vector<std::string> glslang_flags;
    bool glslang_reference = true;  // "reference none": glslang cannot compile it; only cpp/literal expectations
    // "reference wrong": glslang compiles it to a different meaning (its HLSL fmod is GLSL's floor-based mod),
    // so its run is no check of the expectations either; glslang is not run.
    bool glslang_wrong = false;
    std::vector<Entry> entries;
    std::vector<Specialization> specializations;
    std::vector<Resource> resources;
    std::optional<Bytes> push_constants;
    std::vector<VertexBuffer> vertex_buffers;
    std::optional<RenderTarget> target;
    std::vector<Step> steps;
    std::vector<Output> outputs;
    std::string cpp_reference;      // name of a function in references.cpp
    std::vector<Literal> literals;

    const Resource* find_resource(const std::string& name) const;
    const Entry* find_entry(const std::string& name) const;
    const Output* find_output(const std::string& name) const;
};

// Parses a case file; throws std::runtime_error with "file:line: message" on a malformed one.
Case parse_case(const std::string& path);
Case parse_case_text(const std::string& text, const std::string& path);

// The deterministic generator behind "random" lists (also usable by C++ references).
std::uint64_t next_random(std::uint64_t& state);

}  // namespace oneshader::exec
