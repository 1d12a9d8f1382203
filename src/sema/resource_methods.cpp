#include "sema/resource_methods.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <mutex>
#include <utility>

#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {
namespace {

constexpr MethodInfo kMethods[] = {
#define METHOD(name, kinds, result, params, stages, flags, spirv, msl, wgsl) \
    {name, kinds, result, params, stages, flags, {spirv, msl, wgsl}},
#include "sema/resource_methods.def"
};

const Type* int_or_vector(TypeContext& types, ScalarKind k, std::uint32_t n) {
    if (n == 0 || n > 4) return nullptr;
    if (n == 1) return types.scalar(k);
    return types.vector(k, n);
}

// The element type; a texture or typed buffer written without `<...>` holds float4.
const Type* element_of(TypeContext& types, const ResourceType* r) {
    if (r->element) return r->element;
    if (is_texture(r->resource) || is_typed_buffer(r->resource)) return types.vector(ScalarKind::Float, 4);
    return nullptr;
}

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

// Edit distance where a change of case alone costs nothing (Did-you-mean for `sample`).
std::size_t distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t up = row[j];
            std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + cost});
            diag = up;
        }
    }
    return row[b.size()];
}

std::string kinds_text(std::uint32_t kinds) {
    std::string out;
    std::size_t n = 0;
    for (unsigned k = 0; k <= unsigned(ResourceKind::TextureBuffer); ++k) {
        if (!(kinds & (1u << k))) continue;
        if (n++) out += ", ";
        out += resource_kind_name(ResourceKind(k));
    }
    return out;
}

constexpr std::array<std::string_view, 9> kPlaceholderWords = {"E",        "E4",     "EScalar",   "Coord", "Grad",
                                                                 "Offset",   "LoadCoord", "Location", "Tpl"};

// What every compile needs of a row and would otherwise recompute per call: its parsed
// signature and whether it takes a template argument. Each row is parsed the first time a call
// resolves to it, once per process: parsing all of them up front was a sixth of a one-shader
// process's instructions, and a shader calls a handful. A parsed row never changes.
struct ParsedMethod {
    Signature sig;
    bool templated = false;
};

struct ParsedRows {
    std::array<ParsedMethod, std::size(kMethods)> rows;
    std::array<std::once_flag, std::size(kMethods)> once;
};

const ParsedMethod& parsed_method(const MethodInfo* m) {
    static ParsedRows parsed;
    const std::size_t i = std::size_t(m - kMethods);
    std::call_once(parsed.once[i], [&] {
        ParsedMethod& p = parsed.rows[i];
        p.sig = parse_signature(m->result, m->params, kPlaceholderWords);
        p.templated = m->result == "Tpl" || m->params.find("Tpl") != std::string_view::npos;
    });
    return parsed.rows[i];
}

// Runs of rows with the same name, found by binary search over the names sorted once.
struct NameRun {
    std::string_view name;
    std::uint16_t first;  // index into kMethods
};

// The rows by name, rows of one name in table order: sorted at compile time (an insertion sort,
// which is stable), so no process sorts them on its first method call.
constexpr std::array<NameRun, std::size(kMethods)> make_rows_by_name() {
    std::array<NameRun, std::size(kMethods)> out{};
    for (std::size_t i = 0; i < out.size(); ++i) {
        NameRun r{kMethods[i].name, static_cast<std::uint16_t>(i)};
        std::size_t j = i;
        for (; j > 0 && r.name < out[j - 1].name; --j) out[j] = out[j - 1];
        out[j] = r;
    }
    return out;
}

constexpr std::array<NameRun, std::size(kMethods)> kRowsByName = make_rows_by_name();

// Calls `f(row)` for the rows of `name` a resource of `kind` has, in table order.
template <class F>
void for_each_method(ResourceKind kind, std::string_view name, F f) {
    const auto& runs = kRowsByName;
    auto it = std::lower_bound(runs.begin(), runs.end(), name,
                               [](const NameRun& r, std::string_view n) { return r.name < n; });
    for (; it != runs.end() && it->name == name; ++it) {
        const MethodInfo& m = kMethods[it->first];
        if (m.kinds & kind_bit(kind)) f(&m);
    }
}

}  // namespace

std::span<const MethodInfo> method_table() { return kMethods; }

