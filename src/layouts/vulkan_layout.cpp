// PipelineLayout::to_vulkan and VertexLayout::to_vulkan: descriptor set layouts from set 0 (unused
// sets empty, as vkCreatePipelineLayout needs them), push-constant ranges and vertex input, in the
// numeric values of the Vk* enums.
#include <algorithm>

#include "layouts/layout_words.hpp"

namespace oneshader::layouts::vulkan {

std::string_view to_string(DescriptorType type) {
    switch (type) {
    case DescriptorType::Sampler: return "Sampler";
    case DescriptorType::CombinedImageSampler: return "CombinedImageSampler";
    case DescriptorType::SampledImage: return "SampledImage";
    case DescriptorType::StorageImage: return "StorageImage";
    case DescriptorType::UniformTexelBuffer: return "UniformTexelBuffer";
    case DescriptorType::StorageTexelBuffer: return "StorageTexelBuffer";
    case DescriptorType::UniformBuffer: return "UniformBuffer";
    case DescriptorType::StorageBuffer: return "StorageBuffer";
    case DescriptorType::UniformBufferDynamic: return "UniformBufferDynamic";
    case DescriptorType::StorageBufferDynamic: return "StorageBufferDynamic";
    case DescriptorType::InputAttachment: return "InputAttachment";
    case DescriptorType::Mutable: return "Mutable";
    }
    return "";
}

std::string_view to_string(Format format) {
    switch (format) {
    case Format::Undefined: return "Undefined";
    case Format::R8G8Unorm: return "R8G8Unorm";
    case Format::R8G8Snorm: return "R8G8Snorm";
    case Format::R8G8Uint: return "R8G8Uint";
    case Format::R8G8Sint: return "R8G8Sint";
    case Format::R8G8B8A8Unorm: return "R8G8B8A8Unorm";
    case Format::R8G8B8A8Snorm: return "R8G8B8A8Snorm";
    case Format::R8G8B8A8Uint: return "R8G8B8A8Uint";
    case Format::R8G8B8A8Sint: return "R8G8B8A8Sint";
    case Format::A2B10G10R10UnormPack32: return "A2B10G10R10UnormPack32";
    case Format::R16G16Unorm: return "R16G16Unorm";
    case Format::R16G16Snorm: return "R16G16Snorm";
    case Format::R16G16Uint: return "R16G16Uint";
    case Format::R16G16Sint: return "R16G16Sint";
    case Format::R16G16Sfloat: return "R16G16Sfloat";
    case Format::R16G16B16A16Unorm: return "R16G16B16A16Unorm";
    case Format::R16G16B16A16Snorm: return "R16G16B16A16Snorm";
    case Format::R16G16B16A16Uint: return "R16G16B16A16Uint";
    case Format::R16G16B16A16Sint: return "R16G16B16A16Sint";
    case Format::R16G16B16A16Sfloat: return "R16G16B16A16Sfloat";
    case Format::R32Uint: return "R32Uint";
    case Format::R32Sint: return "R32Sint";
    case Format::R32Sfloat: return "R32Sfloat";
    case Format::R32G32Uint: return "R32G32Uint";
    case Format::R32G32Sint: return "R32G32Sint";
    case Format::R32G32Sfloat: return "R32G32Sfloat";
    case Format::R32G32B32Uint: return "R32G32B32Uint";
    case Format::R32G32B32Sint: return "R32G32B32Sint";
    case Format::R32G32B32Sfloat: return "R32G32B32Sfloat";
    case Format::R32G32B32A32Uint: return "R32G32B32A32Uint";
    case Format::R32G32B32A32Sint: return "R32G32B32A32Sint";
    case Format::R32G32B32A32Sfloat: return "R32G32B32A32Sfloat";
    }
    return "";
}

Format format(VertexFormat f) {
    using V = VertexFormat;
    switch (f) {
    case V::None: return Format::Undefined;
    case V::Uint8x2: return Format::R8G8Uint;
    case V::Uint8x4: return Format::R8G8B8A8Uint;
    case V::Sint8x2: return Format::R8G8Sint;
    case V::Sint8x4: return Format::R8G8B8A8Sint;
    case V::Unorm8x2: return Format::R8G8Unorm;
    case V::Unorm8x4: return Format::R8G8B8A8Unorm;
    case V::Snorm8x2: return Format::R8G8Snorm;
    case V::Snorm8x4: return Format::R8G8B8A8Snorm;
    case V::Uint16x2: return Format::R16G16Uint;
    case V::Uint16x4: return Format::R16G16B16A16Uint;
    case V::Sint16x2: return Format::R16G16Sint;
    case V::Sint16x4: return Format::R16G16B16A16Sint;
    case V::Unorm16x2: return Format::R16G16Unorm;
    case V::Unorm16x4: return Format::R16G16B16A16Unorm;
    case V::Snorm16x2: return Format::R16G16Snorm;
    case V::Snorm16x4: return Format::R16G16B16A16Snorm;
    case V::Float16x2: return Format::R16G16Sfloat;
    case V::Float16x4: return Format::R16G16B16A16Sfloat;
    case V::Float32: return Format::R32Sfloat;
    case V::Float32x2: return Format::R32G32Sfloat;
    case V::Float32x3: return Format::R32G32B32Sfloat;
    case V::Float32x4: return Format::R32G32B32A32Sfloat;
    case V::Uint32: return Format::R32Uint;
    case V::Uint32x2: return Format::R32G32Uint;
    case V::Uint32x3: return Format::R32G32B32Uint;
    case V::Uint32x4: return Format::R32G32B32A32Uint;
    case V::Sint32: return Format::R32Sint;
    case V::Sint32x2: return Format::R32G32Sint;
    case V::Sint32x3: return Format::R32G32B32Sint;
    case V::Sint32x4: return Format::R32G32B32A32Sint;
    case V::Unorm10_10_10_2: return Format::A2B10G10R10UnormPack32;
    }
    return Format::Undefined;
}

std::uint32_t stage_flags(ShaderStages stages) {
    std::uint32_t flags = 0;
    if (stages & StageVertex) flags |= StageVertexBit;
    if (stages & StagePixel) flags |= StageFragmentBit;
    if (stages & StageCompute) flags |= StageComputeBit;
    return flags;
}

std::string stage_flags_to_string(std::uint32_t flags) {
    std::string text;
    auto add = [&](std::uint32_t bit, std::string_view name) {
        if (flags & bit) text += (text.empty() ? "" : ", ") + std::string(name);
    };
    add(StageVertexBit, "Vertex");
    add(StageFragmentBit, "Fragment");
    add(StageComputeBit, "Compute");
    return text.empty() ? "None" : text;
}

namespace {

DescriptorType descriptor_type(ResourceKind kind, bool dynamic) {
    switch (kind) {
    case ResourceKind::ConstantBuffer: return dynamic ? DescriptorType::UniformBufferDynamic : DescriptorType::UniformBuffer;
    case ResourceKind::SampledTexture: return DescriptorType::SampledImage;
    case ResourceKind::StorageTexture: return DescriptorType::StorageImage;
    case ResourceKind::Sampler:
    case ResourceKind::ComparisonSampler: return DescriptorType::Sampler;
    case ResourceKind::UniformTexelBuffer: return DescriptorType::UniformTexelBuffer;
    case ResourceKind::StorageTexelBuffer: return DescriptorType::StorageTexelBuffer;
    case ResourceKind::ReadOnlyStorageBuffer:
    case ResourceKind::StorageBuffer: return dynamic ? DescriptorType::StorageBufferDynamic : DescriptorType::StorageBuffer;
    case ResourceKind::InputAttachment: return DescriptorType::InputAttachment;
    }
    return DescriptorType::StorageBuffer;
}

std::string not_a_buffer(const ResourceLayout& r) {
    return "'" + r.name + "' is a " + std::string(oneshader::to_string(r.kind)) +
           "; only constant and storage buffers take a dynamic offset.";
}

}  // namespace

}  // namespace oneshader::layouts::vulkan

