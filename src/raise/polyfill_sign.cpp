// polyfill_sign
// Rewrites: `%r = intrinsic sign(%x) : int@T` where T is not int@T: for a float or a signed
//   64-bit operand into `%s = intrinsic sign(%x) : T` and `%r = convert %s : int@T`; for an
//   unsigned operand of any width into `%n = ne %x, zero` and `%r = convert %n : int@T` (0 or 1).
//   Targets' sign functions answer in the operand's type; HLSL's answers in int. An unsigned value
//   is never negative, while Vulkan's SSign reads its bits as signed (-1 from 0x80000000 up) and
//   WGSL's sign() takes no unsigned type at all.
// Requires: nothing beyond a valid module; calls already answering in their operand's type are
//   left as they are.
// Preserves: %r (its name and users), the call's precise flag, the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

TransformResult polyfill_sign(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Sign)) {
        if (call->operands.size() != 1) continue;
        ir::Value* x = call->operands[0];
        if (x->type() == call->type()) continue;
        b.set_insert_before(call);
        const sema::ScalarType* scalar = sema::component_type(x->type());
        if (scalar && sema::is_integer_kind(scalar->scalar) && !sema::is_signed_kind(scalar->scalar)) {
            ir::Instruction* nonzero = b.compare(ir::Opcode::Ne, x, module.zero_constant(x->type()));
            result.changed = true;
            rewrite_as(call, ir::Opcode::Convert, {nonzero});
            continue;
        }
        ir::Value* ops[] = {x};
        ir::Instruction* s = b.intrinsic(intrinsics::Id::Sign, x->type(), ops);
        s->precise = call->precise;
        result.changed = true;
        rewrite_as(call, ir::Opcode::Convert, {s});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
