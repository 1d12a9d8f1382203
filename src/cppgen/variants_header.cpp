// generate_cpp_header() for a file with variants (spec page "Generated bindings", "Variants"): the
// structs every variant agrees on at file level, an enum per choice axis, Key, Variant, and
// Variants with one class per variant and a table that Key indexes.
#include <algorithm>
#include <map>
#include <set>

#include "cppgen/body.hpp"
#include "cppgen/names.hpp"
#include "cppgen/support_block.hpp"
#include "oneshader/cpp_header.hpp"

namespace oneshader::cppgen {

namespace {

std::string u32(std::uint32_t v) { return std::to_string(v) + "u"; }

// A struct is shared when every variant that has it writes the same definition and every struct it
// uses is shared too.
std::set<std::string> shared_structs(const std::vector<Body>& bodies) {
    std::map<std::string, const StructDef*> first;
    std::set<std::string> differ;
    for (const Body& b : bodies)
        for (const StructDef& d : b.structs) {
            auto [it, fresh] = first.emplace(d.name, &d);
            if (!fresh && it->second->text != d.text) differ.insert(d.name);
        }
    std::set<std::string> shared;
    for (const auto& [name, def] : first)
        if (!differ.count(name)) shared.insert(name);
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [name, def] : first) {
            if (!shared.count(name)) continue;
            for (const std::string& u : def->uses)
                if (!shared.count(u)) {
                    shared.erase(name);
                    changed = true;
                    break;
                }
        }
    }
    return shared;
}

std::string key_text(const VariantPlan& plan, int level, Scope& scope, Problems& problems) {
    std::string out;
    const int in = level + 1;
    for (const VariantAxis& a : plan.axes) {
        if (a.is_flag()) continue;
        std::string name = pascal_case(a.name) + "Value";
        if (!scope.declare(name, "the values of axis '" + a.name + "'")) continue;
        out += indent(level) + "enum class " + name + " : std::uint8_t { ";
        for (std::size_t i = 0; i < a.values.size(); ++i) out += (i ? ", " : "") + member_name(a.values[i]);
        out += " };\n";
    }
    if (!scope.declare("Key", "the variant key")) return out;
    out += indent(level) + "// One field per axis, in axis order (Key{true, LightingValue::PBR}); index() is the variant's\n" +
           indent(level) + "// position in Variants::all (-1 for an enum value out of range).\n";
    out += indent(level) + "struct Key {\n";
    std::string index = "0", in_range;
    std::vector<std::string> fields;
    Scope names(scope.where() + "Key", problems);
    names.declare("index", "the member function index()");
    for (std::size_t k = 0; k < plan.axes.size(); ++k) {
        const VariantAxis& a = plan.axes[k];
        std::string field = snake_case(a.name);
        if (!names.declare(field, "axis '" + a.name + "'")) continue;
        fields.push_back(field);
        std::string type = a.is_flag() ? "bool" : pascal_case(a.name) + "Value";
        std::string first = a.is_flag() ? "false" : type + "::" + member_name(a.values[0]);
        out += indent(in) + type + " " + field + " = " + first + ";\n";
        std::uint32_t n = a.is_flag() ? 2 : std::uint32_t(a.values.size());
        std::string value = a.is_flag() ? "(" + field + " ? 1 : 0)" : "int(" + field + ")";
        index = "(" + index + ") * " + std::to_string(n) + " + " + value;
        if (!a.is_flag())
            in_range += indent(in + 1) + "if (int(" + field + ") >= " + std::to_string(n) + ") return -1;\n";
    }
    out += indent(in) + "constexpr int index() const {\n" + in_range + indent(in + 1) + "return " + index + ";\n" +
           indent(in) + "}\n";
    std::string eq;
    for (const std::string& f : fields) eq += std::string(eq.empty() ? "" : " && ") + "a." + f + " == b." + f;
    if (eq.empty()) eq = "true";
    out += indent(in) + "friend constexpr bool operator==(const Key& a, const Key& b) { return " + eq + "; }\n";
    out += indent(in) + "friend constexpr bool operator!=(const Key& a, const Key& b) { return !(a == b); }\n";
    out += indent(level) + "};\n";
    return out;
}

