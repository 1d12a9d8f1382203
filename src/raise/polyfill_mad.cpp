// polyfill_mad
// Rewrites: `%r = intrinsic mad(%a, %b, %c) : T` into `%r = intrinsic fma(%a, %b, %c) : T` for
//   float T (HLSL lets mad fuse; every target has a fused multiply-add for every float width),
//   and into `%p = mul %a, %b` and `%r = add %p, %c` for integer T.
// Requires: a valid module (three operands of T).
// Preserves: %r (its name and users), the precise flag (on both new instructions), the value
//   computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

TransformResult polyfill_mad(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Mad)) {
        if (call->operands.size() != 3) continue;
        if (sema::is_float(call->type())) {
            result.changed = true;
            call->intrinsic = intrinsics::Id::Fma;
            continue;
        }
        b.set_insert_before(call);
        ir::Instruction* p = b.mul(call->operands[0], call->operands[1]);
        p->precise = call->precise;
        result.changed = true;
        rewrite_as(call, ir::Opcode::Add, {p, call->operands[2]});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
