// PipelineLayout::to_metal and VertexLayout::to_metal: per stage, the [[buffer]], [[texture]] and
// [[sampler]] index of each resource (MSL numbers each kind on its own), the bytes slot of the
// push block, and the MTLVertexDescriptor data.
#include <algorithm>

#include "layouts/layout_words.hpp"

namespace oneshader::layouts::metal {

std::string_view to_string(ArgumentKind kind) {
    switch (kind) {
    case ArgumentKind::Buffer: return "Buffer";
    case ArgumentKind::Texture: return "Texture";
    case ArgumentKind::Sampler: return "Sampler";
    }
    return "";
}

std::string_view to_string(VertexFormat f) {
    switch (f) {
    case VertexFormat::Invalid: return "Invalid";
    case VertexFormat::UChar2: return "UChar2";
    case VertexFormat::UChar4: return "UChar4";
    case VertexFormat::Char2: return "Char2";
    case VertexFormat::Char4: return "Char4";
    case VertexFormat::UChar2Normalized: return "UChar2Normalized";
    case VertexFormat::UChar4Normalized: return "UChar4Normalized";
    case VertexFormat::Char2Normalized: return "Char2Normalized";
    case VertexFormat::Char4Normalized: return "Char4Normalized";
    case VertexFormat::UShort2: return "UShort2";
    case VertexFormat::UShort4: return "UShort4";
    case VertexFormat::Short2: return "Short2";
    case VertexFormat::Short4: return "Short4";
    case VertexFormat::UShort2Normalized: return "UShort2Normalized";
    case VertexFormat::UShort4Normalized: return "UShort4Normalized";
    case VertexFormat::Short2Normalized: return "Short2Normalized";
    case VertexFormat::Short4Normalized: return "Short4Normalized";
    case VertexFormat::Half2: return "Half2";
    case VertexFormat::Half4: return "Half4";
    case VertexFormat::Float: return "Float";
    case VertexFormat::Float2: return "Float2";
    case VertexFormat::Float3: return "Float3";
    case VertexFormat::Float4: return "Float4";
    case VertexFormat::Int: return "Int";
    case VertexFormat::Int2: return "Int2";
    case VertexFormat::Int3: return "Int3";
    case VertexFormat::Int4: return "Int4";
    case VertexFormat::UInt: return "UInt";
    case VertexFormat::UInt2: return "UInt2";
    case VertexFormat::UInt3: return "UInt3";
    case VertexFormat::UInt4: return "UInt4";
    case VertexFormat::UInt1010102Normalized: return "UInt1010102Normalized";
    }
    return "";
}

VertexFormat format(oneshader::VertexFormat f) {
    using V = oneshader::VertexFormat;
    switch (f) {
    case V::None: return VertexFormat::Invalid;
    case V::Uint8x2: return VertexFormat::UChar2;
    case V::Uint8x4: return VertexFormat::UChar4;
    case V::Sint8x2: return VertexFormat::Char2;
    case V::Sint8x4: return VertexFormat::Char4;
    case V::Unorm8x2: return VertexFormat::UChar2Normalized;
    case V::Unorm8x4: return VertexFormat::UChar4Normalized;
    case V::Snorm8x2: return VertexFormat::Char2Normalized;
    case V::Snorm8x4: return VertexFormat::Char4Normalized;
    case V::Uint16x2: return VertexFormat::UShort2;
    case V::Uint16x4: return VertexFormat::UShort4;
    case V::Sint16x2: return VertexFormat::Short2;
    case V::Sint16x4: return VertexFormat::Short4;
    case V::Unorm16x2: return VertexFormat::UShort2Normalized;
    case V::Unorm16x4: return VertexFormat::UShort4Normalized;
    case V::Snorm16x2: return VertexFormat::Short2Normalized;
    case V::Snorm16x4: return VertexFormat::Short4Normalized;
    case V::Float16x2: return VertexFormat::Half2;
    case V::Float16x4: return VertexFormat::Half4;
    case V::Float32: return VertexFormat::Float;
    case V::Float32x2: return VertexFormat::Float2;
    case V::Float32x3: return VertexFormat::Float3;
    case V::Float32x4: return VertexFormat::Float4;
    case V::Uint32: return VertexFormat::UInt;
    case V::Uint32x2: return VertexFormat::UInt2;
    case V::Uint32x3: return VertexFormat::UInt3;
    case V::Uint32x4: return VertexFormat::UInt4;
    case V::Sint32: return VertexFormat::Int;
    case V::Sint32x2: return VertexFormat::Int2;
    case V::Sint32x3: return VertexFormat::Int3;
    case V::Sint32x4: return VertexFormat::Int4;
    case V::Unorm10_10_10_2: return VertexFormat::UInt1010102Normalized;
    }
    return VertexFormat::Invalid;
}

const Argument* StageLayout::find(std::uint32_t set, std::uint32_t binding) const {
    for (const Argument& a : arguments)
        if (a.set == set && a.binding == binding) return &a;
    return nullptr;
}

const StageLayout* PipelineLayout::find(Stage stage) const {
    for (const StageLayout& s : stages)
        if (s.stage == stage) return &s;
    return nullptr;
}

namespace {

ArgumentKind argument_kind(ResourceKind kind) {
    switch (kind) {
    case ResourceKind::ConstantBuffer:
    case ResourceKind::ReadOnlyStorageBuffer:
    case ResourceKind::StorageBuffer: return ArgumentKind::Buffer;
    case ResourceKind::Sampler:
    case ResourceKind::ComparisonSampler: return ArgumentKind::Sampler;
    default: return ArgumentKind::Texture;  // textures and texel buffers (texture_buffer)
    }
}

std::optional<LayoutError> add_argument(StageLayout& stage, const std::string& entry, Argument a) {
    for (const Argument& m : stage.arguments) {
        const bool same_name = m.name == a.name;
        const bool same_index = m.kind == a.kind && m.index == a.index;
        if (same_name && same_index && m.count == a.count) return std::nullopt;
        if (!same_name && !(m.kind == a.kind && a.index < m.index + m.count && m.index < a.index + a.count)) continue;
        return layout_error(LayoutErrorKind::ResourceConflict,
                            "Metal " + std::string(stage_word(stage.stage)) + " stage: '" + a.name + "' is " +
                                std::string(to_string(a.kind)) + "(" + std::to_string(a.index) + ") in entry point '" +
                                entry + "', but " + quoted_list(stage.entry_points) + " bind '" + m.name + "' as " +
                                std::string(to_string(m.kind)) + "(" + std::to_string(m.index) +
                                "). Entry points of different files number Metal arguments independently: build "
                                "separate layouts, or declare the resources in the same order.");
    }
    stage.arguments.push_back(std::move(a));
    return std::nullopt;
}

}  // namespace

}  // namespace oneshader::layouts::metal

