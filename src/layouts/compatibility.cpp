// compare_interface: every rule of the spec's "Compatible means..." paragraph (the "OneShader"
// package page, "Hot reload"), one function per part of the reflection. Things are matched by
// name (resources, members, entry points, constants) or by semantic (vertex inputs), so a change
// reads as "moved", "changed" or "added"/"removed" rather than as a different list.
#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "layouts/compatibility_layout.hpp"
#include "oneshader/compatibility.hpp"

namespace oneshader {

namespace {

using Kind = InterfaceDifferenceKind;

std::string slot_text(const TargetSlot& s) {
    switch (s.target) {
    case Target::SpirV: return fmt::format("set {} binding {}", s.set, s.binding);
    case Target::Msl: return fmt::format("Metal index {}", s.binding);
    case Target::Wgsl: return fmt::format("WGSL group {} binding {}", s.set, s.binding);
    }
    return "?";
}

const TargetSlot* slot_for(const std::vector<TargetSlot>& slots, Target t) {
    for (const TargetSlot& s : slots)
        if (s.target == t) return &s;
    return nullptr;
}

std::string stage_list(std::uint8_t stages) {
    std::string out;
    int n = 0;
    for (auto [bit, name] : {std::pair{StageVertex, "Vertex"}, {StagePixel, "Pixel"}, {StageCompute, "Compute"}}) {
        if (!(stages & bit)) continue;
        if (n++) out += " and ";
        out += name;
    }
    return out + (n > 1 ? " stages" : " stage");
}

std::string spec_value(SpecConstantType t, std::uint32_t bits) {
    switch (t) {
    case SpecConstantType::Bool: return bits ? "true" : "false";
    case SpecConstantType::Int: return fmt::format("{}", static_cast<std::int32_t>(bits));
    case SpecConstantType::UInt: return fmt::format("{}", bits);
    case SpecConstantType::Float: return fmt::format("{}", std::bit_cast<float>(bits));
    }
    return "?";
}

std::string semantic_text(const StageVariable& v) { return fmt::format("{}{}", v.semantic, v.semantic_index); }

// What the host feeds: vertex inputs that are attributes, not built-ins such as SV_VertexID.
bool is_attribute(const StageVariable& v) { return v.built_in == BuiltIn::None && v.location.has_value(); }

const StageVariable* find_attribute(const std::vector<StageVariable>& inputs, const StageVariable& like) {
    for (const StageVariable& v : inputs)
        if (is_attribute(v) && v.semantic == like.semantic && v.semantic_index == like.semantic_index) return &v;
    return nullptr;
}

class Comparer {
public:
    Comparer(const ShaderReflection& built, const ShaderReflection& fresh, CompatibilityReport& report)
        : built_(built), fresh_(fresh), report_(report) {}

    void run() {
        resources();
        push_constants();
        spec_constants();
        entry_points();
    }

private:
    void differ(Kind kind, std::string subject, std::string message) {
        report_.differences.push_back({kind, std::move(subject), std::move(message)});
    }
    void fine(Kind kind, std::string subject, std::string message) {
        report_.compatible_changes.push_back({kind, std::move(subject), std::move(message)});
    }

    // Slots per target both compiles have; a target only one of them built says nothing.
    void slots(Kind kind, const std::string& name, std::string_view what, const std::vector<TargetSlot>& a,
               const std::vector<TargetSlot>& b) {
        for (const TargetSlot& s : a) {
            const TargetSlot* t = slot_for(b, s.target);
            if (t && !(*t == s)) {
                std::string to = slot_text(*t);
                // "from Metal index 1 to 2", "from set 0 binding 1 to set 0 binding 2"
                if (s.target == Target::Msl) to = fmt::format("{}", t->binding);
                if (s.target == Target::Wgsl) to = fmt::format("group {} binding {}", t->set, t->binding);
                differ(kind, name, fmt::format("{}{} moved from {} to {}", name, what, slot_text(s), to));
            }
        }
    }

    // Gained stages break the generated visibility flags; lost ones are harmless.
    void stages(Kind kind, const std::string& name, std::uint8_t a, std::uint8_t b) {
        if (std::uint8_t gained = b & ~a)
            differ(kind, name, fmt::format("{} is now used by the {} too", name, stage_list(gained)));
        if (std::uint8_t lost = a & ~b)
            fine(kind, name, fmt::format("{} is no longer used by the {}", name, stage_list(lost)));
    }

