// The table of raise transforms and the runner the backends' raise lists use.
#include "raise/transform.hpp"

#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "raise/buffers.hpp"
#include "raise/polyfills.hpp"
#include "raise/refusals.hpp"
#include "raise/stage_io.hpp"

namespace oneshader::raise {
namespace {

constexpr TransformInfo kTransforms[] = {
    {"refuse_per_vertex_inputs", refuse_per_vertex_inputs},
    {"split_stage_io", split_stage_io},
    {"merge_builtin_arrays", merge_builtin_arrays},
    {"flat_integer_varyings", flat_integer_varyings},
    {"bools_in_buffers", bools_in_buffers},
    {"split_matrix_calls", split_matrix_calls},
    {"polyfill_sign", polyfill_sign},
    {"polyfill_saturate", polyfill_saturate},
    {"polyfill_rcp", polyfill_rcp},
    {"polyfill_log10", polyfill_log10},
    {"polyfill_mad", polyfill_mad},
    {"polyfill_ldexp", polyfill_ldexp},
    {"polyfill_isfinite", polyfill_isfinite},
    {"polyfill_fmod", polyfill_fmod},
    {"polyfill_lit", polyfill_lit},
    {"polyfill_dst", polyfill_dst},
    {"polyfill_pack", polyfill_pack},
    {"polyfill_unpack", polyfill_unpack},
    {"polyfill_dot4add", polyfill_dot4add},
    {"polyfill_msad4", polyfill_msad4},
    {"polyfill_d3dcolor", polyfill_d3dcolor},
    {"polyfill_dot2add", polyfill_dot2add},
    {"polyfill_isnormal", polyfill_isnormal},
};

}  // namespace

std::span<const TransformInfo> transform_table() { return kTransforms; }

const TransformInfo* find_transform(std::string_view name) {
    for (const TransformInfo& t : kTransforms)
        if (t.name == name) return &t;
    return nullptr;
}

RunResult run_transforms(ir::Module& m, std::span<const std::string_view> list, const RunOptions& options) {
    RunResult result;
    for (std::string_view name : list) {
        const TransformInfo* t = find_transform(name);
        if (!t) {
            result.ok = false;
            result.failed = std::string(name);
            result.problems = "no raise transform has this name";
            return result;
        }
        TransformResult r = t->run(m);
        if (!r.refusal.empty()) {
            result.ok = false;
            result.failed = std::string(name);
            result.refusal = std::move(r.refusal);
            result.refusal_at = r.refusal_at;
            return result;
        }
        if (options.verify_each) {
            std::vector<std::string> problems = ir::verify(m);
            if (!problems.empty()) {
                result.ok = false;
                result.failed = std::string(name);
                for (std::size_t k = 0; k < problems.size() && k < 5; ++k) result.problems += (k ? "; " : "") + problems[k];
                if (problems.size() > 5) result.problems += "; and " + std::to_string(problems.size() - 5) + " more";
                return result;
            }
        }
        if (!options.print_after.empty() && options.print_after == name) {
            result.printed += "; after " + std::string(name) + "\n";
            result.printed += ir::print_module(m);
        }
    }
    return result;
}

}  // namespace oneshader::raise
