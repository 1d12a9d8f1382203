#include <algorithm>
#include <cstdio>
#include <cstring>

#include "cppgen/body.hpp"
#include "cppgen/names.hpp"

namespace oneshader::cppgen {

namespace {

std::string u32(std::uint32_t v) { return std::to_string(v) + "u"; }

std::string stage_flags(std::uint8_t stages) {
    std::string out;
    auto add = [&](std::uint8_t bit, const char* name) {
        if (stages & bit) out += std::string(out.empty() ? "" : " | ") + kSupport + name;
    };
    add(StageVertex, "StageVertex");
    add(StagePixel, "StagePixel");
    add(StageCompute, "StageCompute");
    return out.empty() ? std::string(kSupport) + "StageNone" : "std::uint32_t(" + out + ")";
}

std::string kind_of(ResourceKind k) { return std::string(kSupport) + "ResourceKind::" + std::string(to_string(k)); }

std::string constant(int level, std::string_view type, std::string_view name, const std::string& value) {
    return indent(level) + "static constexpr " + std::string(type) + " " + std::string(name) + " = " + value + ";\n";
}

bool has(const ShaderReflection& r, Target t) {
    for (Target x : r.targets)
        if (x == t) return true;
    return false;
}

// Vulkan's slot; without SPIR-V, WGSL's; with only MSL, set 0 and the Metal index (spec page
// "OneShader.Build", "Choosing targets").
TargetSlot main_slot(const ShaderReflection& r, const std::vector<TargetSlot>& slots) {
    for (Target t : {Target::SpirV, Target::Wgsl, Target::Msl})
        if (has(r, t))
            if (const TargetSlot* s = slot_of(slots, t)) return *s;
    return {};
}

std::string float_literal(std::uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.9g", double(f));
    std::string s = buffer;
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    if (s == "inf" || s == "-inf" || s == "nan" || s == "-nan") return "__builtin_bit_cast(float, " + u32(bits) + ")";
    return s + "f";
}

}  // namespace

const TargetSlot* slot_of(const std::vector<TargetSlot>& slots, Target t) {
    for (const TargetSlot& s : slots)
        if (s.target == t) return &s;
    return nullptr;
}

std::string push_constant_name(const ShaderReflection& r, const PushConstantInfo& p) {
    return r.push_constants.size() == 1 ? std::string("PushConstants") : type_name(p.name) + "PushConstants";
}

std::string bindings_text(const ShaderReflection& r, int level, Scope& scope, Problems& problems,
                          const std::vector<std::string>& push_struct_names) {
    if (!scope.declare("Bindings", "the Bindings class")) return "";
    const int in = level + 1, in2 = level + 2;
    Scope names(scope.where() + "Bindings", problems);
    names.declare("all", "the list of every binding");
    std::string out = indent(level) + "struct Bindings {\n";
    std::string all;
    std::size_t count = 0;
    const bool msl = has(r, Target::Msl), wgsl = has(r, Target::Wgsl);
    std::vector<std::string> heaps;  // descriptor heaps: one entry each, whatever types read them
    for (const ResourceInfo& res : r.resources) {
        const std::string name = type_name(res.name);
        if (res.descriptor_heap) {
            if (std::find(heaps.begin(), heaps.end(), name) != heaps.end()) continue;
            heaps.push_back(name);
        }
        if (!names.declare(name, "resource '" + res.name + "'")) continue;
        TargetSlot slot = main_slot(r, res.slots);
        out += indent(in) + "struct " + name + " {\n";
        out += constant(in2, "std::uint32_t", "set", u32(slot.set));
        out += constant(in2, "std::uint32_t", "binding", u32(slot.binding));
        out += constant(in2, "std::uint32_t", "count", u32(res.count));
        // An unbounded array (T[]) has count 0 here and in `all`; the application picks the
        // descriptor count (layouts' unbounded_descriptor_count for Vulkan).
        if (res.unbounded) out += constant(in2, "bool", "unbounded", "true");
        // A Shader Model 6.6 heap: `kind` is the first type the shader reads from it; the binding
        // holds every type it reads (mutable descriptors on Vulkan).
        if (res.descriptor_heap) out += constant(in2, "bool", "descriptor_heap", "true");
        out += constant(in2, std::string(kSupport) + "ResourceKind", "kind", kind_of(res.kind));
        out += constant(in2, "std::uint32_t", "stages", stage_flags(res.stages));
        std::optional<TargetSlot> counter;
        if (!res.counter_slots.empty()) counter = main_slot(r, res.counter_slots);
        if (counter) out += constant(in2, "std::uint32_t", "counter_binding", u32(counter->binding));
        if (res.input_attachment_index)
            out += constant(in2, "std::uint32_t", "input_attachment_index", u32(*res.input_attachment_index));
        const TargetSlot* m = msl ? slot_of(res.slots, Target::Msl) : nullptr;
        if (m) out += constant(in2, "std::uint32_t", "msl_index", u32(m->binding));
        if (const TargetSlot* mc = msl ? slot_of(res.counter_slots, Target::Msl) : nullptr)
            out += constant(in2, "std::uint32_t", "msl_counter_index", u32(mc->binding));
        if (const TargetSlot* w = wgsl ? slot_of(res.slots, Target::Wgsl) : nullptr) {
            out += constant(in2, "std::uint32_t", "wgsl_group", u32(w->set));
            out += constant(in2, "std::uint32_t", "wgsl_binding", u32(w->binding));
        }
        out += indent(in) + "};\n";
        auto entry = [&](const std::string& shown, const TargetSlot& s, const TargetSlot* metal) {
            all += indent(in2) + "{" + string_literal(shown) + ", " + u32(s.set) + ", " + u32(s.binding) + ", " +
                   u32(res.count) + ", " + kind_of(res.kind) + ", " + stage_flags(res.stages) + ", " +
                   (metal ? u32(metal->binding) : std::string(kSupport) + "kNoMetalIndex") + "},\n";
            ++count;
        };
        entry(res.name, slot, m);
        if (counter) {
            // The hidden counter is a storage buffer of its own, right after its buffer.
            const TargetSlot* mc = msl ? slot_of(res.counter_slots, Target::Msl) : nullptr;
            all += indent(in2) + "{" + string_literal(res.name + ".counter") + ", " + u32(counter->set) + ", " +
                   u32(counter->binding) + ", 1u, " + kind_of(ResourceKind::StorageBuffer) + ", " +
                   stage_flags(res.stages) + ", " + (mc ? u32(mc->binding) : std::string(kSupport) + "kNoMetalIndex") +
                   "},\n";
            ++count;
        }
    }
    for (std::size_t i = 0; i < r.push_constants.size(); ++i) {
        const PushConstantInfo& p = r.push_constants[i];
        const std::string& name = push_struct_names[i];
        if (!names.declare(name, "push-constant block '" + p.name + "'")) continue;
        out += indent(in) + "struct " + name + " {\n";
        out += constant(in2, "std::uint32_t", "size", u32(p.layout.size));
        out += constant(in2, "std::uint32_t", "stages", stage_flags(p.stages));
        if (const TargetSlot* m = msl ? slot_of(p.slots, Target::Msl) : nullptr)
            out += constant(in2, "std::uint32_t", "msl_index", u32(m->binding));
        if (const TargetSlot* w = wgsl ? slot_of(p.slots, Target::Wgsl) : nullptr) {
            out += constant(in2, "std::uint32_t", "wgsl_group", u32(w->set));
            out += constant(in2, "std::uint32_t", "wgsl_binding", u32(w->binding));
        }
        out += indent(in) + "};\n";
    }
    out += indent(in) + "static constexpr std::array<" + kSupport + "ResourceBinding, " + std::to_string(count) +
           "> all = {{\n" + all + indent(in) + "}};\n";
    out += indent(level) + "};\n";
    return out;
}

std::string specialization_text(const ShaderReflection& r, int level, Scope& scope, Problems& problems) {
    if (r.spec_constants.empty()) return "";
    bool a = scope.declare("SpecializationConstants", "the SpecializationConstants class");
    bool b = scope.declare("Specialization", "the Specialization struct");
    if (!a || !b) return "";
    const int in = level + 1, in2 = level + 2;
    const std::size_t n = r.spec_constants.size();
    const std::string N = std::to_string(n);
    const bool msl = has(r, Target::Msl);
    Scope classes(scope.where() + "SpecializationConstants", problems);
    Scope members(scope.where() + "Specialization", problems);
    for (const char* taken : {"defaults", "map_entries", "to_vulkan", "to_metal", "to_webgpu", "size"})
        members.declare(taken, std::string("the generated member '") + taken + "'");

    auto type_of = [](SpecConstantType t) -> std::string {
        switch (t) {
            case SpecConstantType::Int: return "std::int32_t";
            case SpecConstantType::Float: return "float";
            default: return "std::uint32_t";  // bool: 0 or 1 in a 32-bit word
        }
    };
    auto value_of = [](const SpecConstantInfo& s) -> std::string {
        switch (s.type) {
            case SpecConstantType::Int: return std::to_string(std::int32_t(s.default_bits));
            case SpecConstantType::Float: return float_literal(s.default_bits);
            default: return u32(s.default_bits);
        }
    };
    auto data_type = [](SpecConstantType t) { return std::to_string(metal_data_type(t)) + "u"; };

    std::string out = indent(level) + "struct SpecializationConstants {\n";
    for (const SpecConstantInfo& s : r.spec_constants) {
        std::string name = type_name(s.name);
        if (!classes.declare(name, "specialization constant '" + s.name + "'")) continue;
        out += indent(in) + "struct " + name + " {\n";
        out += constant(in2, "std::uint32_t", "id", u32(s.id));
        out += constant(in2, type_of(s.type), "default_value", value_of(s));
        out += indent(in) + "};\n";
    }
    out += indent(level) + "};\n";

    // 4 bytes each, in declaration order (spec page "Generated bindings", "Specialization constants").
    out += indent(level) + "struct Specialization {\n";
    std::string defaults, entries, vulkan, metal, webgpu;
    for (std::size_t i = 0; i < n; ++i) {
        const SpecConstantInfo& s = r.spec_constants[i];
        std::string field = member_name(s.name);
        if (!members.declare(field, "specialization constant '" + s.name + "'")) return "";
        out += indent(in) + type_of(s.type) + " " + field + ";\n";
        defaults += std::string(i ? ", " : "") + value_of(s);
        entries += indent(in2) + "{" + u32(s.id) + ", " + u32(std::uint32_t(4 * i)) + ", 4},\n";
        std::string pick = indent(in2) + "if (ids.empty() || " + kSupport + "contains(ids, " + u32(s.id) + ")) ";
        std::uint32_t metal_index = s.id;
        for (const SpecConstantSlot& slot : s.slots)
            if (slot.target == Target::Msl && msl) metal_index = slot.index;
        metal += pick + "out.values[out.count++] = {" + u32(metal_index) + ", " + data_type(s.type) + ", &" + field + "};\n";
        webgpu += pick + "out.constants[out.count++] = {\"" + std::to_string(s.id) + "\", double(" + field + ")};\n";
    }
    const std::string view = std::string(kSupport) + "ArrayView<std::uint32_t>";
    out += indent(in) + "static constexpr Specialization defaults() { return {" + defaults + "}; }\n";
    out += indent(in) + "static constexpr std::array<" + kSupport + "SpecializationMapEntry, " + N +
           "> map_entries = {{\n" + entries + indent(in) + "}};\n";
    out += indent(in) + "// The constants of `ids` (an entry point's spec_constant_ids), or all of them.\n";
    out += indent(in) + "constexpr " + kSupport + "VulkanSpecialization<" + N + "> to_vulkan(" + view +
           " ids = {}) const {\n";
    out += indent(in2) + kSupport + "VulkanSpecialization<" + N + "> out{};\n";
    out += indent(in2) + "for (const auto& e : map_entries)\n";
    out += indent(in2 + 1) + "if (ids.empty() || " + kSupport + "contains(ids, e.constant_id)) out.entries[out.entry_count++] = e;\n";
    out += indent(in2) + "out.data = this;\n" + indent(in2) + "out.data_size = sizeof(Specialization);\n";
    out += indent(in2) + "return out;\n" + indent(in) + "}\n";
    out += indent(in) + "constexpr " + kSupport + "MetalSpecialization<" + N + "> to_metal(" + view + " ids = {}) const {\n";
    out += indent(in2) + kSupport + "MetalSpecialization<" + N + "> out{};\n" + metal + indent(in2) + "return out;\n" +
           indent(in) + "}\n";
    out += indent(in) + "constexpr " + kSupport + "WebGpuSpecialization<" + N + "> to_webgpu(" + view + " ids = {}) const {\n";
    out += indent(in2) + kSupport + "WebGpuSpecialization<" + N + "> out{};\n" + webgpu + indent(in2) +
           "return out;\n" + indent(in) + "}\n";
    out += indent(level) + "};\n";
    out += indent(level) + "static_assert(sizeof(Specialization) == " + std::to_string(4 * n) +
           ", \"four bytes per constant\");\n";
    return out;
}

}  // namespace oneshader::cppgen
