// polyfill_d3dcolor
// Rewrites: `%r = intrinsic D3DCOLORtoUBYTE4(%c) : int4` into
//   `%r = convert (swizzle %c zyxw) * 255.002 : int4`: the colour's bytes in D3DCOLOR's order,
//   with DXC's scale (a little over 255, so that 1.0 truncates to 255 after rounding errors).
// Requires: a valid module (a float4 operand). For every target (none has the function).
// Preserves: %r (its name and users), the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"

namespace oneshader::raise {

TransformResult polyfill_d3dcolor(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::D3DColorToUByte4)) {
        if (call->operands.size() != 1) continue;
        ir::Value* c = call->operands[0];
        ir::Constant* scale = float_splat(module, c->type(), 255.002);
        if (!scale) continue;
        b.set_insert_before(call);
        const std::int64_t zyxw[] = {2, 1, 0, 3};
        ir::Value* scaled = b.mul(b.swizzle(c, zyxw), scale);
        result.changed = true;
        rewrite_as(call, ir::Opcode::Convert, {scaled});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
