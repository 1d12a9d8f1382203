// The line-based reflection file format, version 1 (spec: "Reflection file format").
#include <fmt/format.h>

#include "oneshader/reflection.hpp"

namespace oneshader {

namespace {

class LineOut {
public:
    std::string text;

    void record(int depth, std::string_view keyword) {
        text.append(static_cast<std::size_t>(depth) * 2, ' ');
        text += keyword;
    }
    void bare(std::string_view key, std::string_view value) {
        fmt::format_to(std::back_inserter(text), " {}={}", key, value.empty() ? "-" : value);
    }
    void number(std::string_view key, std::uint64_t value) { fmt::format_to(std::back_inserter(text), " {}={}", key, value); }
    void quoted(std::string_view key, std::string_view value) {
        fmt::format_to(std::back_inserter(text), " {}=\"", key);
        for (unsigned char c : value) {
            switch (c) {
                case '\\': text += "\\\\"; break;
                case '"': text += "\\\""; break;
                case '\n': text += "\\n"; break;
                case '\r': text += "\\r"; break;
                case '\t': text += "\\t"; break;
                default:
                    if (c < 0x20) fmt::format_to(std::back_inserter(text), "\\u{:04X}", c);
                    else text += static_cast<char>(c);
            }
        }
        text += '"';
    }
    void end() { text += '\n'; }
};

std::string stage_list(std::uint8_t stages) {
    std::string s;
    auto add = [&](std::string_view n) {
        if (!s.empty()) s += ',';
        s += n;
    };
    if (stages & StageVertex) add("Vertex");
    if (stages & StagePixel) add("Pixel");
    if (stages & StageCompute) add("Compute");
    return s;
}

void write_slots(LineOut& o, int depth, std::string_view keyword, const std::vector<TargetSlot>& slots) {
    for (const TargetSlot& s : slots) {
        o.record(depth, keyword);
        o.bare("target", to_string(s.target));
        o.number("set", s.set);
        o.number("binding", s.binding);
        o.end();
    }
}

void write_type(LineOut& o, int depth, const ReflectedType& t) {
    o.record(depth, "type");
    o.bare("kind", to_string(t.kind));
    o.bare("scalar", to_string(t.scalar));
    o.number("rows", t.components);
    o.number("cols", t.columns);
    o.quoted("name", t.name);
    o.number("size", t.size);
    o.number("align", t.alignment);
    o.number("length", t.length);
    o.number("stride", t.stride);
    o.number("mstride", t.matrix_stride);
    o.bare("packing", to_string(t.packing));
    o.end();
    if (t.kind == ReflectedTypeKind::Array && t.element) {
        o.record(depth + 1, "element");
        o.end();
        write_type(o, depth + 2, *t.element);
    }
    for (const ReflectedMember& m : t.members) {
        o.record(depth + 1, "member");
        o.quoted("name", m.name);
        o.number("offset", m.offset);
        if (m.bit_width != 0) {
            o.number("bitoffset", m.bit_offset);
            o.number("bitwidth", m.bit_width);
        }
        o.end();
        write_type(o, depth + 2, m.type);
    }
}

void write_layout(LineOut& o, int depth, const ReflectedType& t) {
    o.record(depth, "layout");
    o.end();
    write_type(o, depth + 1, t);
}

void write_variable(LineOut& o, std::string_view keyword, const StageVariable& v) {
    o.record(1, keyword);
    o.quoted("name", v.name);
    o.quoted("semantic", v.semantic);
    o.number("index", v.semantic_index);
    if (v.location) o.number("location", *v.location);
    else o.bare("location", "-");
    o.bare("builtin", to_string(v.built_in));
    o.bare("scalar", to_string(v.scalar));
    o.number("components", v.components);
    o.bare("format", to_string(v.format));
    o.number("offset", v.offset);
    o.bare("interp", to_string(v.interpolation));
    o.end();
}

}  // namespace

std::string write_reflection_file(const ShaderReflection& r) {
    LineOut o;
    o.text += "oneshader-reflection 1\n";
    o.record(0, "source");
    o.quoted("name", r.source);
    o.end();
    std::string targets;
    for (Target t : r.targets) {
        if (!targets.empty()) targets += ',';
        targets += to_string(t);
    }
    o.record(0, "targets");
    o.bare("list", targets);
    o.end();
    for (const ResourceInfo& res : r.resources) {
        o.record(0, "resource");
        o.quoted("name", res.name);
        o.bare("kind", to_string(res.kind));
        o.number("count", res.count);
        if (res.unbounded) o.bare("unbounded", "yes");
        if (res.descriptor_heap) o.bare("heap", "yes");
        o.bare("stages", stage_list(res.stages));
        o.bare("rtype", to_string(res.resource_type));
        o.quoted("hlsl", res.hlsl_type);
        if (!res.image_format.empty()) o.bare("format", res.image_format);
        if (res.input_attachment_index) o.number("attachment", *res.input_attachment_index);
        o.end();
        write_slots(o, 1, "slot", res.slots);
        write_slots(o, 1, "counter", res.counter_slots);
        if (res.layout) write_layout(o, 1, *res.layout);
    }
    for (const PushConstantInfo& p : r.push_constants) {
        o.record(0, "push");
        o.quoted("name", p.name);
        o.bare("stages", stage_list(p.stages));
        o.end();
        write_slots(o, 1, "slot", p.slots);
        write_layout(o, 1, p.layout);
    }
    for (const SpecConstantInfo& s : r.spec_constants) {
        o.record(0, "spec");
        o.quoted("name", s.name);
        o.number("id", s.id);
        o.bare("scalar", to_string(s.type));
        o.number("default", s.default_bits);
        o.end();
        for (const SpecConstantSlot& slot : s.slots) {
            o.record(1, "slot");
            o.bare("target", to_string(slot.target));
            o.number("index", slot.index);
            o.quoted("name", slot.name);
            o.end();
        }
    }
    for (const EntryPointInfo& e : r.entry_points) {
        o.record(0, "entry");
        o.quoted("name", e.name);
        o.bare("stage", to_string(e.stage));
        o.bare("workgroup", fmt::format("{},{},{}", e.workgroup_size[0], e.workgroup_size[1], e.workgroup_size[2]));
        o.number("stride", e.vertex_stride);
        if (!e.msl_function_name.empty()) o.quoted("msl", e.msl_function_name);
        o.end();
        if (!e.wgsl_entry_point.empty()) {
            o.record(1, "wgslentry");
            o.quoted("name", e.wgsl_entry_point);
            o.end();
        }
        if (e.features) {
            o.record(1, "features");
            o.number("bits", e.features);
            o.end();
        }
        for (const StageVariable& v : e.inputs) write_variable(o, "input", v);
        for (const StageVariable& v : e.outputs) write_variable(o, "output", v);
        for (const std::string& u : e.used_resources) {
            o.record(1, "uses");
            o.quoted("name", u);
            o.end();
        }
        if (e.push_constant) {
            o.record(1, "pushuse");
            o.quoted("name", *e.push_constant);
            o.end();
        }
        for (const std::string& u : e.used_spec_constants) {
            o.record(1, "specuse");
            o.quoted("name", u);
            o.end();
        }
    }
    return std::move(o.text);
}

}  // namespace oneshader
