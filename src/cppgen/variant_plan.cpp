// plan_variants(): the Axes rules of the spec pages "OneShader.Build" ("Variants") and "Shader
// variants with Axes in dotnet build".
#include <algorithm>

#include "cppgen/context.hpp"
#include "cppgen/names.hpp"
#include "oneshader/cpp_header.hpp"

namespace oneshader {

using cppgen::code;

namespace {

bool is_word(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    while (true) {
        std::size_t at = s.find(sep);
        out.push_back(s.substr(0, at));
        if (at == std::string_view::npos) return out;
        s.remove_prefix(at + 1);
    }
}

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return std::string(s);
}

}  // namespace

bool VariantPlan::ok() const {
    return std::none_of(diagnostics.begin(), diagnostics.end(),
                        [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

VariantPlan plan_variants(std::string_view text, std::uint32_t max_variants, std::string_view item) {
    VariantPlan plan;
    cppgen::Problems problems{std::string(item)};
    const std::string shown_item = "'" + std::string(item) + "'";
    std::vector<std::string> macros;  // every macro a variant can define, to find two axes that define one
    for (std::string_view raw : split(text, ';')) {
        std::string entry = trim(raw);
        if (entry.empty()) continue;
        VariantAxis axis;
        std::size_t eq = entry.find('=');
        axis.name = trim(std::string_view(entry).substr(0, eq));
        if (!is_word(axis.name)) {
            problems.error(code(support::DiagCode::variant_axes_malformed), "the axis '" + entry + "' of " + shown_item +
                                          " is not a NAME or NAME=VALUE|VALUE...: names and values are letters, "
                                          "digits and '_', for example 'ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR'.");
            continue;
        }
        if (eq != std::string::npos) {
            for (std::string_view v : split(std::string_view(entry).substr(eq + 1), '|')) {
                std::string value = trim(v);
                if (!is_word(value)) {
                    problems.error(code(support::DiagCode::variant_axes_malformed), "the axis '" + entry + "' of " + shown_item + " has " +
                                                  (value.empty() ? std::string("an empty value")
                                                                 : "the value '" + value + "'") +
                                                  "; values are letters, digits and '_', separated by '|', for "
                                                  "example 'LIGHTING=NONE|LAMBERT|PBR'.");
                    axis.values.clear();
                    break;
                }
                if (std::find(axis.values.begin(), axis.values.end(), value) != axis.values.end()) {
                    problems.error(code(support::DiagCode::variant_axis_repeated), "the axis '" + axis.name + "' of " + shown_item + " lists '" + value +
                                                  "' twice. List each value once.");
                    continue;
                }
                axis.values.push_back(value);
            }
            if (axis.values.empty()) continue;
        }
        std::vector<std::string> defined{axis.name};
        for (const std::string& v : axis.values) defined.push_back(axis.name + "_" + v);
        bool repeated = false;
        for (const std::string& m : defined) {
            if (std::find(macros.begin(), macros.end(), m) == macros.end()) continue;
            problems.error(code(support::DiagCode::variant_axis_repeated), "two axes of " + shown_item + " define the macro '" + m +
                                          "'. Give each axis its own name.");
            repeated = true;
        }
        if (repeated) continue;
        macros.insert(macros.end(), defined.begin(), defined.end());
        plan.axes.push_back(std::move(axis));
    }
    plan.diagnostics = problems.take();
    if (!plan.ok()) return plan;

    std::uint64_t total = 1;
    for (const VariantAxis& a : plan.axes) total *= a.is_flag() ? 2 : a.values.size();
    if (total > max_variants) {
        Diagnostic d;
        d.code = code(support::DiagCode::too_many_variants);
        d.position.file = std::string(item);
        d.message = shown_item + " has " + std::to_string(total) + " variants, more than the limit of " +
                    std::to_string(max_variants) +
                    ". Remove an axis or a value, or raise the limit with --max-variants " + std::to_string(total) +
                    " (MAX_VARIANTS in oneshader_add_shaders). Each variant is compiled for every target.";
        plan.diagnostics.push_back(std::move(d));
        return plan;
    }
    // The cartesian product, first axis slowest.
    for (std::uint64_t index = 0; index < total; ++index) {
        VariantSet v;
        v.index = std::uint32_t(index);
        std::uint64_t rest = index;
        v.choice.assign(plan.axes.size(), 0);
        for (std::size_t k = plan.axes.size(); k-- > 0;) {
            const VariantAxis& a = plan.axes[k];
            std::uint64_t n = a.is_flag() ? 2 : a.values.size();
            v.choice[k] = std::uint32_t(rest % n);
            rest /= n;
        }
        std::vector<std::string> shown, parts;
        for (std::size_t k = 0; k < plan.axes.size(); ++k) {
            const VariantAxis& a = plan.axes[k];
            const std::string axis = cppgen::pascal_case(a.name);
            if (a.is_flag()) {
                parts.push_back(axis + (v.choice[k] ? "On" : "Off"));
                if (v.choice[k]) {
                    v.defines.push_back({a.name, std::string("1")});
                    shown.push_back(a.name + "=1");
                }
            } else {
                const std::string& value = a.values[v.choice[k]];
                std::string value_part = cppgen::pascal_case(value);
                if (!value_part.empty() && value_part[0] == '_') value_part.erase(0, 1);
                parts.push_back(axis + value_part);
                v.defines.push_back({a.name, value});
                v.defines.push_back({a.name + "_" + value, std::string("1")});
                shown.push_back(a.name + "=" + value);
            }
        }
        for (const std::string& p : parts) v.name += (v.name.empty() ? "" : "_") + p;
        for (const std::string& s : shown) v.shown += (v.shown.empty() ? "" : ", ") + s;
        if (v.name.empty()) v.name = "Default";
        plan.variants.push_back(std::move(v));
    }
    return plan;
}

}  // namespace oneshader