    void resources() {
        for (const ResourceInfo& a : built_.resources) {
            const ResourceInfo* b = fresh_.find_resource(a.name);
            if (!b) {
                if (a.stages) differ(Kind::Resource, a.name, fmt::format("{} was removed", a.name));
                else fine(Kind::Resource, a.name, fmt::format("{} was removed; no stage used it", a.name));
                continue;
            }
            if (a.kind != b->kind) {
                differ(Kind::Resource, a.name,
                       fmt::format("{} changed kind from {} to {}", a.name, to_string(a.kind), to_string(b->kind)));
                continue;  // slots and layouts of a different kind of thing say nothing more
            }
            if (a.resource_type != b->resource_type)
                differ(Kind::Resource, a.name,
                       fmt::format("{} changed type from {} to {}", a.name, to_string(a.resource_type),
                                   to_string(b->resource_type)));
            auto size = [](const ResourceInfo& r) { return r.unbounded ? std::string("unbounded") : std::to_string(r.count); };
            if (a.count != b->count || a.unbounded != b->unbounded)
                differ(Kind::Resource, a.name,
                       fmt::format("{} array size changed from {} to {}", a.name, size(a), size(*b)));
            if (a.image_format != b->image_format)
                differ(Kind::Resource, a.name,
                       fmt::format("{} image format changed from {} to {}", a.name,
                                   a.image_format.empty() ? "none" : a.image_format,
                                   b->image_format.empty() ? "none" : b->image_format));
            slots(Kind::Resource, a.name, "", a.slots, b->slots);
            slots(Kind::Resource, a.name, " counter", a.counter_slots, b->counter_slots);
            stages(Kind::Resource, a.name, a.stages, b->stages);
            if (a.layout && b->layout) layouts::compare_layout(a.name, *a.layout, *b->layout, report_.differences);
        }
        for (const ResourceInfo& b : fresh_.resources) {
            if (built_.find_resource(b.name)) continue;
            std::string where = b.slots.empty() ? std::string() : " at " + slot_text(b.slots.front());
            if (b.stages) differ(Kind::Resource, b.name, fmt::format("{} was added{}", b.name, where));
            else fine(Kind::Resource, b.name, fmt::format("{} was added{}; no stage uses it", b.name, where));
        }
    }

    static const PushConstantInfo* find_push(const ShaderReflection& r, std::string_view name) {
        for (const PushConstantInfo& p : r.push_constants)
            if (p.name == name) return &p;
        return nullptr;
    }

    void push_constants() {
        for (const PushConstantInfo& a : built_.push_constants) {
            const PushConstantInfo* b = find_push(fresh_, a.name);
            if (!b) {
                if (a.stages) differ(Kind::PushConstant, a.name, fmt::format("push constants {} were removed", a.name));
                else fine(Kind::PushConstant, a.name,
                          fmt::format("push constants {} were removed; no stage used them", a.name));
                continue;
            }
            slots(Kind::PushConstant, a.name, "", a.slots, b->slots);
            stages(Kind::PushConstant, a.name, a.stages, b->stages);
            layouts::compare_layout(a.name, a.layout, b->layout, report_.differences);
        }
        for (const PushConstantInfo& b : fresh_.push_constants) {
            if (find_push(built_, b.name)) continue;
            if (b.stages) differ(Kind::PushConstant, b.name, fmt::format("push constants {} were added", b.name));
            else fine(Kind::PushConstant, b.name, fmt::format("push constants {} were added; no stage uses them", b.name));
        }
    }

    static const SpecConstantInfo* find_spec(const ShaderReflection& r, std::string_view name) {
        for (const SpecConstantInfo& s : r.spec_constants)
            if (s.name == name) return &s;
        return nullptr;
    }

    void spec_constants() {
        for (const SpecConstantInfo& a : built_.spec_constants) {
            const SpecConstantInfo* b = find_spec(fresh_, a.name);
            if (!b) {
                differ(Kind::SpecConstant, a.name, fmt::format("specialization constant {} was removed", a.name));
                continue;
            }
            if (a.id != b->id)
                differ(Kind::SpecConstant, a.name,
                       fmt::format("specialization constant {} changed id from {} to {}", a.name, a.id, b->id));
            if (a.type != b->type) {
                differ(Kind::SpecConstant, a.name,
                       fmt::format("specialization constant {} changed type from {} to {}", a.name, to_string(a.type),
                                   to_string(b->type)));
            } else if (a.default_bits != b->default_bits) {
                fine(Kind::SpecConstant, a.name,
                     fmt::format("specialization constant {} default changed from {} to {}", a.name,
                                 spec_value(a.type, a.default_bits), spec_value(b->type, b->default_bits)));
            }
        }
        for (const SpecConstantInfo& b : fresh_.spec_constants)
            if (!find_spec(built_, b.name))
                fine(Kind::SpecConstant, b.name,
                     fmt::format("specialization constant {} was added with id {}", b.name, b.id));
    }

