// PipelineLayout::create and create_union: entry layouts merged by slot, conflicts as values whose
// message names both entry points and the slot.
#include <algorithm>

#include "layouts/compatibility_layout.hpp"
#include "layouts/layout_words.hpp"

namespace oneshader::layouts {

namespace {

// The slot resources are merged by: Vulkan's set and binding (every API numbers from the same
// declaration), or the first target's slot when SPIR-V was not compiled.
TargetSlot merge_slot(const ResourceLayout& r) {
    if (const TargetSlot* s = r.slot(Target::SpirV)) return *s;
    return r.slots.empty() ? TargetSlot{} : r.slots.front();
}

std::string entry_words(const std::vector<std::string>& names) {
    return (names.size() == 1 ? "entry point " : "entry points ") + quoted_list(names);
}

std::optional<LayoutError> merge_resource(std::vector<ResourceLayout>& merged, const ResourceLayout& r, bool union_rules) {
    const TargetSlot slot = merge_slot(r);
    for (ResourceLayout& m : merged) {
        const TargetSlot at = merge_slot(m);
        if (at.set != slot.set || at.binding != slot.binding) continue;
        bool same = m.kind == r.kind && m.count == r.count && m.unbounded == r.unbounded && m.type == r.type;
        if (union_rules) same = same && m.hlsl_type == r.hlsl_type && m.image_format == r.image_format;
        // The views of one descriptor heap alias its slot by design; each keeps its own entry.
        if (!same && m.descriptor_heap && r.descriptor_heap) continue;
        if (!same)
            return layout_error(LayoutErrorKind::ResourceConflict,
                                "Set " + std::to_string(slot.set) + " binding " + std::to_string(slot.binding) + " is " +
                                    describe(m) + " in " + entry_words(m.entry_points) + " and " + describe(r) + " in " +
                                    entry_words(r.entry_points) +
                                    ". Give one of them another binding (register or [[vk::binding]]), or build "
                                    "separate layouts for these entry points.");
        m.stages |= r.stages;
        m.dynamic_offset = m.dynamic_offset || r.dynamic_offset;
        add_names(m.entry_points, r.entry_points);
        return std::nullopt;
    }
    merged.push_back(r);
    return std::nullopt;
}

struct Span {
    std::string name;
    std::uint32_t offset = 0;
    std::uint32_t size = 0;
    const ReflectedType* type = nullptr;
};

std::vector<Span> member_spans(const PushConstantLayout& p) {
    std::vector<Span> spans;
    if (p.type.kind == ReflectedTypeKind::Struct)
        for (const ReflectedMember& m : p.type.members) spans.push_back({p.name + "." + m.name, m.offset, m.type.size, &m.type});
    else
        spans.push_back({p.name, 0, p.type.size, &p.type});
    return spans;
}

// Blocks of different structs may share one range when every pair of members that overlap in
// bytes is the same member: same type at the same offset.
std::optional<LayoutError> check_overlap(const PushConstantLayout& a, const PushConstantLayout& b) {
    for (const Span& x : member_spans(a))
        for (const Span& y : member_spans(b)) {
            const bool overlap = x.offset < y.offset + y.size && y.offset < x.offset + x.size;
            if (!overlap || (x.offset == y.offset && *x.type == *y.type)) continue;
            return layout_error(LayoutErrorKind::PushConstantConflict,
                                "The push-constant blocks '" + a.name + "' (" + entry_words(a.entry_points) + ") and '" +
                                    b.name + "' (" + entry_words(b.entry_points) + ") cannot share one range: '" +
                                    x.name + "' (" + type_name(*x.type) + " at offset " + std::to_string(x.offset) +
                                    ") overlaps '" + y.name + "' (" + type_name(*y.type) + " at offset " +
                                    std::to_string(y.offset) +
                                    "). Declare the same members where the blocks overlap, or build separate layouts.");
        }
    return std::nullopt;
}

std::optional<LayoutError> merge_push(PipelineLayout& out, const PushConstantLayout& p, bool union_rules) {
    for (PushConstantLayout& m : out.push_constants) {
        if (m.name != p.name) continue;
        if (m.size != p.size || !(m.type == p.type)) {
            if (!union_rules)
                return layout_error(LayoutErrorKind::PushConstantConflict,
                                    "The push-constant block '" + p.name + "' is " + std::to_string(m.size) + " bytes in " +
                                        entry_words(m.entry_points) + " and " + std::to_string(p.size) + " bytes in " +
                                        entry_words(p.entry_points) +
                                        ". Entry points of one pipeline share a block only when it is the same struct.");
            continue;  // a union checks it against the others like a block of another name
        }
        m.stages |= p.stages;
        add_names(m.entry_points, p.entry_points);
        return std::nullopt;
    }
    if (union_rules)
        for (const PushConstantLayout& m : out.push_constants)
            if (auto error = check_overlap(m, p)) return error;
    out.push_constants.push_back(p);
    return std::nullopt;
}

std::vector<Target> common_targets(std::span<const EntryLayout> entries) {
    std::vector<Target> targets = entries.front().targets;
    for (const EntryLayout& e : entries)
        std::erase_if(targets, [&](Target t) { return std::find(e.targets.begin(), e.targets.end(), t) == e.targets.end(); });
    return targets;
}

Result<PipelineLayout> merge(std::span<const EntryLayout> entries, bool union_rules) {
    if (entries.empty())
        return layout_error(LayoutErrorKind::EntryPointNotFound, "A pipeline layout needs at least one entry layout.");
    if (!union_rules) {
        for (std::size_t i = 0; i < entries.size(); ++i)
            for (std::size_t j = i + 1; j < entries.size(); ++j) {
                const EntryLayout& a = entries[i];
                const EntryLayout& b = entries[j];
                if (a.stage == b.stage)
                    return layout_error(LayoutErrorKind::DuplicateStage,
                                        "Entry points '" + a.entry_point + "' and '" + b.entry_point + "' are both " +
                                            std::string(stage_word(a.stage)) +
                                            " shaders; a pipeline has one entry point per stage. Use "
                                            "PipelineLayout::create_union for one layout shared by several pipelines.");
                if ((a.stage == Stage::Compute) != (b.stage == Stage::Compute)) {
                    const EntryLayout& c = a.stage == Stage::Compute ? a : b;
                    const EntryLayout& g = a.stage == Stage::Compute ? b : a;
                    return layout_error(LayoutErrorKind::IncompatibleStages,
                                        "Entry point '" + c.entry_point + "' is a compute shader and '" + g.entry_point +
                                            "' a " + std::string(stage_word(g.stage)) +
                                            " shader; a compute pipeline has its compute entry point only. Use "
                                            "PipelineLayout::create_union for one layout shared by both.");
                }
            }
    }
    PipelineLayout out;
    out.entries.assign(entries.begin(), entries.end());
    out.targets = common_targets(entries);
    for (const EntryLayout& e : entries) {
        out.required_features |= e.required_features;
        for (const ResourceLayout& r : e.resources)
            if (auto error = merge_resource(out.resources, r, union_rules)) return *error;
        if (e.push_constant)
            if (auto error = merge_push(out, *e.push_constant, union_rules)) return *error;
    }
    out.push_constants_share_range = union_rules;
    std::stable_sort(out.resources.begin(), out.resources.end(), [](const ResourceLayout& a, const ResourceLayout& b) {
        const TargetSlot x = merge_slot(a), y = merge_slot(b);
        return x.set != y.set ? x.set < y.set : x.binding < y.binding;
    });
    return out;
}

}  // namespace

Result<PipelineLayout> PipelineLayout::create(std::span<const EntryLayout> entries) { return merge(entries, false); }
Result<PipelineLayout> PipelineLayout::create_union(std::span<const EntryLayout> entries) { return merge(entries, true); }

const ResourceLayout* PipelineLayout::find(std::string_view name) const {
    for (const ResourceLayout& r : resources)
        if (r.name == name) return &r;
    return nullptr;
}

}  // namespace oneshader::layouts
