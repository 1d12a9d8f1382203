#include "msl_source.hpp"

#include <cctype>
#include <regex>
#include <set>

namespace msl_test {
namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Positions of code outside comments, strings and preprocessor lines: `code[i]` is false inside them.
std::vector<bool> code_mask(std::string_view s) {
    std::vector<bool> code(s.size(), true);
    for (size_t i = 0; i < s.size();) {
        if (s.compare(i, 2, "//") == 0 || (s[i] == '#' && (i == 0 || s[i - 1] == '\n'))) {
            while (i < s.size() && s[i] != '\n') code[i++] = false;
        } else if (s.compare(i, 2, "/*") == 0) {
            size_t end = s.find("*/", i + 2);
            end = end == std::string_view::npos ? s.size() : end + 2;
            while (i < end) code[i++] = false;
        } else if (s[i] == '"' || s[i] == '\'') {
            char quote = s[i];
            code[i++] = false;
            while (i < s.size() && s[i] != quote) {
                if (s[i] == '\\') code[i++] = false;
                if (i < s.size()) code[i++] = false;
            }
            if (i < s.size()) code[i++] = false;
        } else {
            ++i;
        }
    }
    return code;
}

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

bool word_at(std::string_view s, size_t i, std::string_view word) {
    return s.compare(i, word.size(), word) == 0 && (i == 0 || !ident_char(s[i - 1])) &&
           (i + word.size() >= s.size() || !ident_char(s[i + word.size()]));
}

std::string threadgroup_locals_static(std::string_view s) {
    std::vector<bool> code = code_mask(s);
    std::string out;
    int braces = 0, parens = 0;
    char last = ';';
    for (size_t i = 0; i < s.size(); ++i) {
        if (code[i]) {
            if (word_at(s, i, "threadgroup") && braces > 0 && parens == 0 && (last == ';' || last == '{' || last == '}'))
                out += "static ";
            char c = s[i];
            if (c == '{') ++braces;
            if (c == '}') --braces;
            if (c == '(') ++parens;
            if (c == ')') --parens;
            if (!std::isspace(static_cast<unsigned char>(c))) last = c;
        }
        out += s[i];
    }
    return out;
}

// The attributes an entry parameter may carry, by stage.
const std::set<std::string>& parameter_attributes(const std::string& stage) {
    static const std::set<std::string> kernel = {
        "buffer", "texture", "sampler", "threadgroup", "thread_position_in_grid", "thread_position_in_threadgroup",
        "threadgroup_position_in_grid", "thread_index_in_threadgroup", "threads_per_threadgroup",
        "threadgroups_per_grid", "threads_per_grid", "thread_index_in_simdgroup", "threads_per_simdgroup",
        "simdgroup_index_in_threadgroup", "simdgroups_per_threadgroup", "thread_index_in_quadgroup",
        "quadgroup_index_in_threadgroup", "dispatch_threads_per_threadgroup"};
    static const std::set<std::string> vertex = {"buffer", "texture", "sampler", "stage_in", "vertex_id",
                                                 "instance_id", "base_vertex", "base_instance"};
    static const std::set<std::string> fragment = {"buffer", "texture", "sampler", "stage_in", "position",
        "front_facing", "sample_id", "sample_mask", "point_coord", "thread_index_in_simdgroup",
        "threads_per_simdgroup", "thread_index_in_quadgroup", "color"};
    return stage == "kernel" ? kernel : stage == "vertex" ? vertex : fragment;
}

// Every attribute name MSL 2.4 code may use anywhere (struct members, globals, parameters).
const std::set<std::string>& known_attributes() {
    static const std::set<std::string> names = [] {
        std::set<std::string> all = {"attribute", "user", "position", "color", "depth", "flat",
            "center_perspective", "center_no_perspective", "centroid_perspective", "centroid_no_perspective",
            "sample_perspective", "sample_no_perspective", "clip_distance", "point_size", "render_target_array_index",
            "viewport_array_index", "sample_mask", "function_constant", "invariant", "id", "maybe_unused",
            "fallthrough", "nodiscard", "early_fragment_tests", "max_total_threads_per_threadgroup"};
        for (const char* stage : {"kernel", "vertex", "fragment"})
            for (const std::string& name : parameter_attributes(stage)) all.insert(name);
        return all;
    }();
    return names;
}

std::string attribute_name(const std::string& attribute) {
    size_t paren = attribute.find('(');
    return trim(attribute.substr(0, paren));
}

}  // namespace

std::string prepare(std::string_view source, const std::map<int, std::string>& constants) {
    std::string text = threadgroup_locals_static(source);
    // [[threadgroup(n)]] would expand the address-space macro inside the attribute.
    static const std::regex threadgroup_attribute(R"(\[\[\s*threadgroup\s*\()");
    text = std::regex_replace(text, threadgroup_attribute, "[[threadgroup_argument(");
    static const std::regex constant_decl(
        R"(constant\s+([A-Za-z_][\w:]*)\s+([A-Za-z_]\w*)\s*\[\[\s*function_constant\(\s*(\d+)\s*\)\s*\]\]\s*;)");
    std::string out;
    auto begin = std::sregex_iterator(text.begin(), text.end(), constant_decl);
    size_t at = 0;
    for (auto it = begin; it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        out += text.substr(at, m.position() - at);
        auto value = constants.find(std::stoi(m[3]));
        bool defined = value != constants.end();
        out += "constant " + m[1].str() + " " + m[2].str() + " = " + m[1].str() + "(" +
               (defined ? value->second : std::string()) + "); constexpr bool " + m[2].str() +
               "_oneshader_fc_defined = " + (defined ? "true" : "false") + ";";
        at = m.position() + m.length();
    }
    out += text.substr(at);
    return out;
}

