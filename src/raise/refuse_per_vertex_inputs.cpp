// refuse_per_vertex_inputs: a target without per-vertex attributes refuses GetAttributeAtVertex.
//
// Rewrites nothing. Refuses a module with a per-vertex input (ir::Global::per_vertex), naming
// GetAttributeAtVertex, at its first read outside the entry wrappers (the call; the wrappers' own
// read of vertex 0 is at the declaration), or at the input's declaration when there is none.
//
// Requires: a verified module. Preserves: everything.
//
// Why: the lowering gives such an input one value per vertex, which only SPIR-V
// (PerVertexKHR) declares; MSL 2.4 has barycentric weights but no read of an attribute at one
// vertex, and WGSL has neither. Refusing before any printer runs keeps that knowledge in one place.
#include <algorithm>

#include "raise/refusals.hpp"

namespace oneshader::raise {

TransformResult refuse_per_vertex_inputs(ir::Module& m) {
    auto per_vertex = std::find_if(m.globals.begin(), m.globals.end(), [](const ir::Global* g) { return g->per_vertex; });
    if (per_vertex == m.globals.end()) return {};
    auto is_wrapper = [&m](const ir::Function* f) {
        return std::any_of(m.entry_points.begin(), m.entry_points.end(),
                           [f](const ir::EntryPoint* ep) { return ep->function == f; });
    };
    support::SourceLoc at = (*per_vertex)->loc;
    bool found = false;
    for (const ir::Function* f : m.functions) {
        if (found || is_wrapper(f)) continue;
        for (const ir::Block* b : f->blocks) {
            for (const ir::Instruction* i : b->instructions) {
                bool reads = std::any_of(i->operands.begin(), i->operands.end(), [](const ir::Value* v) {
                    const auto* g = v ? v->as<ir::Global>() : nullptr;
                    return g && g->per_vertex;
                });
                if (reads && i->loc.valid()) {
                    at = i->loc;
                    found = true;
                    break;
                }
            }
            if (found) break;
        }
    }
    return TransformResult::refuse("GetAttributeAtVertex (reading an attribute at one vertex of the primitive)", at);
}

}  // namespace oneshader::raise
