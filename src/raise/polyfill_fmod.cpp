// polyfill_fmod
// Rewrites: `%r = intrinsic fmod(%x, %y) : T` into `%r = rem %x, %y : T`.
// Requires: a valid module (two float operands of T, T scalar or vector: split_matrix_calls runs
//   first). Only for targets whose float remainder keeps the sign of %x, as HLSL's fmod does
//   (SPIR-V's OpFRem).
// Preserves: %r (its name and users), the precise flag, the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"

namespace oneshader::raise {

TransformResult polyfill_fmod(ir::Module& module) {
    TransformResult result;
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Fmod)) {
        if (call->operands.size() != 2) continue;
        result.changed = true;
        rewrite_as(call, ir::Opcode::Rem, {call->operands[0], call->operands[1]});
    }
    return result;
}

}  // namespace oneshader::raise
