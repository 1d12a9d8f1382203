// compile_variants() and the merging of diagnostics across variants (spec page "Shader variants
// with Axes in dotnet build", "Errors under some variants").
#include <algorithm>
#include <atomic>
#include <thread>

#include "oneshader/cpp_header.hpp"

namespace oneshader {

namespace {

bool same(const Diagnostic& a, const Diagnostic& b) {
    return a.code == b.code && a.severity == b.severity && a.position.file == b.position.file &&
           a.position.line == b.position.line && a.position.column == b.position.column && a.message == b.message;
}

std::string shown_variant(const VariantSet& v) { return v.shown.empty() ? v.name : v.shown; }

// `(variant A)`, `(variants A; B; C and 2 more)`, `(in all 6 variants)`.
std::string under(const std::vector<std::size_t>& which, std::span<const VariantSet> variants) {
    if (which.size() == variants.size() && variants.size() > 1)
        return "(in all " + std::to_string(variants.size()) + " variants)";
    if (which.size() == 1) return "(variant " + shown_variant(variants[which[0]]) + ")";
    std::string out = "(variants ";
    const std::size_t shown = std::min<std::size_t>(which.size(), 3);
    for (std::size_t i = 0; i < shown; ++i) out += (i ? "; " : "") + shown_variant(variants[which[i]]);
    if (which.size() > shown) out += " and " + std::to_string(which.size() - shown) + " more";
    return out + ")";
}

}  // namespace

bool VariantCompileResult::ok() const {
    return std::none_of(diagnostics.begin(), diagnostics.end(),
                        [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::vector<Diagnostic> merge_variant_diagnostics(std::span<const std::vector<Diagnostic>> per_variant,
                                                  std::span<const VariantSet> variants) {
    struct Group {
        Diagnostic diagnostic;
        std::vector<std::size_t> variants;
    };
    std::vector<Group> groups;
    for (std::size_t v = 0; v < per_variant.size(); ++v) {
        for (const Diagnostic& d : per_variant[v]) {
            auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return same(g.diagnostic, d); });
            if (it == groups.end()) groups.push_back({d, {v}});
            else if (it->variants.back() != v) it->variants.push_back(v);
        }
    }
    std::vector<Diagnostic> out;
    for (Group& g : groups) {
        if (variants.size() > 1 || !variants.front().shown.empty())
            g.diagnostic.message += " " + under(g.variants, variants);
        out.push_back(std::move(g.diagnostic));
    }
    return out;
}

// The variants are compiled on as many threads as the machine has cores (compiles share nothing);
// the results are kept in variant order, so the output does not depend on which finished first.
VariantCompileResult compile_variants(std::string_view path, const CompileOptions& options,
                                      std::span<const VariantSet> variants) {
    VariantCompileResult out;
    out.results.resize(variants.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < variants.size();) {
            CompileOptions o = options;
            o.defines.insert(o.defines.end(), variants[i].defines.begin(), variants[i].defines.end());
            out.results[i] = compile_file(path, o);
        }
    };
    const std::size_t threads =
        std::min<std::size_t>(variants.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) {
        try {
            pool.emplace_back(work);
        } catch (...) {
            break;  // no more threads to be had: the ones running take the rest
        }
    }
    work();
    for (std::thread& t : pool) t.join();

    std::vector<std::vector<Diagnostic>> per_variant;
    for (const CompileResult& r : out.results) {
        for (const std::string& f : r.files)
            if (std::find(out.files.begin(), out.files.end(), f) == out.files.end()) out.files.push_back(f);
        per_variant.push_back(r.diagnostics);
    }
    if (!variants.empty()) out.diagnostics = merge_variant_diagnostics(per_variant, variants);
    return out;
}

}  // namespace oneshader
