// merge_builtin_arrays: clip distances, cull distances and the sample mask as slices of one
// built-in array each.
//
// Rewrites: per entry point and direction, the inputs (or outputs) with builtin(clip_distance),
// builtin(cull_distance) or builtin(sample_mask) become one new variable of that built-in each,
// an array of their scalar components (`float2 a` and `float b` clip distances make
// `gl_ClipDistance : float[3]`, `a` at elements 0-1 and `b` at 2), in interface order. Every load
// and store of a part becomes scalar loads and stores of its elements through access chains with
// constant indices (stage_leaves.hpp), made at each use. The array takes the first part's place in
// the entry point's interface; the arrays go first in the module's global list, inputs before
// outputs, clip before cull before sample mask, and the parts leave it.
//
// Requires: a verified module; each part belongs to one entry point (the lowering makes stage
// variables per entry point). Refuses a dynamic index into a vector part and any use but load,
// store and access chain.
// Preserves: every other global and instruction, and the other built-ins.
//
// Why: HLSL spreads clip and cull distances over semantics (SV_ClipDistance0, SV_ClipDistance1,
// each up to a float4) and SV_Coverage is a uint, while Vulkan (ClipDistance, CullDistance,
// SampleMask), Metal ([[clip_distance]] float[N], [[sample_mask]]) and WGSL
// (clip_distances: array<f32, N>, sample_mask: u32) take one array or word for the whole stage.
// Gathering the parts is the same job in every backend, so it is done once on the IR.
#include <algorithm>

#include "raise/stage_io.hpp"
#include "raise/stage_leaves.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {
namespace {

constexpr ir::BuiltIn kArrayBuiltIns[] = {ir::BuiltIn::ClipDistance, ir::BuiltIn::CullDistance,
                                          ir::BuiltIn::SampleMask};

std::string_view array_name(ir::BuiltIn b) {
    switch (b) {
    case ir::BuiltIn::ClipDistance: return "gl_ClipDistance";
    case ir::BuiltIn::CullDistance: return "gl_CullDistance";
    default: return "gl_SampleMask";
    }
}

}  // namespace

bool merge_builtin_arrays_idle(const ir::Module& m) {
    auto is_part = [](const ir::Global* g) {
        return g->builtin && std::find(std::begin(kArrayBuiltIns), std::end(kArrayBuiltIns), *g->builtin) !=
                                 std::end(kArrayBuiltIns);
    };
    return std::none_of(m.globals.begin(), m.globals.end(), is_part);
}

TransformResult merge_builtin_arrays(ir::Module& m) {
    if (merge_builtin_arrays_idle(m)) return {};
    LeafRewriter rewriter(m);
    std::vector<ir::Global*> arrays;
    ir::PointerSet<const ir::Global*> parts_gone;
    for (ir::EntryPoint* ep : m.entry_points) {
        for (bool input : {true, false}) {
            std::vector<ir::Global*>& list = input ? ep->inputs : ep->outputs;
            for (ir::BuiltIn which : kArrayBuiltIns) {
                std::vector<ir::Global*> parts;
                std::uint32_t total = 0;
                for (ir::Global* g : list) {
                    if (!g->builtin || *g->builtin != which) continue;
                    parts.push_back(g);
                    total += leaf_count(m.types(), g->value_type(), true);
                }
                if (parts.empty()) continue;
                const sema::ScalarType* element =
                    sema::component_type(sema::innermost_element(parts.front()->value_type()->value_type()));
                if (!element) element = m.types().scalar(sema::ScalarKind::Float);
                ir::Global* array = m.add_global(input ? sema::AddressSpace::Input : sema::AddressSpace::Output,
                                                 m.types().array(element, total), array_name(which));
                m.globals.pop_back();  // placed below, with the other arrays
                array->builtin = which;
                array->semantic = parts.front()->semantic;
                array->loc = parts.front()->loc;  // where a backend that refuses the built-in points
                arrays.push_back(array);
                std::uint32_t base = 0;
                for (ir::Global* g : parts) {
                    rewriter.rewrite(g, true, [&m, array, base](ir::Builder& b, std::uint32_t k) -> ir::Value* {
                        return b.access_chain(array, {m.uint_constant(base + k)});
                    });
                    base += leaf_count(m.types(), g->value_type(), true);
                    parts_gone.insert(g);
                }
                auto first = std::find(list.begin(), list.end(), parts.front());
                *first = array;
                list.erase(std::remove_if(list.begin(), list.end(),
                                          [&](const ir::Global* g) { return parts_gone.contains(g); }),
                           list.end());
            }
        }
    }
    TransformResult r;
    r.changed = !arrays.empty();
    if (!r.changed) return r;
    std::vector<ir::Global*> globals = arrays;
    for (ir::Global* g : m.globals)
        if (!parts_gone.contains(g)) globals.push_back(g);
    m.globals = std::move(globals);
    r.refusal = rewriter.finish();
    r.refusal_at = rewriter.refusal_at();
    return r;
}

}  // namespace oneshader::raise
