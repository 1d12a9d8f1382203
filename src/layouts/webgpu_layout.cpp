// PipelineLayout::to_webgpu and VertexLayout::to_webgpu: GPUBindGroupLayoutEntry data with the API's
// strings, the push block as a uniform buffer at the slot the compiler reserved, and an Unsupported
// error that says what to change for what WebGPU cannot express.
#include <algorithm>

#include "layouts/layout_words.hpp"

namespace oneshader::layouts::webgpu {

std::string_view to_string(BindingKind kind) {
    switch (kind) {
    case BindingKind::Buffer: return "Buffer";
    case BindingKind::Sampler: return "Sampler";
    case BindingKind::Texture: return "Texture";
    case BindingKind::StorageTexture: return "StorageTexture";
    }
    return "";
}

std::uint32_t visibility(ShaderStages stages) {
    std::uint32_t bits = 0;
    if (stages & StageVertex) bits |= StageVertexBit;
    if (stages & StagePixel) bits |= StageFragmentBit;
    if (stages & StageCompute) bits |= StageComputeBit;
    return bits;
}

std::string visibility_to_string(std::uint32_t bits) {
    std::string text;
    auto add = [&](std::uint32_t bit, std::string_view name) {
        if (bits & bit) text += (text.empty() ? "" : ", ") + std::string(name);
    };
    add(StageVertexBit, "Vertex");
    add(StageFragmentBit, "Fragment");
    add(StageComputeBit, "Compute");
    return text.empty() ? "None" : text;
}

std::string_view format_string(oneshader::VertexFormat f) {
    using V = oneshader::VertexFormat;
    switch (f) {
    case V::None: return "";
    case V::Uint8x2: return "uint8x2";
    case V::Uint8x4: return "uint8x4";
    case V::Sint8x2: return "sint8x2";
    case V::Sint8x4: return "sint8x4";
    case V::Unorm8x2: return "unorm8x2";
    case V::Unorm8x4: return "unorm8x4";
    case V::Snorm8x2: return "snorm8x2";
    case V::Snorm8x4: return "snorm8x4";
    case V::Uint16x2: return "uint16x2";
    case V::Uint16x4: return "uint16x4";
    case V::Sint16x2: return "sint16x2";
    case V::Sint16x4: return "sint16x4";
    case V::Unorm16x2: return "unorm16x2";
    case V::Unorm16x4: return "unorm16x4";
    case V::Snorm16x2: return "snorm16x2";
    case V::Snorm16x4: return "snorm16x4";
    case V::Float16x2: return "float16x2";
    case V::Float16x4: return "float16x4";
    case V::Float32: return "float32";
    case V::Float32x2: return "float32x2";
    case V::Float32x3: return "float32x3";
    case V::Float32x4: return "float32x4";
    case V::Uint32: return "uint32";
    case V::Uint32x2: return "uint32x2";
    case V::Uint32x3: return "uint32x3";
    case V::Uint32x4: return "uint32x4";
    case V::Sint32: return "sint32";
    case V::Sint32x2: return "sint32x2";
    case V::Sint32x3: return "sint32x3";
    case V::Sint32x4: return "sint32x4";
    case V::Unorm10_10_10_2: return "unorm10-10-10-2";
    }
    return "";
}

namespace {

std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string_view bool_word(bool b) { return b ? "true" : "false"; }

// The WebGPU texture format of a [[vk::image_format]] spelling; empty when WebGPU has no storage
// texture of that format.
std::string_view storage_format(std::string_view f) {
    static constexpr std::pair<std::string_view, std::string_view> table[] = {
        {"rgba32f", "rgba32float"}, {"rgba16f", "rgba16float"}, {"rg32f", "rg32float"}, {"r32f", "r32float"},
        {"rgba8", "rgba8unorm"},    {"rgba8snorm", "rgba8snorm"}, {"rgba32i", "rgba32sint"}, {"rgba16i", "rgba16sint"},
        {"rgba8i", "rgba8sint"},    {"rg32i", "rg32sint"},     {"r32i", "r32sint"},       {"rgba32ui", "rgba32uint"},
        {"rgba16ui", "rgba16uint"}, {"rgba8ui", "rgba8uint"},  {"rg32ui", "rg32uint"},    {"r32ui", "r32uint"},
    };
    for (const auto& [hlsl, web] : table)
        if (hlsl == f) return web;
    return {};
}

std::string_view view_dimension(ResourceTypeKind t) {
    using T = ResourceTypeKind;
    switch (t) {
    case T::Texture1D: case T::RWTexture1D: return "1d";
    case T::Texture2D: case T::Texture2DMS: case T::RWTexture2D: return "2d";
    case T::Texture2DArray: case T::RWTexture2DArray: return "2d-array";
    case T::Texture3D: case T::RWTexture3D: return "3d";
    case T::TextureCube: return "cube";
    case T::TextureCubeArray: return "cube-array";
    default: return {};
    }
}

// "float", "sint" or "uint" from the texel type written in the declaration.
std::string_view texel_sample_type(std::string_view hlsl_type) {
    const std::size_t open = hlsl_type.find('<');
    if (open == std::string_view::npos) return "float";
    std::string_view texel = hlsl_type.substr(open + 1);
    for (std::string_view prefix : {"uint", "min16uint", "uint16_t"})
        if (texel.starts_with(prefix)) return "uint";
    for (std::string_view prefix : {"int", "min16int", "min12int", "int16_t"})
        if (texel.starts_with(prefix)) return "sint";
    return "float";
}

bool listed(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

LayoutError unsupported(const ResourceLayout& r, std::string what) {
    return layout_error(LayoutErrorKind::Unsupported, "WebGPU cannot bind '" + r.name + "': " + what);
}

Result<BindGroupLayoutEntryInfo> entry_for(const ResourceLayout& r, std::uint32_t binding, const LayoutOptions& options) {
    BindGroupLayoutEntryInfo e;
    e.binding = binding;
    e.name = r.name;
    if (r.unbounded)
        return unsupported(r, "it is an unbounded array, and WebGPU has no binding arrays. Declare separate "
                              "resources, or use a Texture2DArray for textures.");
    if (r.count != 1)
        return unsupported(r, "it is an array of " + std::to_string(r.count) +
                                  " and WebGPU has no binding arrays. Declare separate resources, or use a "
                                  "Texture2DArray for textures.");
    if (r.type >= ResourceTypeKind::RasterizerOrderedTexture1D &&
        r.type <= ResourceTypeKind::RasterizerOrderedByteAddressBuffer)
        return unsupported(r, "it is a rasterizer-ordered view (" + r.hlsl_type +
                                  ") and WebGPU has no fragment shader interlock. Use the RW type where overlapping "
                                  "fragments do not race.");
    switch (r.kind) {
    case ResourceKind::ConstantBuffer:
    case ResourceKind::ReadOnlyStorageBuffer:
    case ResourceKind::StorageBuffer:
        e.kind = BindingKind::Buffer;
        e.buffer_type = r.kind == ResourceKind::ConstantBuffer ? "uniform"
                        : r.kind == ResourceKind::ReadOnlyStorageBuffer || listed(options.read_only_buffers, r.name)
                            ? "read-only-storage"
                            : "storage";
        e.has_dynamic_offset = r.dynamic_offset || listed(options.dynamic_buffers, r.name);
        return e;
    case ResourceKind::Sampler:
    case ResourceKind::ComparisonSampler:
        e.kind = BindingKind::Sampler;
        e.sampler_type = r.kind == ResourceKind::ComparisonSampler ? "comparison" : "filtering";
        return e;
    case ResourceKind::UniformTexelBuffer:
    case ResourceKind::StorageTexelBuffer:
        return unsupported(r, "it is a typed buffer (" + r.hlsl_type +
                                  ") and WebGPU has none. Use a StructuredBuffer<T> (RWStructuredBuffer<T>) instead.");
    case ResourceKind::InputAttachment:
        return unsupported(r, "it is an input attachment (" + r.hlsl_type +
                                  ") and WebGPU has no subpasses. Bind the attachment as a Texture2D and Load it "
                                  "at the fragment's position instead.");
    case ResourceKind::SampledTexture:
    case ResourceKind::StorageTexture: break;
    }
    if (r.type == ResourceTypeKind::Texture1DArray || r.type == ResourceTypeKind::RWTexture1DArray)
        return unsupported(r, "WebGPU has no 1D array textures. Use a Texture2DArray with a height of 1.");
    if (r.type == ResourceTypeKind::Texture2DMSArray)
        return unsupported(r, "WebGPU's multisampled textures are 2D only. Use Texture2DMS.");
    e.view_dimension = view_dimension(r.type);
    if (r.kind == ResourceKind::SampledTexture) {
        e.kind = BindingKind::Texture;
        e.multisampled = r.type == ResourceTypeKind::Texture2DMS;
        e.sample_type = listed(options.depth_textures, r.name)          ? "depth"
                        : listed(options.unfilterable_textures, r.name) ? "unfilterable-float"
                                                                        : texel_sample_type(r.hlsl_type);
        return e;
    }
    e.kind = BindingKind::StorageTexture;
    if (r.image_format.empty())
        return unsupported(r, "a WebGPU storage texture needs a texel format. Add [[vk::image_format(\"rgba8\")]] "
                              "(or the format it has) to its declaration.");
    e.format = storage_format(r.image_format);
    if (e.format.empty())
        return unsupported(r, "WebGPU has no storage texture of format '" + r.image_format +
                                  "'. Use rgba8, rgba8snorm, rgba16f, rgba32f, r32f, rg32f or their integer forms.");
    auto access = options.storage_access.find(r.name);
    const StorageAccess a = access == options.storage_access.end() ? StorageAccess::WriteOnly : access->second;
    e.access = a == StorageAccess::WriteOnly ? "write-only" : a == StorageAccess::ReadOnly ? "read-only" : "read-write";
    return e;
}

}  // namespace

std::string BindGroupLayoutEntryInfo::to_json() const {
    std::string out = "{\"binding\":" + std::to_string(binding) + ",\"visibility\":" + std::to_string(visibility) + ",";
    switch (kind) {
    case BindingKind::Buffer:
        out += "\"buffer\":{\"type\":" + json_string(buffer_type) +
               ",\"hasDynamicOffset\":" + std::string(bool_word(has_dynamic_offset)) + "}";
        break;
    case BindingKind::Sampler: out += "\"sampler\":{\"type\":" + json_string(sampler_type) + "}"; break;
    case BindingKind::Texture:
        out += "\"texture\":{\"sampleType\":" + json_string(sample_type) + ",\"viewDimension\":" +
               json_string(view_dimension) + ",\"multisampled\":" + std::string(bool_word(multisampled)) + "}";
        break;
    case BindingKind::StorageTexture:
        out += "\"storageTexture\":{\"access\":" + json_string(access) + ",\"format\":" + json_string(format) +
               ",\"viewDimension\":" + json_string(view_dimension) + "}";
        break;
    }
    return out + "}";
}

std::string PipelineLayout::to_json() const {
    std::string out = "[";
    for (const BindGroupLayoutInfo& g : groups) {
        out += (g.group == 0 ? "" : ",") + std::string("{\"entries\":[");
        for (std::size_t i = 0; i < g.entries.size(); ++i) out += (i ? "," : "") + g.entries[i].to_json();
        out += "]}";
    }
    return out + "]";
}

std::string VertexBufferLayout::to_json() const {
    std::string out = "{\"arrayStride\":" + std::to_string(array_stride) + ",\"stepMode\":" + json_string(step_mode) +
                      ",\"attributes\":[";
    for (std::size_t i = 0; i < attributes.size(); ++i)
        out += (i ? "," : "") + std::string("{\"format\":") + json_string(attributes[i].format) +
               ",\"offset\":" + std::to_string(attributes[i].offset) +
               ",\"shaderLocation\":" + std::to_string(attributes[i].shader_location) + "}";
    return out + "]}";
}

}  // namespace oneshader::layouts::webgpu

namespace oneshader::layouts {

Result<webgpu::PipelineLayout> PipelineLayout::to_webgpu() const { return to_webgpu(webgpu::LayoutOptions{}); }

Result<webgpu::PipelineLayout> PipelineLayout::to_webgpu(const webgpu::LayoutOptions& options) const {
    using namespace webgpu;
    if (std::find(targets.begin(), targets.end(), Target::Wgsl) == targets.end())
        return layout_error(LayoutErrorKind::MissingTarget,
                            "The layout has no WebGPU bindings because WGSL was not compiled: add Target::Wgsl to "
                            "CompileOptions::targets (--target wgsl).");
    for (const std::string& name : options.dynamic_buffers) {
        const ResourceLayout* r = find(name);
        if (!r) return layout_error(LayoutErrorKind::UnknownName, "The pipeline layout has no buffer '" + name + "' to make dynamic; check the name.");
        if (!is_buffer(r->kind))
            return layout_error(LayoutErrorKind::UnknownName,
                                "'" + name + "' is a " + std::string(oneshader::to_string(r->kind)) +
                                    "; only constant and storage buffers take a dynamic offset.");
    }
    webgpu::PipelineLayout out;
    if (required_features & FeatureFloat16) out.required_features.push_back("shader-f16");
    auto widened = [&](std::uint32_t group, std::uint32_t binding, ShaderStages stages) {
        for (const GroupStages& w : options.widen_groups)
            if (w.group == group) stages |= w.stages;
        for (const BindingStages& w : options.widen_bindings)
            if (w.group == group && w.binding == binding) stages |= w.stages;
        return visibility(stages);
    };
    auto add = [&](std::uint32_t group, BindGroupLayoutEntryInfo e) -> std::optional<LayoutError> {
        while (out.groups.size() <= group) out.groups.push_back({std::uint32_t(out.groups.size()), {}});
        for (BindGroupLayoutEntryInfo& m : out.groups[group].entries) {
            if (m.binding != e.binding) continue;
            if (m.is_push_constant && e.is_push_constant) {
                m.visibility |= e.visibility;
                return std::nullopt;
            }
            return layout_error(LayoutErrorKind::ResourceConflict,
                                "WebGPU group " + std::to_string(group) + " binding " + std::to_string(e.binding) +
                                    " is both '" + m.name + "' and '" + e.name +
                                    "'. Give one of them another binding, or build separate layouts.");
        }
        out.groups[group].entries.push_back(std::move(e));
        return std::nullopt;
    };
    for (const ResourceLayout& r : resources) {
        const TargetSlot* s = r.slot(Target::Wgsl);
        if (!s) continue;
        Result<BindGroupLayoutEntryInfo> e = entry_for(r, s->binding, options);
        if (!e) return e.error();
        BindGroupLayoutEntryInfo entry = std::move(e).value();
        entry.visibility = widened(s->set, s->binding, r.stages);
        if (auto error = add(s->set, std::move(entry))) return *error;
        // An append/consume buffer's hidden counter: a storage buffer of its own (one u32 word).
        for (const TargetSlot& c : r.counter_slots) {
            if (c.target != Target::Wgsl) continue;
            BindGroupLayoutEntryInfo counter;
            counter.binding = c.binding;
            counter.name = r.name + ".counter";
            counter.kind = BindingKind::Buffer;
            counter.buffer_type = "storage";
            counter.visibility = widened(c.set, c.binding, r.stages);
            if (auto error = add(c.set, std::move(counter))) return *error;
        }
    }
    for (const PushConstantLayout& p : push_constants)
        for (const TargetSlot& s : p.slots) {
            if (s.target != Target::Wgsl) continue;
            BindGroupLayoutEntryInfo e;
            e.binding = s.binding;
            e.name = p.name;
            e.kind = BindingKind::Buffer;
            e.buffer_type = "uniform";
            e.is_push_constant = true;
            e.visibility = visibility(ShaderStages(p.stages | options.widen_push_constants));
            if (auto error = add(s.set, std::move(e))) return *error;
        }
    for (BindGroupLayoutInfo& g : out.groups)
        std::stable_sort(g.entries.begin(), g.entries.end(), [](const auto& a, const auto& b) { return a.binding < b.binding; });
    return out;
}

webgpu::VertexBufferLayout VertexLayout::to_webgpu(VertexStepMode step) const {
    webgpu::VertexBufferLayout out;
    out.array_stride = stride;
    out.step_mode = step == VertexStepMode::Instance ? "instance" : "vertex";
    for (const VertexAttributeLayout& a : attributes)
        out.attributes.push_back({std::string(webgpu::format_string(a.format)), a.offset, a.location});
    return out;
}

}  // namespace oneshader::layouts