    void vertex_inputs(const EntryPointInfo& a, const EntryPointInfo& b) {
        if (a.vertex_stride != b.vertex_stride)
            differ(Kind::VertexInput, a.name,
                   fmt::format("{} vertex stride changed from {} to {} bytes", a.name, a.vertex_stride, b.vertex_stride));
        for (const StageVariable& v : a.inputs) {
            if (!is_attribute(v)) continue;
            std::string subject = fmt::format("{} {}", a.name, v.name);
            std::string label = fmt::format("{} input {} ({})", a.name, v.name, semantic_text(v));
            const StageVariable* w = find_attribute(b.inputs, v);
            if (!w) {
                differ(Kind::VertexInput, subject, fmt::format("{} was removed", label));
                continue;
            }
            if (v.location != w->location)
                differ(Kind::VertexInput, subject,
                       fmt::format("{} moved from location {} to {}", label, *v.location, *w->location));
            if (v.format != w->format)
                differ(Kind::VertexInput, subject,
                       fmt::format("{} changed format from {} to {}", label, to_string(v.format), to_string(w->format)));
            else if (v.scalar != w->scalar || v.components != w->components)
                differ(Kind::VertexInput, subject, fmt::format("{} changed type", label));
            if (v.offset != w->offset)
                differ(Kind::VertexInput, subject,
                       fmt::format("{} moved from offset {} to {}", label, v.offset, w->offset));
        }
        for (const StageVariable& w : b.inputs) {
            if (!is_attribute(w) || find_attribute(a.inputs, w)) continue;
            differ(Kind::VertexInput, fmt::format("{} {}", a.name, w.name),
                   fmt::format("{} input {} ({}) was added at location {}", a.name, w.name, semantic_text(w),
                               *w.location));
        }
    }

    void entry_points() {
        for (const EntryPointInfo& a : built_.entry_points) {
            const EntryPointInfo* b = fresh_.find_entry_point(a.name);
            if (!b) {
                differ(Kind::EntryPoint, a.name, fmt::format("entry point {} was removed", a.name));
                continue;
            }
            if (a.stage != b->stage) {
                differ(Kind::EntryPoint, a.name,
                       fmt::format("entry point {} changed stage from {} to {}", a.name, to_string(a.stage),
                                   to_string(b->stage)));
                continue;
            }
            if (a.stage == Stage::Compute &&
                std::memcmp(a.workgroup_size, b->workgroup_size, sizeof a.workgroup_size) != 0)
                differ(Kind::ThreadGroupSize, a.name,
                       fmt::format("{} thread-group size changed from {}x{}x{} to {}x{}x{}", a.name, a.workgroup_size[0],
                                   a.workgroup_size[1], a.workgroup_size[2], b->workgroup_size[0],
                                   b->workgroup_size[1], b->workgroup_size[2]));
            if (a.stage == Stage::Vertex) vertex_inputs(a, *b);
        }
        for (const EntryPointInfo& b : fresh_.entry_points)
            if (!built_.find_entry_point(b.name))
                fine(Kind::EntryPoint, b.name,
                     fmt::format("entry point {} ({}) was added", b.name, to_string(b.stage)));
    }

    const ShaderReflection& built_;
    const ShaderReflection& fresh_;
    CompatibilityReport& report_;
};

}  // namespace

CompatibilityReport compare_interface(const ShaderReflection& built, const ShaderReflection& fresh) {
    CompatibilityReport report;
    Comparer(built, fresh, report).run();
    return report;
}

CompatibilityReport compare_interface(const ShaderReflection& built, const CompileResult& fresh) {
    if (fresh.reflection) return compare_interface(built, *fresh.reflection);
    CompatibilityReport report;
    std::string why = "its diagnostics say why";
    for (const Diagnostic& d : fresh.diagnostics)
        if (d.severity == Severity::Error) {
            why = d.to_string();
            break;
        }
    report.differences.push_back(
        {InterfaceDifferenceKind::NotCompiled, built.source, fmt::format("the shader did not compile: {}", why)});
    return report;
}

std::string CompatibilityReport::to_string() const {
    std::string out;
    if (differences.empty()) {
        out = "compatible with the compiled-in C++ bindings";
        for (const InterfaceDifference& d : compatible_changes) out += "\n  " + d.message;
        return out;
    }
    out = "incompatible with the compiled-in C++ bindings:";
    for (const InterfaceDifference& d : differences) out += "\n  " + d.message;
    out += "\nRebuild the project to update the generated C++ bindings.";
    return out;
}

}  // namespace oneshader
