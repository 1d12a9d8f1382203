// Reflection as JSON, schema version 1 (spec: "Reflection JSON, schema version 1"): keys in the
// spec's order, enums by name, two-space indentation, arrays of plain values on one line.
#include <fmt/format.h>

#include <string>

#include "oneshader/reflection.hpp"

namespace oneshader {

namespace {

class JsonOut {
public:
    std::string text;

    void open_object() { open('{'); }
    void close_object() { close('}'); }
    void open_array() { open('['); }
    void close_array() { close(']'); }

    // "key": then the value's opening or scalar.
    void key(std::string_view k) {
        separator();
        quoted(k);
        text += ": ";
        pending_value_ = true;
    }
    void value_string(std::string_view s) {
        begin_value();
        quoted(s);
    }
    void value_uint(std::uint64_t v) {
        begin_value();
        fmt::format_to(std::back_inserter(text), "{}", v);
    }
    void value_bool(bool v) {
        begin_value();
        text += v ? "true" : "false";
    }
    void value_null() {
        begin_value();
        text += "null";
    }
    // An array of strings or numbers on one line: ["Vertex", "Pixel"].
    template <class Range, class F>
    void inline_array(const Range& items, F&& write_one) {
        begin_value();
        text += '[';
        bool first = true;
        for (const auto& item : items) {
            if (!first) text += ", ";
            first = false;
            write_one(item);
        }
        text += ']';
    }
    void quoted(std::string_view s) {
        text += '"';
        for (unsigned char c : s) {
            switch (c) {
                case '"': text += "\\\""; break;
                case '\\': text += "\\\\"; break;
                case '\n': text += "\\n"; break;
                case '\r': text += "\\r"; break;
                case '\t': text += "\\t"; break;
                default:
                    if (c < 0x20) fmt::format_to(std::back_inserter(text), "\\u{:04x}", c);
                    else text += static_cast<char>(c);
            }
        }
        text += '"';
    }

private:
    void open(char c) {
        begin_value();
        text += c;
        ++depth_;
        first_ = true;
    }
    void close(char c) {
        --depth_;
        if (!first_) newline();
        text += c;
        first_ = false;
    }
    // Array elements and keys each start on their own line.
    void separator() {
        if (!first_) text += ',';
        newline();
        first_ = false;
    }
    void begin_value() {
        if (pending_value_) {
            pending_value_ = false;
            return;
        }
        if (depth_ > 0) separator();
    }
    void newline() {
        text += '\n';
        text.append(static_cast<std::size_t>(depth_) * 2, ' ');
    }