namespace oneshader::layouts {

Result<metal::PipelineLayout> PipelineLayout::to_metal() const {
    using namespace metal;
    if (std::find(targets.begin(), targets.end(), Target::Msl) == targets.end())
        return layout_error(LayoutErrorKind::MissingTarget,
                            "The layout has no Metal indices because MSL was not compiled: add Target::Msl to "
                            "CompileOptions::targets (--target msl).");
    metal::PipelineLayout out;
    out.required_features = required_features;
    for (Stage stage : {Stage::Vertex, Stage::Pixel, Stage::Compute}) {
        StageLayout sl;
        sl.stage = stage;
        for (const EntryLayout& e : entries) {
            if (e.stage != stage) continue;
            for (const ResourceLayout& r : e.resources) {
                const TargetSlot* s = r.slot(Target::Msl);
                if (!s) continue;
                const TargetSlot* v = r.slot(Target::SpirV);
                if (r.unbounded)
                    return layout_error(LayoutErrorKind::Unsupported,
                                        "Metal cannot bind '" + r.name + "': it is an unbounded array, which the MSL "
                                        "backend refuses (OSH5101). Give it a size, or build the layout without it.");
                Argument a{r.name, argument_kind(r.kind), s->binding, r.count, v ? v->set : 0, v ? v->binding : 0};
                if (auto error = add_argument(sl, e.entry_point, std::move(a))) return *error;
                for (const TargetSlot& c : r.counter_slots)
                    if (c.target == Target::Msl)
                        if (auto error = add_argument(sl, e.entry_point, {r.name + ".counter", ArgumentKind::Buffer, c.binding, 1, 0, 0}))
                            return *error;
            }
            if (e.push_constant)
                for (const TargetSlot& s : e.push_constant->slots) {
                    if (s.target != Target::Msl) continue;
                    if (sl.bytes_index && *sl.bytes_index != s.binding)
                        return layout_error(LayoutErrorKind::PushConstantConflict,
                                            "Metal " + std::string(stage_word(stage)) + " stage: entry point '" +
                                                e.entry_point + "' takes its push constants at buffer(" +
                                                std::to_string(s.binding) + "), " + quoted_list(sl.entry_points) +
                                                " at buffer(" + std::to_string(*sl.bytes_index) +
                                                "). Build separate layouts for them.");
                    sl.bytes_index = s.binding;
                }
            if (e.vertex) sl.vertex_buffer_index = 30;  // the MSL backend's fixed vertex buffer index
            sl.entry_points.push_back(e.entry_point);
        }
        if (sl.entry_points.empty()) continue;
        std::stable_sort(sl.arguments.begin(), sl.arguments.end(), [](const Argument& a, const Argument& b) {
            return a.kind != b.kind ? a.kind < b.kind : a.index < b.index;
        });
        out.stages.push_back(std::move(sl));
    }
    return out;
}

metal::VertexDescriptor VertexLayout::to_metal(std::uint32_t buffer_index, VertexStepMode step) const {
    metal::VertexDescriptor d;
    d.buffer_index = buffer_index;
    d.stride = stride;
    d.step_function = step == VertexStepMode::Instance ? metal::VertexStepFunction::PerInstance
                                                       : metal::VertexStepFunction::PerVertex;
    for (const VertexAttributeLayout& a : attributes)
        d.attributes[a.location] = {a.location, metal::format(a.format), a.offset, buffer_index};
    return d;
}

}  // namespace oneshader::layouts
