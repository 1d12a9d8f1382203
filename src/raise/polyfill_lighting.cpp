// polyfill_lit, polyfill_dst
// Rewrites: `%r = intrinsic lit(%nl, %nh, %m) : float4` into
//   float4(1, max(%nl, 0), (%nl < 0 || %nh < 0) ? 0 : pow(%nh, %m), 1), HLSL's definition;
//   `%r = intrinsic dst(%a, %b) : T4` into T4(1, %a.y * %b.y, %a.z, %b.w).
// Requires: a valid module (lit: three float scalars; dst: two 4-component vectors of T4).
//   For targets with no instruction for them (none has).
// Preserves: %r (its name and users), the value computed.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

TransformResult polyfill_lit(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Lit)) {
        if (call->operands.size() != 3) continue;
        ir::Value* nl = call->operands[0];
        ir::Value* nh = call->operands[1];
        const sema::ScalarType* f = sema::component_type(nl->type());
        if (!f) continue;
        b.set_insert_before(call);
        ir::Value* zero = module.float_constant(f, 0.0);
        ir::Value* one = module.float_constant(f, 1.0);
        ir::Value* max_args[] = {nl, zero};
        ir::Instruction* diffuse = b.intrinsic(intrinsics::Id::Max, nl->type(), max_args);
        ir::Value* pow_args[] = {nh, call->operands[2]};
        ir::Instruction* power = b.intrinsic(intrinsics::Id::Pow, nh->type(), pow_args);
        ir::Instruction* back = b.compare(ir::Opcode::Lt, nl, zero);  // (one per statement: source order)
        ir::Instruction* away = b.compare(ir::Opcode::Lt, nh, zero);
        ir::Instruction* dark = b.binary(ir::Opcode::LogicalOr, back, away);
        ir::Instruction* specular = b.select(dark, zero, power);
        result.changed = true;
        rewrite_as(call, ir::Opcode::CompositeConstruct, {one, diffuse, specular, one});
    }
    b.place_deferred();
    return result;
}

TransformResult polyfill_dst(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Dst)) {
        if (call->operands.size() != 2) continue;
        ir::Value* a = call->operands[0];
        ir::Value* d = call->operands[1];
        const sema::ScalarType* s = sema::component_type(call->type());
        if (!s || sema::component_count(a->type()) != 4 || sema::component_count(d->type()) != 4) continue;
        b.set_insert_before(call);
        ir::Value* one = sema::is_float(s) ? static_cast<ir::Value*>(module.float_constant(s, 1.0))
                                           : module.scalar_constant(s, 1);
        // One instruction per statement (a call's arguments run in an unspecified order).
        ir::Instruction* ay = b.extract(a, {1});
        ir::Instruction* dy = b.extract(d, {1});
        ir::Instruction* y = b.mul(ay, dy);
        result.changed = true;
        rewrite_as(call, ir::Opcode::CompositeConstruct, {one, y, b.extract(a, {2}), b.extract(d, {3})});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