std::vector<Entry> scan_entries(std::string_view s) {
    std::vector<bool> code = code_mask(s);
    std::vector<Entry> entries;
    int braces = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if (!code[i]) continue;
        if (s[i] == '{') ++braces;
        if (s[i] == '}') --braces;
        if (braces != 0) continue;
        for (const char* stage : {"kernel", "vertex", "fragment"}) {
            if (!word_at(s, i, stage)) continue;
            size_t open = s.find('(', i);
            if (open == std::string_view::npos) continue;
            size_t name_end = open;
            while (name_end > i && std::isspace(static_cast<unsigned char>(s[name_end - 1]))) --name_end;
            size_t name_begin = name_end;
            while (name_begin > i && ident_char(s[name_begin - 1])) --name_begin;
            Entry entry{stage, std::string(s.substr(name_begin, name_end - name_begin)), {}};
            // Split the parameter list at top-level commas.
            int depth = 0, angle = 0;
            size_t start = open + 1, j = open + 1;
            std::vector<std::string> params;
            for (; j < s.size(); ++j) {
                char c = s[j];
                if (c == '(' || c == '[') ++depth;
                if (c == ')' || c == ']') {
                    if (depth == 0) break;
                    --depth;
                }
                if (c == '<') ++angle;
                if (c == '>') --angle;
                if (c == ',' && depth == 0 && angle == 0) {
                    params.push_back(std::string(s.substr(start, j - start)));
                    start = j + 1;
                }
            }
            std::string tail = trim(s.substr(start, j - start));
            if (!tail.empty() && tail != "void") params.push_back(tail);
            for (const std::string& p : params) {
                EntryParam param;
                size_t attr = p.find("[[");
                std::string decl = trim(p.substr(0, attr));
                if (attr != std::string::npos) {
                    size_t close = p.find("]]", attr);
                    param.attribute = trim(p.substr(attr + 2, close - attr - 2));
                }
                size_t n = decl.size();
                while (n > 0 && ident_char(decl[n - 1])) --n;
                param.name = decl.substr(n);
                param.type = trim(decl.substr(0, n));
                entry.params.push_back(param);
            }
            entries.push_back(entry);
            i = j;
            break;
        }
    }
    return entries;
}

std::vector<std::string> lint(std::string_view source) {
    std::vector<std::string> problems;
    std::vector<bool> code = code_mask(source);
    for (size_t i = 0; i + 1 < source.size(); ++i) {
        if (!code[i] || source.compare(i, 2, "[[") != 0) continue;
        size_t close = source.find("]]", i);
        if (close == std::string_view::npos) break;
        std::string name = attribute_name(std::string(source.substr(i + 2, close - i - 2)));
        if (!known_attributes().count(name)) problems.push_back("unknown attribute [[" + name + "]]");
        i = close;
    }
    for (const Entry& entry : scan_entries(source)) {
        for (const EntryParam& p : entry.params) {
            if (p.attribute.empty()) {
                problems.push_back(entry.stage + " " + entry.name + ": parameter '" + p.name + "' has no attribute");
                continue;
            }
            std::string name = attribute_name(p.attribute);
            if (!parameter_attributes(entry.stage).count(name))
                problems.push_back(entry.stage + " " + entry.name + ": parameter '" + p.name + "' cannot be [[" +
                                   name + "]]");
        }
    }
    static const std::regex kernel_return(R"(\bkernel\s+(\w+)\s+\w+\s*\()");
    std::string text(source);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kernel_return); it != std::sregex_iterator(); ++it)
        if ((*it)[1] != "void") problems.push_back("a kernel returns void, not " + (*it)[1].str());
    return problems;
}

std::string kernel_driver(const Entry& entry, const std::string& prepared_path) {
    std::string call;
    for (const EntryParam& p : entry.params) {
        std::string name = attribute_name(p.attribute);
        std::string index = p.attribute.find('(') == std::string::npos
                                ? ""
                                : p.attribute.substr(p.attribute.find('(') + 1,
                                                     p.attribute.rfind(')') - p.attribute.find('(') - 1);
        std::string arg;
        if (name == "buffer")
            arg = "metal_exec::buffer_arg<" + p.type + ">(" + index + ")";
        else if (name == "threadgroup")
            arg = "metal_exec::threadgroup_arg<" + p.type + ">(" + index + ")";
        else if (name == "texture")
            arg = "metal_exec::texture_arg<" + p.type + ">(" + index + ")";
        else
            arg = "metal_exec::builtin_arg<" + p.type + ">(inv." + name + ")";
        call += (call.empty() ? "" : ",\n        ") + arg;
    }
    return "#include \"run_kernel.hpp\"\n#include \"" + prepared_path +
           "\"\nint main(int argc, char** argv) {\n  return metal_exec::main(argc, argv, [](const "
           "metal_exec::invocation& inv) {\n    (void)inv;\n    " +
           entry.name + "(" + call + ");\n  });\n}\n";
}

}  // namespace msl_test