namespace {

constexpr bool named_before(std::size_t i) {
    for (std::size_t j = 0; j < i; ++j)
        if (kMethods[j].name == kMethods[i].name) return true;
    return false;
}

constexpr std::size_t distinct_method_names() {
    std::size_t n = 0;
    for (std::size_t i = 0; i < std::size(kMethods); ++i) n += named_before(i) ? 0 : 1;
    return n;
}

constexpr std::array<std::string_view, distinct_method_names()> make_method_name_order() {
    std::array<std::string_view, distinct_method_names()> out{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < std::size(kMethods); ++i)
        if (!named_before(i)) out[n++] = kMethods[i].name;
    return out;
}

// Built at compile time: the order is part of every method's IntrinsicId.
constexpr std::array<std::string_view, distinct_method_names()> kMethodNameOrder = make_method_name_order();

}  // namespace

std::span<const std::string_view> method_name_order() { return kMethodNameOrder; }

std::vector<const MethodInfo*> find_methods(ResourceKind kind, std::string_view name) {
    std::vector<const MethodInfo*> out;
    for_each_method(kind, name, [&](const MethodInfo* m) { out.push_back(m); });
    return out;
}

bool has_method(ResourceKind kind, std::string_view name) {
    bool found = false;
    for_each_method(kind, name, [&](const MethodInfo*) { found = true; });
    return found;
}

