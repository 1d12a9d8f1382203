// flat_integer_varyings: integer varyings are not interpolated.
//
// Rewrites: every input of a pixel-shader entry point and every output of a vertex-shader entry
// point that has a location (not a built-in) and whose components are integers, bools or doubles
// gets the `nointerpolation` interpolation bit, whatever else it had.
//
// Requires: a verified module whose stage variables each belong to one entry point (the lowering
// makes them per entry point).
// Preserves: every instruction and every other global; built-ins (each target has its own rule
// for integer built-ins, e.g. SPIR-V decorates SV_PrimitiveID Flat while WGSL and MSL need
// nothing).
//
// Why: interpolating an integer has no meaning, and every target says so in its own words: Vulkan
// requires Flat on integer and double fragment inputs (and the vertex outputs feeding them),
// WGSL requires @interpolate(flat) on integer user I/O, MSL [[flat]]. Making the rule an IR fact
// once lets each printer just print the interpolation bits it is given.
#include "raise/stage_io.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {
namespace {

bool not_interpolable(const ir::Global* g) {
    const sema::ScalarType* s = sema::component_type(sema::innermost_element(g->value_type()->value_type()));
    return s && (sema::is_integer_kind(s->scalar) || s->scalar == sema::ScalarKind::Double ||
                 s->scalar == sema::ScalarKind::Bool);
}

}  // namespace

TransformResult flat_integer_varyings(ir::Module& m) {
    TransformResult r;
    for (ir::EntryPoint* ep : m.entry_points) {
        const std::vector<ir::Global*>* list = ep->stage == ir::ShaderStage::Pixel    ? &ep->inputs
                                               : ep->stage == ir::ShaderStage::Vertex ? &ep->outputs
                                                                                      : nullptr;
        if (!list) continue;
        for (ir::Global* g : *list) {
            if (g->builtin || !not_interpolable(g) || (g->interpolation & sema::kInterpNoInterpolation)) continue;
            g->interpolation |= sema::kInterpNoInterpolation;
            r.changed = true;
        }
    }
    return r;
}

}  // namespace oneshader::raise
