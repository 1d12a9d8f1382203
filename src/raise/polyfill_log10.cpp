// polyfill_log10
// Rewrites: `%r = intrinsic log10(%x) : T` into `%l = intrinsic log2(%x) : T` and a product
//   with log10(2) = 0.30103 (the constant DXC uses): `%r = mul %l, k` for a scalar (k a scalar
//   constant) or a one-component vector (k of T), `%r = matmul %l, k` for a wider vector (k the
//   scalar constant: a vector scaled by a scalar, which targets have an instruction for).
// Requires: T a float scalar or vector; calls on other types are left as they are, for the
//   backend to refuse.
// Preserves: %r (its name and users), the precise flag (on both new instructions), the value
//   computed up to the rounding of the constant, as in DXC.
#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

TransformResult polyfill_log10(ir::Module& module) {
    TransformResult result;
    constexpr double kLog10Of2 = 0.30103;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* call : calls_of(module, intrinsics::Id::Log10)) {
        const sema::Type* t = call->type();
        ir::Constant* splat = float_splat(module, t, kLog10Of2);
        if (call->operands.size() != 1 || !splat) continue;
        b.set_insert_before(call);
        ir::Value* ops[] = {call->operands[0]};
        ir::Instruction* l = b.intrinsic(intrinsics::Id::Log2, t, ops);
        l->precise = call->precise;
        result.changed = true;
        const auto* v = t->as<sema::VectorType>();
        if (v && v->count > 1)
            rewrite_as(call, ir::Opcode::MatMul, {l, module.float_constant(v->element, kLog10Of2)});
        else
            rewrite_as(call, ir::Opcode::Mul, {l, splat});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
