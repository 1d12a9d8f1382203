// polyfill_saturate
// Rewrites: `%r = intrinsic saturate(%x) : T` into `%r = intrinsic clamp(%x, 0, 1) : T`, the
//   bounds constants of T's shape (scalars, or composites of one scalar repeated).
// Requires: T a float scalar or vector; calls on other types (matrices) are left as they are, for
//   the backend to refuse.
// Preserves: %r (its name and users), the precise flag, the value computed.
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"

namespace oneshader::raise {

TransformResult polyfill_saturate(ir::Module& module) {
    TransformResult result;
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Saturate)) {
        ir::Constant* zero = float_splat(module, call->type(), 0.0);
        ir::Constant* one = float_splat(module, call->type(), 1.0);
        if (call->operands.size() != 1 || !zero || !one) continue;
        result.changed = true;
        call->intrinsic = intrinsics::Id::Clamp;
        call->operands.push_back(zero);
        call->operands.push_back(one);
    }
    return result;
}

}  // namespace oneshader::raise
