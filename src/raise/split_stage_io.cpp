// split_stage_io: one stage variable per element or row.
//
// Rewrites: every input and output with a user semantic (a location) whose type is an array or a
// matrix of two rows or more and two columns or more becomes one variable per leaf, depth-first
// (array elements, then matrix rows): `float4 w[2] : location(1)` becomes `w_0` at location 1
// and `w_1` at location 2. Locations count up from the variable's own, one per leaf, two for a
// 64-bit vector of three or four components. Interpolation is copied to every leaf. The leaves
// take the variable's place in the module's global list and in each entry point's inputs or
// outputs; loads, stores and access chains of it become accesses of the leaves (stage_leaves.hpp).
//
// Requires: a verified module whose stage variables are not structs (the lowering splits those).
// Refuses a dynamic index into such a variable, and any use but load, store and access chain.
// Preserves: every other global and instruction; built-in variables (merge_builtin_arrays is
// theirs); the order of the entry points' interfaces, each leaf where its variable was.
//
// Why: Vulkan gives an array or matrix one location per element or row but a shader-side array
// of them is awkward to address per location, and the spec pages "The WGSL backend" and "The MSL
// backend" ask for one location per array element or matrix row: every backend wants the
// interface flat, so the split happens once here instead of inside each printer.
#include <algorithm>
#include <string>

#include "raise/stage_io.hpp"
#include "raise/stage_leaves.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {
namespace {

std::uint32_t locations_of(const sema::Type* leaf) {
    // A 64-bit vector of three or four components takes two locations.
    return sema::bit_width(leaf) == 64 && sema::component_count(leaf) > 2 ? 2 : 1;
}

bool splits(const ir::Global* g) {
    ir::GlobalKind k = g->global_kind();
    if ((k != ir::GlobalKind::Input && k != ir::GlobalKind::Output) || g->builtin) return false;
    // A per-vertex input's array is the primitive's vertices, not locations (its element is a
    // scalar or vector: the front end refuses per-vertex arrays and matrices).
    if (g->per_vertex) return false;
    const sema::Type* t = g->value_type()->value_type();
    return t->is<sema::ArrayType>() || is_real_matrix(t);
}

void replace_in(std::vector<ir::Global*>& list, const ir::Global* g, const std::vector<ir::Global*>& by) {
    auto at = std::find(list.begin(), list.end(), g);
    if (at == list.end()) return;
    at = list.erase(at);
    list.insert(at, by.begin(), by.end());
}

}  // namespace

TransformResult split_stage_io(ir::Module& m) {
    if (std::none_of(m.globals.begin(), m.globals.end(), splits)) return {};
    std::vector<ir::Global*> globals;
    globals.reserve(m.globals.size());
    LeafRewriter rewriter(m);
    bool changed = false;
    // add_global appends to m.globals: the list is rebuilt here, each leaf where its variable was.
    std::vector<ir::Global*> original = m.globals;
    for (ir::Global* g : original) {
        if (!splits(g)) {
            globals.push_back(g);
            continue;
        }
        changed = true;
        std::vector<const sema::Type*> types;
        leaves_of(m.types(), g->value_type(), false, types);
        std::vector<ir::Global*> leaves;
        std::uint32_t location = g->location.value_or(0);
        for (std::size_t k = 0; k < types.size(); ++k) {
            std::string name = g->name().empty() ? std::string() : std::string(g->name()) + "_" + std::to_string(k);
            ir::Global* leaf = m.add_global(g->space(), types[k], name);
            if (g->location) leaf->location = location;
            location += locations_of(types[k]);
            leaf->interpolation = g->interpolation;
            leaf->semantic = g->semantic;
            leaf->loc = g->loc;
            leaves.push_back(leaf);
            globals.push_back(leaf);
        }
        rewriter.rewrite(g, false, [leaves](ir::Builder&, std::uint32_t k) -> ir::Value* { return leaves[k]; });
        for (ir::EntryPoint* ep : m.entry_points) {
            replace_in(ep->inputs, g, leaves);
            replace_in(ep->outputs, g, leaves);
        }
    }
    m.globals = std::move(globals);
    TransformResult r;
    r.changed = changed;
    r.refusal = rewriter.finish();
    r.refusal_at = rewriter.refusal_at();
    return r;
}

}  // namespace oneshader::raise