namespace oneshader::layouts {

Result<vulkan::PipelineLayoutInfo> PipelineLayout::to_vulkan() const { return to_vulkan(vulkan::LayoutOptions{}); }

Result<vulkan::PipelineLayoutInfo> PipelineLayout::to_vulkan(const vulkan::LayoutOptions& options) const {
    using namespace vulkan;
    std::vector<bool> dynamic(resources.size(), false);
    for (std::size_t i = 0; i < resources.size(); ++i) dynamic[i] = resources[i].dynamic_offset;
    for (const std::string& name : options.dynamic_buffers) {
        bool found = false;
        for (std::size_t i = 0; i < resources.size(); ++i) {
            if (resources[i].name != name) continue;
            if (!is_buffer(resources[i].kind)) return layout_error(LayoutErrorKind::UnknownName, not_a_buffer(resources[i]));
            dynamic[i] = found = true;
        }
        if (!found)
            return layout_error(LayoutErrorKind::UnknownName,
                                "The pipeline layout has no buffer '" + name + "' to make dynamic; check the name.");
    }
    for (const Binding& b : options.dynamic_bindings) {
        bool found = false;
        for (std::size_t i = 0; i < resources.size(); ++i) {
            const TargetSlot* s = resources[i].slot(Target::SpirV);
            if (!s || s->set != b.set || s->binding != b.binding) continue;
            if (!is_buffer(resources[i].kind)) return layout_error(LayoutErrorKind::UnknownName, not_a_buffer(resources[i]));
            dynamic[i] = found = true;
        }
        if (!found)
            return layout_error(LayoutErrorKind::UnknownName, "The pipeline layout binds nothing at set " +
                                                                  std::to_string(b.set) + " binding " +
                                                                  std::to_string(b.binding) + " to make dynamic.");
    }

    PipelineLayoutInfo info;
    info.required_features = required_features;
    auto widened = [&](std::uint32_t set, std::uint32_t binding, ShaderStages stages) {
        for (const SetStages& w : options.widen_sets)
            if (w.set == set) stages |= w.stages;
        for (const BindingStages& w : options.widen_bindings)
            if (w.set == set && w.binding == binding) stages |= w.stages;
        return stage_flags(stages);
    };
    auto add = [&](std::uint32_t set, DescriptorSetLayoutBindingInfo b) {
        while (info.set_layouts.size() <= set) info.set_layouts.push_back({std::uint32_t(info.set_layouts.size()), {}});
        info.set_layouts[set].bindings.push_back(std::move(b));
    };
    // A further view of a descriptor heap joins the heap's binding: one binding per slot, Mutable
    // (VK_EXT_mutable_descriptor_type) with the list of types once the views differ in type.
    auto add_heap_view = [&](std::uint32_t set, std::uint32_t binding, DescriptorType type, std::uint32_t stages) {
        if (set >= info.set_layouts.size()) return false;
        for (DescriptorSetLayoutBindingInfo& b : info.set_layouts[set].bindings) {
            if (b.binding != binding) continue;
            b.stage_flags |= stages;
            if (b.descriptor_type != type && b.descriptor_type != DescriptorType::Mutable) {
                b.mutable_types = {b.descriptor_type};
                b.descriptor_type = DescriptorType::Mutable;
            }
            if (b.descriptor_type == DescriptorType::Mutable &&
                std::find(b.mutable_types.begin(), b.mutable_types.end(), type) == b.mutable_types.end())
                b.mutable_types.push_back(type);
            return true;
        }
        return false;
    };
    for (std::size_t i = 0; i < resources.size(); ++i) {
        const ResourceLayout& r = resources[i];
        const TargetSlot* s = r.slot(Target::SpirV);
        if (!s) continue;
        std::uint32_t count = r.count;
        std::uint32_t flags = 0;
        if (r.unbounded) {
            count = options.unbounded_descriptor_count;
            for (const NamedCount& n : options.unbounded_counts)
                if (n.name == r.name) count = n.count;
            flags = DescriptorBindingPartiallyBound;  // VariableDescriptorCount below, where Vulkan allows it
        }
        const DescriptorType type = descriptor_type(r.kind, dynamic[i]);
        // A counter per buffer: an array of them for an array of buffers, and one binding for all the
        // views of a heap (counter.var.ResourceDescriptorHeap), which the first view with one adds.
        auto add_counters = [&] {
            for (const TargetSlot& c : r.counter_slots) {
                if (c.target != Target::SpirV) continue;
                bool present = false;
                if (r.descriptor_heap && c.set < info.set_layouts.size())
                    for (DescriptorSetLayoutBindingInfo& b : info.set_layouts[c.set].bindings)
                        if (b.binding == c.binding) {
                            b.stage_flags |= widened(c.set, c.binding, r.stages);
                            present = true;
                        }
                if (!present)
                    add(c.set, {c.binding, DescriptorType::StorageBuffer, count, widened(c.set, c.binding, r.stages),
                                r.name + ".counter", false, flags});
            }
        };
        if (r.descriptor_heap && add_heap_view(s->set, s->binding, type, widened(s->set, s->binding, r.stages))) {
            add_counters();
            continue;
        }
        add(s->set, {s->binding, type, count, widened(s->set, s->binding, r.stages), r.name, dynamic[i], flags});
        add_counters();
    }
    for (DescriptorSetLayoutInfo& set : info.set_layouts) {
        std::stable_sort(set.bindings.begin(), set.bindings.end(),
                         [](const auto& a, const auto& b) { return a.binding < b.binding; });
        // Only the highest binding of a set may have a variable count, and not a dynamic buffer
        // (VUID-VkDescriptorSetLayoutBindingFlagsCreateInfo-pBindingFlags-03004, -03015); other
        // unbounded arrays keep the fixed count, partially bound.
        if (!set.bindings.empty()) {
            DescriptorSetLayoutBindingInfo& last = set.bindings.back();
            if ((last.binding_flags & DescriptorBindingPartiallyBound) && !last.is_dynamic)
                last.binding_flags |= DescriptorBindingVariableDescriptorCount;
        }
    }

    auto range_size = [](std::uint32_t size) { return (size + 3u) / 4u * 4u; };
    if (push_constants_share_range && !push_constants.empty()) {
        PushConstantRangeInfo range;
        ShaderStages stages = options.widen_push_constants;
        for (const PushConstantLayout& p : push_constants) {
            stages |= p.stages;
            range.size = std::max(range.size, range_size(p.size));
            range.name += (range.name.empty() ? "" : "|") + p.name;
        }
        range.stage_flags = stage_flags(stages);
        info.push_constant_ranges.push_back(std::move(range));
    } else {
        for (const PushConstantLayout& p : push_constants)
            info.push_constant_ranges.push_back(
                {stage_flags(ShaderStages(p.stages | options.widen_push_constants)), 0, range_size(p.size), p.name});
    }
    return info;
}

vulkan::VertexInputInfo VertexLayout::to_vulkan(VertexStepMode step, std::uint32_t binding) const {
    vulkan::VertexInputInfo info;
    info.bindings.push_back({binding, stride,
                             step == VertexStepMode::Instance ? vulkan::VertexInputRate::Instance : vulkan::VertexInputRate::Vertex});
    for (const VertexAttributeLayout& a : attributes)
        info.attributes.push_back({a.location, binding, vulkan::format(a.format), a.offset});
    return info;
}

}  // namespace oneshader::layouts
