#include <cstdio>

#include "cppgen/body.hpp"
#include "cppgen/names.hpp"

namespace oneshader::cppgen {

namespace {

std::string u32(std::uint32_t v) { return std::to_string(v) + "u"; }

std::string stage_name(Stage s) { return std::string(kSupport) + "Stage::" + std::string(to_string(s)); }

std::string words_literal(const std::vector<std::uint8_t>& bytes, int level) {
    std::string out;
    const std::size_t n = bytes.size() / 4;
    char buffer[16];
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t w = std::uint32_t(bytes[4 * i]) | std::uint32_t(bytes[4 * i + 1]) << 8 |
                          std::uint32_t(bytes[4 * i + 2]) << 16 | std::uint32_t(bytes[4 * i + 3]) << 24;
        if (i % 8 == 0) out += "\n" + indent(level);
        else out += ' ';
        std::snprintf(buffer, sizeof buffer, "0x%08xu,", w);
        out += buffer;
    }
    return out;
}

}  // namespace

std::string text_literal(std::string_view text, int level) {
    if (text.empty()) return "\"\"";
    // MSVC refuses a string literal past 65535 bytes after concatenation, or one piece past 16380:
    // a longer text is a braced list of character literals, which every compiler takes.
    bool long_line = false;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t nl = text.find('\n', start);
        std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
        long_line = long_line || end - start > kMaxLiteralPiece;
        start = end;
    }
    if (text.size() > kMaxLiteralBytes || long_line) {
        std::string out = " {";
        char buffer[8];
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (i % 16 == 0) out += "\n" + indent(level);
            else out += ' ';
            std::snprintf(buffer, sizeof buffer, "'\\x%02x',", static_cast<unsigned char>(text[i]));
            out += buffer;
        }
        out += "\n" + indent(level) + "'\\0'}";
        return out;
    }
    std::string out;
    bool first = true;
    while (!text.empty()) {
        std::size_t nl = text.find('\n');
        std::string_view line = nl == std::string_view::npos ? text : text.substr(0, nl + 1);
        out += (first ? "\n" : "\n") + indent(level) + string_literal(line);
        first = false;
        text.remove_prefix(line.size());
    }
    return out;
}

