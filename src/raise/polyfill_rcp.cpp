// polyfill_rcp
// Rewrites: `%r = intrinsic rcp(%x) : T` into `%r = div 1, %x : T`, the 1 a constant of T's shape.
// Requires: T a float scalar or vector; calls on other types (matrices) are left as they are, for
//   the backend to refuse.
// Preserves: %r (its name and users), the precise flag (a precise rcp is a precise division),
//   the value computed.
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"

namespace oneshader::raise {

TransformResult polyfill_rcp(ir::Module& module) {
    TransformResult result;
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Rcp)) {
        ir::Constant* one = float_splat(module, call->type(), 1.0);
        if (call->operands.size() != 1 || !one) continue;
        result.changed = true;
        rewrite_as(call, ir::Opcode::Div, {one, call->operands[0]});
    }
    return result;
}

}  // namespace oneshader::raise