std::vector<std::string_view> method_names(ResourceKind kind) {
    std::vector<std::string_view> out;
    for (const MethodInfo& m : kMethods)
        if (m.kinds & kind_bit(kind)) out.push_back(m.name);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string method_signature_text(const MethodInfo& m) {
    return std::string(m.result) + " " + std::string(m.name) + "(" + std::string(m.params) + ")";
}

const Type* method_placeholder(TypeContext& types, const ResourceType* object, std::string_view word) {
    const ResourceKind k = object->resource;
    const std::uint32_t c = texture_coordinate_count(k);
    const std::uint32_t layer = is_arrayed(k) ? 1 : 0;
    const Type* e = element_of(types, object);
    const ScalarType* comp = e ? component_type(e) : nullptr;
    if (word == "E") return e;
    if (word == "E4") return comp ? types.vector(comp, 4) : nullptr;
    if (word == "EScalar") return comp;
    if (word == "Coord") return int_or_vector(types, ScalarKind::Float, c + layer);
    if (word == "Grad") return int_or_vector(types, ScalarKind::Float, c);
    if (word == "Offset") return int_or_vector(types, ScalarKind::Int, c);
    if (word == "LoadCoord") return int_or_vector(types, ScalarKind::Int, c + layer + 1);
    if (word == "Location") return int_or_vector(types, ScalarKind::Int, c + layer);
    return nullptr;
}

std::optional<ResolvedMethodCall> resolve_method_call(TypeContext& types, const ResourceType* object,
                                                      std::string_view name, std::span<const CallArg> args,
                                                      const Type* template_arg, const CallSite& site) {
    using support::DiagCode;
    // Built only for messages: most calls resolve without one.
    auto object_name = [&] { return type_name(object); };
    std::vector<const MethodInfo*> rows = find_methods(object->resource, name);
    if (rows.empty()) {
        std::string msg = "'" + std::string(name) + "' is not a method of '" + object_name() + "'.";
        std::uint32_t elsewhere = 0;
        for (const MethodInfo& m : kMethods)
            if (m.name == name) elsewhere |= m.kinds;
        if (elsewhere) {
            msg += " It is a method of " + kinds_text(elsewhere) + ".";
        } else {
            std::string_view best;
            std::size_t best_d = name.size() / 3 + 1;
            for (std::string_view candidate : method_names(object->resource)) {
                std::size_t d = distance(name, candidate);
                if (d <= best_d && (best.empty() || d < best_d)) {
                    best = candidate;
                    best_d = d;
                }
            }
            if (!best.empty()) msg += " Did you mean '" + std::string(best) + "'?";
        }
        site.diags.report(DiagCode::unknown_method, site.range, msg);
        return std::nullopt;
    }

    std::array<std::pair<std::string_view, const Type*>, kPlaceholderWords.size()> placeholders;
    for (std::size_t i = 0; i < kPlaceholderWords.size(); ++i) {
        std::string_view w = kPlaceholderWords[i];
        placeholders[i] = {w, w == "Tpl" ? template_arg : method_placeholder(types, object, w)};
    }

    std::vector<const MethodInfo*> candidates;
    std::vector<Match> matches;
    candidates.reserve(rows.size());
    matches.reserve(rows.size());
    // First without reasons; they are built only when no form fits and a message needs them.
    for (const MethodInfo* row : rows) {
        const ParsedMethod& parsed = parsed_method(row);
        if (parsed.templated != (template_arg != nullptr)) continue;
        candidates.push_back(row);
        matches.push_back(match_signature(types, parsed.sig, args, placeholders, false));
    }
    if (candidates.empty()) {
        site.diags.report(DiagCode::method_no_match, site.range,
                          template_arg ? "'" + object_name() + "." + std::string(name) + "' takes no template argument."
                                       : "'" + object_name() + "." + std::string(name) + "' needs a template argument.");
        return std::nullopt;
    }

    std::vector<std::size_t> viable;
    viable.reserve(matches.size());
    for (std::size_t i = 0; i < matches.size(); ++i)
        if (matches[i].viable) viable.push_back(i);
    if (viable.empty()) {
        for (std::size_t i = 0; i < candidates.size(); ++i)
            matches[i] = match_signature(types, parsed_method(candidates[i]).sig, args, placeholders, true);
        std::string msg = "No form of '" + object_name() + "." + std::string(name) + "' takes (" + describe_args(args) + ")";
        if (candidates.size() == 1) {
            site.diags.report(DiagCode::method_no_match, site.range,
                              msg + ": " + method_signature_text(*candidates[0]) + " " + matches[0].why + ".");
        } else {
            site.diags.report(DiagCode::method_no_match, site.range, msg + ". The forms are:");
            for (std::size_t i = 0; i < candidates.size(); ++i)
                site.diags.note(site.range, "candidate " + method_signature_text(*candidates[i]) + ": " + matches[i].why);
        }
        return std::nullopt;
    }
    Selection sel = select_best_of(viable.size(), [&](std::size_t k) {
        return std::span<const ConversionRank>(matches[viable[k]].ranks);
    });
    if (sel.best < 0) {
        site.diags.report(DiagCode::call_ambiguous, site.range,
                          "The call " + object_name() + "." + std::string(name) + "(" + describe_args(args) +
                              ") is ambiguous: several forms match equally well. Cast the arguments to the types of "
                              "the one you mean.");
        for (std::size_t t : sel.tied)
            site.diags.note(site.range, "candidate " + method_signature_text(*candidates[viable[t]]));
        return std::nullopt;
    }
    const std::size_t chosen = viable[std::size_t(sel.best)];
    const MethodInfo& row = *candidates[chosen];
    if (site.stage && !(row.stages & stage_bit(*site.stage))) {
        site.diags.report(DiagCode::intrinsic_wrong_stage, site.range,
                          "'" + std::string(name) + "' computes derivatives and is only available in " +
                              stage_list(row.stages) + " shaders, and this is a " + stage_list(stage_bit(*site.stage)) +
                              " shader. Use SampleLevel, SampleGrad or SampleCmpLevelZero, which take the level "
                              "explicitly.");
        return std::nullopt;
    }
    ResolvedMethodCall call;
    call.method = &row;
    call.result = matches[chosen].result;
    call.params = std::move(matches[chosen].params);
    call.ranks = std::move(matches[chosen].ranks);
    return call;
}

std::optional<SubscriptInfo> resource_subscript(TypeContext& types, const ResourceType* object, SubscriptForm form) {
    const ResourceKind k = object->resource;
    const std::uint32_t c = texture_coordinate_count(k);
    const std::uint32_t layer = is_arrayed(k) ? 1 : 0;
    const Type* e = element_of(types, object);
    if (!e) return std::nullopt;
    SubscriptInfo info;
    info.element = e;
    info.writable = is_writable(k) && k != ResourceKind::ConsumeStructuredBuffer;
    switch (form) {
        case SubscriptForm::Direct:
            if (is_typed_buffer(k) || k == ResourceKind::StructuredBuffer || k == ResourceKind::RWStructuredBuffer) {
                info.index = types.scalar(ScalarKind::UInt);
                return info;
            }
            if (!is_texture(k) || k == ResourceKind::TextureCube || k == ResourceKind::TextureCubeArray || is_multisampled(k))
                return std::nullopt;
            info.index = int_or_vector(types, ScalarKind::UInt, c + layer);
            return info;
        case SubscriptForm::Mips:
            if (!(kind_bit(k) & kMipLoad)) return std::nullopt;
            info.index = int_or_vector(types, ScalarKind::UInt, c + layer);
            info.writable = false;
            return info;
        case SubscriptForm::Sample:
            if (!(kind_bit(k) & kMultisampled)) return std::nullopt;
            info.index = int_or_vector(types, ScalarKind::UInt, c + layer);
            info.writable = false;
            return info;
    }
    return std::nullopt;
}

}  // namespace oneshader::sema