std::string entry_text(const CompileResult& result, const EntryPointInfo& e, const std::string& cpp_name,
                       const std::string& vertex_struct, int level) {
    const int in = level + 1;
    auto constant = [&](std::string_view type, std::string_view name, const std::string& value) {
        return indent(in) + "static constexpr " + std::string(type) + " " + std::string(name) + " = " + value + ";\n";
    };
    std::string out = indent(level) + "struct " + cpp_name + " {\n";
    out += constant(std::string(kSupport) + "Stage", "stage", stage_name(e.stage));
    out += constant("const char*", "entry_point", string_literal(e.name));
    std::string spirv_view = "{}", msl_view = "{}", wgsl_view = "{}";
    if (const ShaderBlob* b = result.find(e.name, Target::SpirV)) {
        out += indent(in) + "static constexpr std::array<std::uint32_t, " + std::to_string(b->data.size() / 4) +
               "> spirv = {{" + words_literal(b->data, in + 1) + "\n" + indent(in) + "}};\n";
        spirv_view = "spirv";
    }
    const bool vertex_inputs = e.stage == Stage::Vertex && !vertex_struct.empty();
    std::string msl_name = "\"\"", wgsl_name = "\"\"";
    std::uint32_t msl_vertex_index = 0;
    if (const ShaderBlob* b = result.find(e.name, Target::Msl)) {
        out += indent(in) + "static constexpr char msl[] =" + text_literal(b->as_text(), in + 1) + ";\n";
        msl_name = string_literal(e.msl_function_name.empty() ? e.name : e.msl_function_name);
        out += constant("const char*", "msl_function_name", msl_name);
        if (vertex_inputs) {
            // The interleaved vertex buffer's argument index (the MSL backend's fixed choice).
            msl_vertex_index = 30;
            out += constant("std::uint32_t", "msl_vertex_buffer_index", u32(msl_vertex_index));
        }
        msl_view = "{msl, sizeof(msl) - 1}";
    }
    if (const ShaderBlob* b = result.find(e.name, Target::Wgsl)) {
        out += indent(in) + "static constexpr char wgsl[] =" + text_literal(b->as_text(), in + 1) + ";\n";
        wgsl_name = string_literal(e.wgsl_entry_point.empty() ? e.name : e.wgsl_entry_point);
        out += constant("const char*", "wgsl_entry_point", wgsl_name);
        wgsl_view = "{wgsl, sizeof(wgsl) - 1}";
    }
    std::string inputs_view = "{}";
    if (vertex_inputs) {
        out += indent(in) + "using Vertex = " + vertex_struct + ";\n";
        out += constant("std::uint32_t", "stride", u32(e.vertex_stride));
        std::string list;
        std::size_t count = 0;
        for (const StageVariable& v : e.inputs) {
            if (v.built_in != BuiltIn::None || v.format == VertexFormat::None || !v.location) continue;
            list += indent(in + 1) + "{" + u32(*v.location) + ", " + kSupport + "VertexFormat::" +
                    std::string(to_string(v.format)) + ", " + u32(v.offset) + "},\n";
            ++count;
        }
        out += indent(in) + "static constexpr std::array<" + kSupport + "VertexAttribute, " + std::to_string(count) +
               "> inputs = {{\n" + list + indent(in) + "}};\n";
        inputs_view = "inputs";
    }
    const std::string size = "{" + u32(e.workgroup_size[0]) + ", " + u32(e.workgroup_size[1]) + ", " +
                             u32(e.workgroup_size[2]) + "}";
    if (e.stage == Stage::Compute)
        out += indent(in) + "static constexpr std::array<std::uint32_t, 3> thread_group_size = {" + size + "};\n";
    out += constant("std::uint32_t", "required_features", u32(e.features));
    std::string ids_view = "{}";
    if (!e.used_spec_constants.empty() && result.reflection) {
        std::string ids;
        for (const std::string& name : e.used_spec_constants)
            for (const SpecConstantInfo& s : result.reflection->spec_constants)
                if (s.name == name) ids += std::string(ids.empty() ? "" : ", ") + u32(s.id);
        out += indent(in) + "static constexpr std::array<std::uint32_t, " +
               std::to_string(e.used_spec_constants.size()) + "> spec_constant_ids = {{" + ids + "}};\n";
        ids_view = "spec_constant_ids";
    }
    // The same facts as one value of the shape every entry point has.
    out += indent(in) + "static constexpr " + kSupport + "Entry entry = {\n";
    out += indent(in + 1) + "stage, entry_point, " + spirv_view + ", " + msl_view + ", " + msl_name + ", " +
           u32(msl_vertex_index) + ", " + wgsl_view + ", " + wgsl_name + ",\n";
    out += indent(in + 1) + u32(vertex_inputs ? e.vertex_stride : 0) + ", " + inputs_view + ", " + size +
           ", required_features, " + ids_view + ",\n";
    out += indent(in) + "};\n";
    // reflection_data is a member of the enclosing class (or variant), declared after the entry
    // points: a member function's body may name it.
    out += "#if defined(ONESHADER_HEADER_LAYOUTS)\n";
    out += indent(in) + "// The pipeline layout of this entry point (oneshader::layouts; links the OneShader library).\n";
    out += indent(in) + "static ::oneshader::layouts::Result<::oneshader::layouts::EntryLayout> layout() {\n";
    out += indent(in + 1) + "return " + kSupport + "entry_layout({reflection_data, sizeof(reflection_data) - 1}, entry_point);\n";
    out += indent(in) + "}\n";
    out += "#endif\n";
    out += indent(level) + "};\n";
    return out;
}

}  // namespace oneshader::cppgen
