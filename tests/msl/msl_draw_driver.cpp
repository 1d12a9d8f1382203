#include "msl_draw_driver.hpp"

#include <cctype>

#include "msl_source.hpp"

namespace msl_test {
namespace {

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// "user(locn1), flat" -> {"user(locn1)", "flat"}.
void split_attributes(const std::string& text, std::vector<std::string>& out) {
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] == '(') ++depth;
        if (i < text.size() && text[i] == ')') --depth;
        if (i == text.size() || (text[i] == ',' && depth == 0)) {
            std::string a = trim(std::string_view(text).substr(start, i - start));
            if (!a.empty()) out.push_back(a);
            start = i + 1;
        }
    }
}

std::string name_of(const std::string& attribute) { return trim(attribute.substr(0, attribute.find('('))); }

std::string argument_of(const std::string& attribute) {
    size_t open = attribute.find('(');
    if (open == std::string::npos) return "";
    return trim(attribute.substr(open + 1, attribute.rfind(')') - open - 1));
}

bool has(const StructMember& m, const std::string& attribute) {
    for (const std::string& a : m.attributes)
        if (name_of(a) == attribute) return true;
    return false;
}

// The struct a function returns: the word before its name after the stage keyword.
std::string return_type(std::string_view source, const Entry& e) {
    std::string text(source);
    size_t at = text.find(e.stage + " ");
    while (at != std::string::npos) {
        size_t name = text.find(" " + e.name + "(", at);
        size_t line_end = text.find('\n', at);
        if (name != std::string::npos && name < line_end)
            return trim(text.substr(at + e.stage.size(), name - at - e.stage.size()));
        at = text.find(e.stage + " ", at + 1);
    }
    return "";
}

// The argument expression for a resource parameter; empty with `problem` set otherwise.
std::string resource_argument(const EntryParam& p, std::string& problem) {
    std::string kind = name_of(p.attribute), index = argument_of(p.attribute);
    if (kind == "buffer") return "metal_exec::buffer_arg<" + p.type + ">(" + index + ")";
    if (kind == "texture") return "metal_exec::texture_arg<" + p.type + ">(" + index + ")";
    if (kind == "sampler") return "metal_exec::sampler_arg<" + p.type + ">(" + index + ")";
    problem = "the draw driver gives no [[" + p.attribute + "]] argument ('" + p.name + "')";
    return "";
}

}  // namespace

std::vector<StructMember> scan_struct(std::string_view source, const std::string& name) {
    std::vector<StructMember> members;
    std::string text(source);
    size_t at = 0;
    while ((at = text.find("struct " + name, at)) != std::string::npos) {
        size_t after = at + 7 + name.size();
        if (after < text.size() && ident_char(text[after])) {
            at = after;
            continue;
        }
        size_t open = text.find('{', after), semi = text.find(';', after);
        if (open == std::string::npos || semi < open) {
            at = after;
            continue;
        }
        size_t close = text.find("};", open);
        std::string body = text.substr(open + 1, close - open - 1);
        size_t start = 0;
        for (size_t end; (end = body.find(';', start)) != std::string::npos; start = end + 1) {
            std::string decl = trim(std::string_view(body).substr(start, end - start));
            StructMember m;
            for (size_t a; (a = decl.find("[[")) != std::string::npos;) {
                size_t b = decl.find("]]", a);
                split_attributes(decl.substr(a + 2, b - a - 2), m.attributes);
                decl = trim(decl.substr(0, a) + decl.substr(b + 2));
            }
            size_t n = decl.size();
            while (n > 0 && ident_char(decl[n - 1])) --n;
            m.name = decl.substr(n);
            m.type = trim(decl.substr(0, n));
            if (!m.name.empty()) members.push_back(m);
        }
        break;
    }
    return members;
}

