// Overload resolution for user functions, by HLSL's ranking: each argument's conversion has a
// cost (exact < literal to its natural type < promotion < conversion < truncation, see
// conversions.cpp); a candidate wins when it is no worse for every argument and better for one.
// When no candidate dominates, the lowest total cost wins; a tie is an ambiguity error.
#include "sema/checker.hpp"

namespace oneshader::sema {

Function* Checker::pick_overload(std::span<Function* const> candidates, std::span<BExpr* const> args, SourceRange range,
                                 Symbol name, bool report_errors) {
    // Every viable candidate's costs (one per argument) side by side in one buffer.
    struct Viable {
        Function* f;
        std::size_t first;  // into costs
        std::uint32_t total = 0;
    };
    support::SmallVec<Viable, 8> viable;
    support::SmallVec<std::uint32_t, 32> costs;
    support::SmallVec<Function*, 8> right_arity;
    for (Function* f : candidates) {
        std::size_t nparams = f->type->params.size();
        std::size_t required = 0;
        for (std::size_t i = 0; i < nparams; ++i)
            if (i >= f->defaults.size() || !f->defaults[i]) required = i + 1;
        if (args.size() > nparams || args.size() < required) continue;
        right_arity.push_back(f);
        Viable v{f, costs.size(), 0};
        bool fits = true;
        for (std::size_t i = 0; i < args.size() && fits; ++i) {
            const ParamType& p = f->type->params[i];
            std::optional<std::uint32_t> c;
            if (p.direction != ParamDirection::In)
                c = out_argument_cost(args[i]->type, p.type, p.direction);
            else
                c = conversion_cost(args[i]->type, p.type);
            if (!c) fits = false;
            else {
                costs.push_back(*c);
                v.total += *c;
            }
        }
        if (fits) viable.push_back(v);
        else costs.truncate(v.first);
    }
    if (viable.empty()) {
        if (!report_errors) return nullptr;
        if (right_arity.size() == 1) return right_arity[0];  // finish_call reports the bad argument
        if (right_arity.empty()) {
            std::string counts;
            for (Function* f : candidates) {
                if (!counts.empty()) counts += " or ";
                counts += std::to_string(f->type->params.size());
            }
            report(DiagCode::wrong_argument_count, range,
                   fmt::format("'{}' takes {} argument{}, but {} {} given.", name.str(), counts,
                               counts == "1" ? "" : "s", args.size(), args.size() == 1 ? "is" : "are"));
            return nullptr;
        }
        std::string have;
        for (BExpr* a : args) have += (have.empty() ? "" : ", ") + tname(a->type);
        report(DiagCode::no_matching_overload, range,
               fmt::format("No overload of '{}' takes ({}). Convert the arguments to match one of its declarations.",
                           name.str(), have));
        for (Function* f : right_arity) diags.note(SourceRange(f->loc), fmt::format("candidate: {}", tname(f->type)));
        return nullptr;
    }
    const std::size_t n = args.size();
    auto dominates = [&](const Viable& a, const Viable& b) {
        bool better = false;
        for (std::size_t i = 0; i < n; ++i) {
            if (costs[a.first + i] > costs[b.first + i]) return false;
            if (costs[a.first + i] < costs[b.first + i]) better = true;
        }
        return better;
    };
    support::SmallVec<const Viable*, 8> best;
    for (const Viable& v : viable) {
        bool beaten = false;
        for (const Viable& w : viable)
            if (&w != &v && dominates(w, v)) beaten = true;
        if (!beaten) best.push_back(&v);
    }
    if (best.size() > 1) {
        std::uint32_t lowest = best[0]->total;
        for (const Viable* v : best) lowest = std::min(lowest, v->total);
        // Keep only the cheapest, in order.
        std::size_t kept = 0;
        for (std::size_t i = 0; i < best.size(); ++i)
            if (best[i]->total == lowest) best[kept++] = best[i];
        best.truncate(kept);
    }
    if (best.size() > 1) {
        if (report_errors) {
            report(DiagCode::ambiguous_call, range,
                   fmt::format("The call of '{}' is ambiguous: {} overloads fit equally well. Convert the arguments "
                               "explicitly to pick one.",
                               name.str(), best.size()));
            for (const Viable* v : best) diags.note(SourceRange(v->f->loc), fmt::format("candidate: {}", tname(v->f->type)));
        }
        return nullptr;
    }
    return best[0]->f;
}

}  // namespace oneshader::sema
