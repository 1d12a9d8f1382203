// polyfill_ldexp
// Rewrites: `%r = intrinsic ldexp(%x, %e) : T` into `%p = intrinsic exp2(%e) : T` and
//   `%r = mul %x, %p` (HLSL's exponent is a float of T, so exp2 scales exactly).
// Requires: a valid module (two operands of T).
// Preserves: %r (its name and users), the precise flag (on both new instructions), the value
//   computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"

namespace oneshader::raise {

TransformResult polyfill_ldexp(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Ldexp)) {
        if (call->operands.size() != 2) continue;
        b.set_insert_before(call);
        ir::Value* ops[] = {call->operands[1]};
        ir::Instruction* p = b.intrinsic(intrinsics::Id::Exp2, call->operands[0]->type(), ops);
        p->precise = call->precise;
        result.changed = true;
        rewrite_as(call, ir::Opcode::Mul, {call->operands[0], p});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
