// polyfill_dot2add
// Rewrites: `%r = intrinsic dot2add(%a, %b, %acc) : float` into
//   `%d = intrinsic dot(%a, %b) : half`, `%r = add (convert %d : float), %acc`: the product in
//   half precision, accumulated in float, as DXC's SPIR-V computes it.
// Requires: a valid module (two half2 operands and a float). For every target.
// Preserves: %r (its name and users), the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

TransformResult polyfill_dot2add(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Dot2Add)) {
        if (call->operands.size() != 3) continue;
        const sema::ScalarType* h = sema::component_type(call->operands[0]->type());
        if (!h) continue;
        b.set_insert_before(call);
        ir::Value* dot_args[] = {call->operands[0], call->operands[1]};
        ir::Value* d = b.intrinsic(intrinsics::Id::Dot, h, dot_args);
        ir::Value* wide = d->type() == call->type() ? d : b.convert(d, call->type());
        result.changed = true;
        rewrite_as(call, ir::Opcode::Add, {wide, call->operands[2]});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