std::string key_value(const VariantPlan& plan, const VariantSet& v) {
    std::string args;
    for (std::size_t k = 0; k < plan.axes.size(); ++k) {
        const VariantAxis& a = plan.axes[k];
        args += std::string(k ? ", " : "") + (a.is_flag() ? (v.choice[k] ? "true" : "false")
                                                         : pascal_case(a.name) + "Value::" + member_name(a.values[v.choice[k]]));
    }
    return "Key{" + args + "}";
}

std::string defines_of(const VariantSet& v) {
    std::string out;
    for (const Define& d : v.defines) {
        // LIGHTING_PBR=1 is implied by LIGHTING=PBR; the listing shows what the axes say.
        bool implied = false;
        for (const Define& other : v.defines)
            if (other.value && d.name == other.name + "_" + *other.value) implied = true;
        if (!implied) out += (out.empty() ? "" : " ") + d.name + "=" + d.value.value_or("1");
    }
    return out;
}

}  // namespace

}  // namespace oneshader::cppgen

namespace oneshader {

CppHeaderResult generate_cpp_header(std::string_view source_path, const VariantPlan& plan,
                                    std::span<const CompileResult> results, const CppHeaderOptions& options) {
    using namespace cppgen;
    CppHeaderResult fail;
    Problems problems(file_name(source_path));
    if (!plan.ok() || results.size() != plan.variants.size() ||
        std::any_of(results.begin(), results.end(), [](const CompileResult& r) { return !r.ok() || !r.reflection; })) {
        problems.error(code(support::DiagCode::invalid_option), "the header is generated from a compile of every variant that succeeded; this "
                                  "one did not.");
        fail.diagnostics = problems.take();
        return fail;
    }
    if (std::optional<Diagnostic> d = check_header_options(source_path, options)) return {{}, {*d}};
    const std::string cls = options.class_name.empty() ? type_name(file_stem(source_path)) : options.class_name;
    Scope file_scope(cls + "::", problems);
    file_scope.declare(cls, "the file's class");

    // Each variant's body, written as the member of Variants it becomes.
    std::vector<Body> bodies;
    std::vector<std::unique_ptr<Scope>> scopes;
    Scope variants_scope(cls + "::Variants::", problems);
    for (const char* taken : {"count", "all", "get", "try_get"})
        variants_scope.declare(taken, std::string("the generated member '") + taken + "'");
    for (std::size_t i = 0; i < results.size(); ++i) {
        const VariantSet& v = plan.variants[i];
        if (!variants_scope.declare(v.name, "variant " + v.shown)) {
            bodies.emplace_back();
            continue;
        }
        std::string q = cls + "::Variants::" + v.name + "::";
        scopes.push_back(std::make_unique<Scope>(q, problems));
        scopes.back()->declare(v.name, "the variant's class");
        bodies.push_back(build_body(results[i], q, 3, *scopes.back(), problems));
    }
    std::set<std::string> shared = shared_structs(bodies);

    // Shared structs are written once at file level, from the first variant that has them, with the
    // qualifier of the file's class.
    std::string file_structs;
    {
        std::set<std::string> written;
        for (std::size_t i = 0; i < results.size(); ++i) {
            for (const StructDef& d : bodies[i].structs) {
                if (!shared.count(d.name) || written.count(d.name)) continue;
                written.insert(d.name);
                if (!file_scope.declare(d.name, "struct '" + d.name + "'")) continue;
                // Re-qualify: the variant wrote `Material::Variants::<V>::Light`; at file level it is `Material::Light`.
                std::string text = d.text;
                const std::string from = cls + "::Variants::" + plan.variants[i].name + "::";
                for (std::size_t at; (at = text.find(from)) != std::string::npos;) text.replace(at, from.size(), cls + "::");
                // Two levels less deep.
                std::string shifted;
                std::size_t start = 0;
                while (start < text.size()) {
                    std::size_t nl = text.find('\n', start);
                    std::string line = text.substr(start, nl - start + 1);
                    shifted += line.rfind(indent(2), 0) == 0 ? line.substr(8) : line;
                    start = nl + 1;
                }
                file_structs += shifted;
            }
        }
    }

    std::string variants_text;
    const std::string in = indent(1), in2 = indent(2);
    for (std::size_t i = 0; i < results.size(); ++i) {
        const VariantSet& v = plan.variants[i];
        const Body& b = bodies[i];
        variants_text += in2 + "// " + (v.shown.empty() ? std::string("no axis defined") : v.shown) + "\n";
        variants_text += in2 + "struct " + v.name + " {\n";
        for (const StructDef& d : b.structs) {
            if (shared.count(d.name)) variants_text += indent(3) + "using " + d.name + " = " + cls + "::" + d.name + ";\n";
            else variants_text += d.text;
        }
        variants_text += b.bindings + b.specialization + b.entries + b.reflection;
        variants_text += in2 + "};\n";
    }

    // Every entry point any variant has, in first-seen order.
    std::vector<std::string> entries;
    for (const Body& b : bodies)
        for (const std::string& e : b.entry_names)
            if (std::find(entries.begin(), entries.end(), e) == entries.end()) entries.push_back(e);

    std::string key = key_text(plan, 1, file_scope, problems);
    std::string variant_struct;
    if (file_scope.declare("Variant", "the Variant struct")) {
        variant_struct = in + "struct Variant {\n";
        variant_struct += in2 + "std::uint32_t index;\n" + in2 + "const char* name;\n" + in2 + "const char* defines;\n" +
                          in2 + "Key key;\n" + in2 + kSupport + "ArrayView<" + kSupport + "ResourceBinding> bindings;\n" +
                          in2 + kSupport + "ArrayView<char> reflection_data;\n";
        variant_struct += in2 + "// One per entry point; null in a variant that lacks it.\n";
        Scope fields(cls + "::Variant", problems);
        for (const char* taken : {"index", "name", "defines", "key", "bindings", "reflection_data"})
            fields.declare(taken, std::string("the generated member '") + taken + "'");
        for (const std::string& e : entries)
            if (fields.declare(e, "entry point '" + e + "'"))
                variant_struct += in2 + "const " + kSupport + "Entry* " + e + ";\n";
        variant_struct += in + "};\n";
    }
    file_scope.declare("Variants", "the Variants class");

    std::string table;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const VariantSet& v = plan.variants[i];
        const Body& b = bodies[i];
        table += indent(3) + "{" + u32(v.index) + ", " + string_literal(v.name) + ", " + string_literal(defines_of(v)) +
                 ", " + key_value(plan, v) + ", " + v.name + "::Bindings::all, {" + v.name + "::reflection_data, sizeof(" +
                 v.name + "::reflection_data) - 1}";
        for (const std::string& e : entries)
            table += std::find(b.entry_names.begin(), b.entry_names.end(), e) != b.entry_names.end()
                         ? ", &" + v.name + "::" + e + "::entry"
                         : std::string(", nullptr");
        table += "},\n";
    }
    const std::string n = std::to_string(results.size());
    std::string variants = in + "struct Variants {\n" + variants_text;
    variants += in2 + "static constexpr std::size_t count = " + n + ";\n";
    variants += in2 + "static constexpr std::array<Variant, " + n + "> all = {{\n" + table + in2 + "}};\n";
    variants += in2 + "// An array index: no allocation. The key's enum values must be in range (see try_get).\n";
    variants += in2 + "static constexpr const Variant& get(const Key& key) { return all[std::size_t(key.index())]; }\n";
    variants += in2 + "static constexpr const Variant& get(std::size_t index) { return all[index]; }\n";
    variants += in2 + "static constexpr const Variant* try_get(const Key& key) {\n" + indent(3) +
                "return key.index() < 0 ? nullptr : &all[std::size_t(key.index())];\n" + in2 + "}\n";
    variants += in + "};\n";

    std::string text = "// Generated by oneshader from " + file_name(source_path) +
                       ". Do not edit: it is written again when the shader changes.\n#pragma once\n#include <array>\n"
                       "#include <cstddef>\n#include <cstdint>\n\n" +
                       support_block() + "\n" + (options.name_space.empty() ? "" : "namespace " + options.name_space + " {\n\n") +
                       "struct " + cls + " {\n" + file_structs + key + variant_struct + variants + "};\n" +
                       (options.name_space.empty() ? "" : "\n}  // namespace " + options.name_space + "\n");
    CppHeaderResult result;
    result.diagnostics = problems.take();
    if (result.diagnostics.empty()) result.text = std::move(text);
    return result;
}

}  // namespace oneshader
