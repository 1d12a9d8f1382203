// polyfill_isfinite
// Rewrites: `%r = intrinsic isfinite(%x) : B` into `%n = intrinsic isnan(%x) : B`,
//   `%i = intrinsic isinf(%x) : B`, `%o = or %n, %i` and `%r = not %o`.
// Requires: a valid module (one float operand; B is bool in its shape). Only for targets that
//   have isnan and isinf but no isfinite.
// Preserves: %r (its name and users), the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"

namespace oneshader::raise {

TransformResult polyfill_isfinite(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::IsFinite)) {
        if (call->operands.size() != 1) continue;
        b.set_insert_before(call);
        ir::Value* ops[] = {call->operands[0]};
        ir::Instruction* nan = b.intrinsic(intrinsics::Id::IsNan, call->type(), ops);
        ir::Instruction* inf = b.intrinsic(intrinsics::Id::IsInf, call->type(), ops);
        ir::Instruction* either = b.binary(ir::Opcode::LogicalOr, nan, inf);
        result.changed = true;
        rewrite_as(call, ir::Opcode::LogicalNot, {either});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
