// EntryLayout::create: one entry point's part of a shader's reflection, with its own stage only.
#include <algorithm>

#include "layouts/layout_words.hpp"

namespace oneshader::layouts {

namespace {

bool uses(const std::vector<std::string>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::optional<VertexLayout> vertex_layout(const EntryPointInfo& e) {
    if (e.stage != Stage::Vertex) return std::nullopt;
    VertexLayout v;
    v.stride = e.vertex_stride;
    for (const StageVariable& in : e.inputs) {
        if (in.built_in != BuiltIn::None || !in.location || in.format == VertexFormat::None) continue;
        VertexAttributeLayout a;
        a.location = *in.location;
        a.name = in.name;
        a.semantic = in.semantic;
        a.semantic_index = in.semantic_index;
        a.scalar = in.scalar;
        a.components = in.components;
        a.format = in.format;
        a.offset = in.offset;
        v.attributes.push_back(std::move(a));
    }
    if (v.attributes.empty()) return std::nullopt;
    std::stable_sort(v.attributes.begin(), v.attributes.end(),
                     [](const VertexAttributeLayout& a, const VertexAttributeLayout& b) { return a.location < b.location; });
    return v;
}

}  // namespace

Result<EntryLayout> EntryLayout::create(const ShaderReflection& reflection, std::string_view entry_point) {
    const EntryPointInfo* e = reflection.find_entry_point(entry_point);
    if (!e) {
        std::string known;
        for (const EntryPointInfo& other : reflection.entry_points) known += (known.empty() ? "'" : ", '") + other.name + "'";
        return layout_error(LayoutErrorKind::EntryPointNotFound,
                            "The shader '" + reflection.source + "' has no entry point '" + std::string(entry_point) +
                                "'" + (known.empty() ? std::string(".") : "; it has " + known + "."));
    }
    EntryLayout layout;
    layout.entry_point = e->name;
    layout.stage = e->stage;
    layout.source = reflection.source;
    layout.targets = reflection.targets;
    layout.required_features = e->features;
    layout.msl_function_name = e->msl_function_name;
    layout.wgsl_entry_point = e->wgsl_entry_point;
    std::copy(std::begin(e->workgroup_size), std::end(e->workgroup_size), layout.thread_group_size);
    for (const ResourceInfo& r : reflection.resources) {
        if (!uses(e->used_resources, r.name)) continue;
        ResourceLayout rl;
        rl.name = r.name;
        rl.kind = r.kind;
        rl.type = r.resource_type;
        rl.hlsl_type = r.hlsl_type;
        rl.count = r.count;
        rl.unbounded = r.unbounded;
        rl.descriptor_heap = r.descriptor_heap;
        rl.stages = stage_bit(e->stage);
        rl.image_format = r.image_format;
        rl.slots = r.slots;
        rl.counter_slots = r.counter_slots;
        rl.entry_points = {e->name};
        layout.resources.push_back(std::move(rl));
    }
    if (e->push_constant) {
        for (const PushConstantInfo& p : reflection.push_constants) {
            if (p.name != *e->push_constant) continue;
            PushConstantLayout pl;
            pl.name = p.name;
            pl.stages = stage_bit(e->stage);
            pl.size = p.layout.size;
            pl.slots = p.slots;
            pl.type = p.layout;
            pl.entry_points = {e->name};
            layout.push_constant = std::move(pl);
        }
    }
    layout.vertex = vertex_layout(*e);
    for (const SpecConstantInfo& s : reflection.spec_constants) {
        if (!uses(e->used_spec_constants, s.name)) continue;
        layout.spec_constants.push_back(SpecConstantLayout{s.name, s.id, s.type, s.default_bits, s.slots});
    }
    return layout;
}

const VertexAttributeLayout* VertexLayout::find(std::uint32_t location) const {
    for (const VertexAttributeLayout& a : attributes)
        if (a.location == location) return &a;
    return nullptr;
}

}  // namespace oneshader::layouts
