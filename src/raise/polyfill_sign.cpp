// polyfill_sign
// Rewrites: `%r = intrinsic sign(%x) : int@T` where T is not int@T (a float, an unsigned or a
//   64-bit integer operand) into `%s = intrinsic sign(%x) : T` and `%r = convert %s : int@T`.
//   Targets' sign functions answer in the operand's type; HLSL's answers in int.
// Requires: nothing beyond a valid module; calls already answering in their operand's type are
//   left as they are.
// Preserves: %r (its name and users), the call's precise flag, the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"

namespace oneshader::raise {

TransformResult polyfill_sign(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Sign)) {
        if (call->operands.size() != 1) continue;
        ir::Value* x = call->operands[0];
        if (x->type() == call->type()) continue;
        b.set_insert_before(call);
        ir::Value* ops[] = {x};
        ir::Instruction* s = b.intrinsic(intrinsics::Id::Sign, x->type(), ops);
        s->precise = call->precise;
        result.changed = true;
        rewrite_as(call, ir::Opcode::Convert, {s});
    }
    return result;
}

}  // namespace oneshader::raise
