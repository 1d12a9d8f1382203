#include "cppgen/body.hpp"

#include "cppgen/names.hpp"

namespace oneshader::cppgen {

namespace {

// The interleaved vertex as a layout: each attribute at its offset with the C++ type its format
// reads from memory (packed formats as their raw bits; spec page "Generated bindings").
std::optional<ReflectedType> vertex_layout(const EntryPointInfo& e) {
    ReflectedType t;
    t.kind = ReflectedTypeKind::Struct;
    t.size = e.vertex_stride;
    for (const StageVariable& v : e.inputs) {
        if (v.built_in != BuiltIn::None || v.format == VertexFormat::None || !v.location) continue;
        ReflectedType m;
        auto scalar = [&](ScalarKind k, std::uint32_t components, std::uint32_t bytes) {
            m.kind = components == 1 ? ReflectedTypeKind::Scalar : ReflectedTypeKind::Vector;
            m.scalar = k;
            m.components = components;
            m.size = bytes;
        };
        using F = VertexFormat;
        switch (v.format) {
            case F::Float32: scalar(ScalarKind::Float, 1, 4); break;
            case F::Float32x2: scalar(ScalarKind::Float, 2, 8); break;
            case F::Float32x3: scalar(ScalarKind::Float, 3, 12); break;
            case F::Float32x4: scalar(ScalarKind::Float, 4, 16); break;
            case F::Uint32: scalar(ScalarKind::UInt, 1, 4); break;
            case F::Uint32x2: scalar(ScalarKind::UInt, 2, 8); break;
            case F::Uint32x3: scalar(ScalarKind::UInt, 3, 12); break;
            case F::Uint32x4: scalar(ScalarKind::UInt, 4, 16); break;
            case F::Sint32: scalar(ScalarKind::Int, 1, 4); break;
            case F::Sint32x2: scalar(ScalarKind::Int, 2, 8); break;
            case F::Sint32x3: scalar(ScalarKind::Int, 3, 12); break;
            case F::Sint32x4: scalar(ScalarKind::Int, 4, 16); break;
            case F::Float16x2: scalar(ScalarKind::Half, 2, 4); break;
            case F::Float16x4: scalar(ScalarKind::Half, 4, 8); break;
            case F::Uint16x2: scalar(ScalarKind::UInt16, 2, 4); break;
            case F::Uint16x4: scalar(ScalarKind::UInt16, 4, 8); break;
            case F::Sint16x2: scalar(ScalarKind::Int16, 2, 4); break;
            case F::Sint16x4: scalar(ScalarKind::Int16, 4, 8); break;
            case F::Uint8x2: case F::Sint8x2: case F::Unorm8x2: case F::Snorm8x2:
                scalar(ScalarKind::UInt16, 1, 2); break;
            case F::Unorm16x4: case F::Snorm16x4:
                scalar(ScalarKind::UInt64, 1, 8); break;
            default:  // the other packed formats are four bytes
                scalar(ScalarKind::UInt, 1, 4); break;
        }
        std::string name = v.name;
        if (std::size_t dot = name.find('.'); dot != std::string::npos) name = name.substr(dot + 1);
        for (char& c : name)
            if (c == '.') c = '_';
        t.members.push_back({name, v.offset, m});
    }
    if (t.members.empty()) return std::nullopt;
    return t;
}

}  // namespace

Body build_body(const CompileResult& result, const std::string& qualifier, int level, Scope& scope, Problems& problems) {
    Body body;
    const ShaderReflection& r = *result.reflection;
    StructWriter structs(qualifier, level, scope, problems);
    // Constant buffers, then structured-buffer elements that are structs, then push constants.
    for (const ResourceInfo& res : r.resources) {
        if (!res.layout) continue;
        if (res.kind == ResourceKind::ConstantBuffer)
            structs.add(res.name, *res.layout, "constant buffer '" + res.name + "'");
        else if (res.layout->kind == ReflectedTypeKind::Struct)
            structs.add(res.layout->name, *res.layout, "the element of '" + res.name + "'");
    }
    std::vector<std::string> push_names;
    for (const PushConstantInfo& p : r.push_constants) {
        push_names.push_back(push_constant_name(r, p));
        structs.add(push_names.back(), p.layout, "push-constant block '" + p.name + "'");
    }
    std::vector<std::string> vertex_names;
    for (const EntryPointInfo& e : r.entry_points) {
        std::string vertex;
        if (e.stage == Stage::Vertex)
            if (std::optional<ReflectedType> v = vertex_layout(e))
                vertex = structs.add(type_name(e.name) + "Vertex", *v, "the vertex input of '" + e.name + "'");
        vertex_names.push_back(vertex);
    }
    body.structs = structs.defs();
    body.bindings = bindings_text(r, level, scope, problems, push_names);
    body.specialization = specialization_text(r, level, scope, problems);
    for (std::size_t i = 0; i < r.entry_points.size(); ++i) {
        const EntryPointInfo& e = r.entry_points[i];
        std::string name = type_name(e.name);
        if (!scope.declare(name, "entry point '" + e.name + "'")) continue;
        body.entry_names.push_back(name);
        body.entries += entry_text(result, e, name, vertex_names[i], level);
    }
    if (scope.declare("reflection_data", "the reflection text"))
        body.reflection = indent(level) + "// The reflection in the line format (oneshader::read_reflection_file reads it).\n" +
                          indent(level) + "static constexpr char reflection_data[] =" +
                          text_literal(write_reflection_file(r), level + 1) + ";\n";
    return body;
}

}  // namespace oneshader::cppgen
