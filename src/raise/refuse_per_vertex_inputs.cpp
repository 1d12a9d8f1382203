// refuse_per_vertex_inputs: a target without per-vertex attributes refuses GetAttributeAtVertex.
//
// Rewrites nothing. Refuses a module with a per-vertex input (ir::Global::per_vertex), naming
// GetAttributeAtVertex, at the first call that reads one (Global::per_vertex_read; the lowering
// records it, since inlining may leave no instruction of the call's own), or at the input's
// declaration when none is recorded.
//
// Requires: a verified module. Preserves: everything.
//
// Why: the lowering gives such an input one value per vertex, which only SPIR-V
// (PerVertexKHR) declares; MSL 2.4 has barycentric weights but no read of an attribute at one
// vertex, and WGSL has neither. Refusing before any printer runs keeps that knowledge in one place.
#include "raise/refusals.hpp"

namespace oneshader::raise {

bool refuse_per_vertex_inputs_idle(const ir::Module& m) {
    for (const ir::Global* g : m.globals)
        if (g->per_vertex) return false;
    return true;
}

TransformResult refuse_per_vertex_inputs(ir::Module& m) {
    const ir::Global* first = nullptr;
    for (const ir::Global* g : m.globals) {
        if (!g->per_vertex) continue;
        if (!first || (g->per_vertex_read.valid() && !first->per_vertex_read.valid())) first = g;
        // The earliest call in the source among the inputs it reads.
        if (g->per_vertex_read.valid() && first->per_vertex_read.valid() &&
            (g->per_vertex_read.file < first->per_vertex_read.file ||
             (g->per_vertex_read.file == first->per_vertex_read.file &&
              g->per_vertex_read.offset < first->per_vertex_read.offset)))
            first = g;
    }
    if (!first) return {};
    support::SourceLoc at = first->per_vertex_read.valid() ? first->per_vertex_read : first->loc;
    return TransformResult::refuse("GetAttributeAtVertex (reading an attribute at one vertex of the primitive)", at);
}

}  // namespace oneshader::raise