DrawDriver draw_driver(std::string_view vertex_source, std::string_view fragment_source,
                       const std::string& vertex_path, const std::string& fragment_path) {
    DrawDriver d;
    std::vector<Entry> vs = scan_entries(vertex_source), fs = scan_entries(fragment_source);
    if (vs.size() != 1 || vs[0].stage != "vertex" || fs.size() != 1 || fs[0].stage != "fragment") {
        d.problem = "expected one vertex and one fragment function";
        return d;
    }
    // The vertex call.
    std::string vcall, fill;
    for (const EntryParam& p : vs[0].params) {
        std::string kind = name_of(p.attribute), arg;
        if (kind == "vertex_id") arg = "vertex_id";
        else if (kind == "instance_id") arg = "instance_id";
        else if (kind == "base_vertex" || kind == "base_instance") arg = "0u";
        else if (kind == "stage_in") {
            arg = "in";
            fill += "    " + p.type + " in{};\n";
            for (const StructMember& m : scan_struct(vertex_source, p.type)) {
                if (m.attributes.size() != 1 || name_of(m.attributes[0]) != "attribute") {
                    d.problem = "the vertex input member '" + m.name + "' has no [[attribute(n)]]";
                    return d;
                }
                fill += "    in." + m.name + " = metal_exec::fetch_attribute<decltype(in." + m.name + ")>(" +
                        argument_of(m.attributes[0]) + ", vertex_id, instance_id);\n";
            }
        } else {
            arg = resource_argument(p, d.problem);
            if (!d.problem.empty()) return d;
        }
        vcall += (vcall.empty() ? "" : ", ") + arg;
    }
    std::string vout = "    metal_exec::vertex_result r;\n";
    for (const StructMember& m : scan_struct(vertex_source, return_type(vertex_source, vs[0]))) {
        if (has(m, "position")) vout += "    metal_exec::put_position(r, out." + m.name + ");\n";
        else if (has(m, "user")) {
            std::string loc;
            for (const std::string& a : m.attributes)
                if (name_of(a) == "user") loc = argument_of(a);
            if (loc.rfind("locn", 0) != 0) {
                d.problem = "the vertex output '" + m.name + "' is [[user(" + loc + ")]], not locnN";
                return d;
            }
            vout += "    metal_exec::put_varying(r, " + loc.substr(4) + ", out." + m.name + ");\n";
        } else {
            d.problem = "the draw driver does not take the vertex output '" + m.name + "'";
            return d;
        }
    }
    if (vout.find("put_position") == std::string::npos) {
        d.problem = "the vertex function returns no struct with a [[position]] member";
        return d;
    }
    // The fragment call.
    std::string fcall, ffill, slots;
    for (const EntryParam& p : fs[0].params) {
        std::string kind = name_of(p.attribute), arg;
        if (kind == "position") arg = "f.position";
        else if (kind == "front_facing") arg = "f.front_facing";
        else if (kind == "sample_mask") arg = "1u";  // one sample, covered
        else if (kind == "stage_in") {
            arg = "in";
            ffill += "    " + p.type + " in{};\n";
            for (const StructMember& m : scan_struct(fragment_source, p.type)) {
                std::string loc;
                for (const std::string& a : m.attributes)
                    if (name_of(a) == "user") loc = argument_of(a);
                if (has(m, "position")) {
                    ffill += "    in." + m.name + " = f.position;\n";
                    continue;
                }
                if (loc.rfind("locn", 0) != 0) {
                    d.problem = "the fragment input '" + m.name + "' is no [[user(locnN)]] varying";
                    return d;
                }
                loc = loc.substr(4);
                std::string mode = "perspective";
                if (has(m, "flat")) mode = "flat";
                for (const char* np : {"center_no_perspective", "centroid_no_perspective", "sample_no_perspective"})
                    if (has(m, np)) mode = "no_perspective";
                slots += "{" + loc + ", metal_exec::varying_mode::" + mode + "}, ";
                ffill += "    in." + m.name + " = metal_exec::get_varying<decltype(in." + m.name + ")>(f, " + loc + ");\n";
            }
        } else {
            arg = resource_argument(p, d.problem);
            if (!d.problem.empty()) return d;
        }
        fcall += (fcall.empty() ? "" : ", ") + arg;
    }
    std::string fout;
    for (const StructMember& m : scan_struct(fragment_source, return_type(fragment_source, fs[0]))) {
        if (has(m, "sample_mask")) {
            fout += "    metal_exec::sample_mask_out(out." + m.name + ");\n";
            continue;
        }
        std::string index;
        for (const std::string& a : m.attributes)
            if (name_of(a) == "color") index = argument_of(a);
        if (index.empty()) {
            d.problem = "the draw driver takes [[color(n)]] outputs only, not '" + m.name + "'";
            return d;
        }
        fout += "    metal_exec::color_out(" + index + ", out." + m.name + ");\n";
    }
    if (fout.empty()) {
        d.problem = "the fragment function returns no struct with a [[color(n)]] member";
        return d;
    }
    d.text = "#include \"run_draw.hpp\"\nnamespace oneshader_vs {\n#include \"" + vertex_path +
             "\"\nmetal_exec::vertex_result oneshader_call(metal::uint vertex_id, metal::uint instance_id) {\n"
             "    (void)vertex_id; (void)instance_id;\n" + fill + "    auto out = " + vs[0].name + "(" + vcall +
             ");\n" + vout + "    return r;\n}\n}  // namespace oneshader_vs\nnamespace oneshader_fs {\n#include \"" +
             fragment_path + "\"\nvoid oneshader_call(const metal_exec::fragment_input& f) {\n    (void)f;\n" + ffill +
             "    auto out = " + fs[0].name + "(" + fcall + ");\n    if (metal_exec::current_lane()->discarded) return;\n" +
             fout + "}\n}  // namespace oneshader_fs\nint main(int argc, char** argv) {\n"
             "    return metal_exec::draw_main(argc, argv, oneshader_vs::oneshader_call, oneshader_fs::oneshader_call, {" +
             slots + "});\n}\n";
    return d;
}

}  // namespace msl_test
