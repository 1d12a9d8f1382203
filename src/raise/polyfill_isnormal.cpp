// polyfill_isnormal
// Rewrites: `%r = intrinsic isnormal(%x) : bool@T` into
//   `%r = and (ge (abs %x), min_normal), (not (isinf %x))`: neither zero, subnormal, infinite nor
//   NaN (a NaN fails the comparison). min_normal is the smallest normal value of T's width.
// Requires: a valid module (a float operand; matrices split first by split_matrix_calls where a
//   target needs it). For every target: none has an isnormal of HLSL's meaning.
// Preserves: %r (its name and users), the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

TransformResult polyfill_isnormal(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::IsNormal)) {
        if (call->operands.size() != 1) continue;
        ir::Value* x = call->operands[0];
        const sema::ScalarType* f = sema::component_type(x->type());
        if (!f) continue;
        // 2^-14, 2^-126 and 2^-1022: the smallest normal half, float and double.
        double min_normal = f->bits == 16 ? 6.103515625e-05 : f->bits == 64 ? 2.2250738585072014e-308 : 1.1754943508222875e-38;
        ir::Constant* limit = float_splat(module, x->type(), min_normal);
        if (!limit) continue;
        b.set_insert_before(call);
        ir::Value* abs_args[] = {x};
        ir::Value* magnitude = b.intrinsic(intrinsics::Id::Abs, x->type(), abs_args);
        ir::Value* inf_args[] = {x};
        ir::Value* inf = b.intrinsic(intrinsics::Id::IsInf, call->type(), inf_args);
        ir::Value* big_enough = b.compare(ir::Opcode::Ge, magnitude, limit);
        result.changed = true;
        rewrite_as(call, ir::Opcode::LogicalAnd, {big_enough, b.unary(ir::Opcode::LogicalNot, inf)});
    }
    return result;
}

}  // namespace oneshader::raise