    int depth_ = 0;
    bool first_ = true;
    bool pending_value_ = false;
};

void write_stages(JsonOut& j, std::uint8_t stages) {
    std::vector<std::string_view> names;
    if (stages & StageVertex) names.push_back("Vertex");
    if (stages & StagePixel) names.push_back("Pixel");
    if (stages & StageCompute) names.push_back("Compute");
    j.inline_array(names, [&](std::string_view n) { j.quoted(n); });
}

void write_slots(JsonOut& j, const std::vector<TargetSlot>& slots) {
    j.open_array();
    for (const TargetSlot& s : slots) {
        j.open_object();
        j.key("target"), j.value_string(to_string(s.target));
        j.key("set"), j.value_uint(s.set);
        j.key("binding"), j.value_uint(s.binding);
        j.close_object();
    }
    j.close_array();
}

// Layout trees are bounded by the front end's nesting limits, so recursion depth is bounded too.
void write_type(JsonOut& j, const ReflectedType& t) {
    j.open_object();
    j.key("kind"), j.value_string(to_string(t.kind));
    j.key("size"), j.value_uint(t.size);
    j.key("alignment"), j.value_uint(t.alignment);
    switch (t.kind) {
        case ReflectedTypeKind::Scalar: j.key("scalar"), j.value_string(to_string(t.scalar)); break;
        case ReflectedTypeKind::Vector:
            j.key("scalar"), j.value_string(to_string(t.scalar));
            j.key("components"), j.value_uint(t.components);
            break;
        case ReflectedTypeKind::Matrix:
            j.key("scalar"), j.value_string(to_string(t.scalar));
            j.key("rows"), j.value_uint(t.components);
            j.key("columns"), j.value_uint(t.columns);
            j.key("matrixStride"), j.value_uint(t.matrix_stride);
            j.key("packing"), j.value_string(to_string(t.packing));
            break;
        case ReflectedTypeKind::Array:
            j.key("length"), j.value_uint(t.length);
            j.key("stride"), j.value_uint(t.stride);
            j.key("element");
            if (t.element) write_type(j, *t.element);
            else j.value_null();
            break;
        case ReflectedTypeKind::Struct:
            j.key("name"), j.value_string(t.name);
            j.key("members");
            j.open_array();
            for (const ReflectedMember& m : t.members) {
                j.open_object();
                j.key("name"), j.value_string(m.name);
                j.key("offset"), j.value_uint(m.offset);
                if (m.bit_width != 0) {
                    j.key("bitOffset"), j.value_uint(m.bit_offset);
                    j.key("bitWidth"), j.value_uint(m.bit_width);
                }
                j.key("type"), write_type(j, m.type);
                j.close_object();
            }
            j.close_array();
            break;
    }
    j.close_object();
}

void write_variable(JsonOut& j, const StageVariable& v) {
    j.open_object();
    j.key("name"), j.value_string(v.name);
    j.key("semantic"), j.value_string(v.semantic);
    j.key("semanticIndex"), j.value_uint(v.semantic_index);
    if (v.location) j.key("location"), j.value_uint(*v.location);
    j.key("builtIn"), j.value_string(to_string(v.built_in));
    j.key("scalar"), j.value_string(to_string(v.scalar));
    j.key("components"), j.value_uint(v.components);
    if (v.format != VertexFormat::None) j.key("format"), j.value_string(to_string(v.format));
    j.key("offset"), j.value_uint(v.offset);
    j.key("interpolation"), j.value_string(to_string(v.interpolation));
    j.close_object();
}

void write_variables(JsonOut& j, const std::vector<StageVariable>& vars) {
    j.open_array();
    for (const StageVariable& v : vars) write_variable(j, v);
    j.close_array();
}

}  // namespace

std::string write_reflection_json(const ShaderReflection& r) {
    JsonOut j;
    j.open_object();
    j.key("schemaVersion"), j.value_uint(1);
    j.key("source"), j.value_string(r.source);
    j.key("targets"), j.inline_array(r.targets, [&](Target t) { j.quoted(to_string(t)); });

    j.key("resources");
    j.open_array();
    for (const ResourceInfo& res : r.resources) {
        j.open_object();
        j.key("name"), j.value_string(res.name);
        j.key("kind"), j.value_string(to_string(res.kind));
        j.key("hlslType"), j.value_string(res.hlsl_type);
        j.key("resourceType"), j.value_string(to_string(res.resource_type));
        j.key("count"), j.value_uint(res.count);
        if (res.unbounded) j.key("unbounded"), j.value_bool(true);
        if (res.descriptor_heap) j.key("descriptorHeap"), j.value_bool(true);
        j.key("stages"), write_stages(j, res.stages);
        j.key("slots"), write_slots(j, res.slots);
        j.key("counterSlots"), write_slots(j, res.counter_slots);
        if (!res.image_format.empty()) j.key("imageFormat"), j.value_string(res.image_format);
        if (res.input_attachment_index) j.key("inputAttachmentIndex"), j.value_uint(*res.input_attachment_index);
        j.key("layout");
        if (res.layout) write_type(j, *res.layout);
        else j.value_null();
        j.close_object();
    }
    j.close_array();

    j.key("pushConstants");
    j.open_array();
    for (const PushConstantInfo& p : r.push_constants) {
        j.open_object();
        j.key("name"), j.value_string(p.name);
        j.key("stages"), write_stages(j, p.stages);
        j.key("slots"), write_slots(j, p.slots);
        j.key("layout"), write_type(j, p.layout);
        j.close_object();
    }
    j.close_array();

    if (!r.spec_constants.empty()) {
        j.key("specConstants");
        j.open_array();
        for (const SpecConstantInfo& s : r.spec_constants) {
            j.open_object();
            j.key("name"), j.value_string(s.name);
            j.key("id"), j.value_uint(s.id);
            j.key("type"), j.value_string(to_string(s.type));
            j.key("defaultBits"), j.value_uint(s.default_bits);
            j.key("slots");
            j.open_array();
            for (const SpecConstantSlot& slot : s.slots) {
                j.open_object();
                j.key("target"), j.value_string(to_string(slot.target));
                j.key("index"), j.value_uint(slot.index);
                j.key("name"), j.value_string(slot.name);
                j.close_object();
            }
            j.close_array();
            j.close_object();
        }
        j.close_array();
    }

    j.key("entryPoints");
    j.open_array();
    for (const EntryPointInfo& e : r.entry_points) {
        j.open_object();
        j.key("name"), j.value_string(e.name);
        j.key("stage"), j.value_string(to_string(e.stage));
        if (!e.wgsl_entry_point.empty()) j.key("wgslEntryPoint"), j.value_string(e.wgsl_entry_point);
        if (!e.msl_function_name.empty()) j.key("mslFunctionName"), j.value_string(e.msl_function_name);
        if (e.stage == Stage::Compute)
            j.key("workgroupSize"), j.inline_array(e.workgroup_size, [&](std::uint32_t v) { j.text += std::to_string(v); });
        if (e.stage == Stage::Vertex) j.key("vertexStride"), j.value_uint(e.vertex_stride);
        j.key("inputs"), write_variables(j, e.inputs);
        j.key("outputs"), write_variables(j, e.outputs);
        j.key("usedResources"), j.inline_array(e.used_resources, [&](const std::string& n) { j.quoted(n); });
        if (e.push_constant) j.key("pushConstant"), j.value_string(*e.push_constant);
        if (!e.used_spec_constants.empty())
            j.key("usedSpecConstants"), j.inline_array(e.used_spec_constants, [&](const std::string& n) { j.quoted(n); });
        j.close_object();
    }
    j.close_array();
    j.close_object();
    j.text += '\n';
    return std::move(j.text);
}

}  // namespace oneshader
