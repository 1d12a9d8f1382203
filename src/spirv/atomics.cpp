// Atomics and barriers with the scopes and semantics DXC writes: atomics at Device scope with no
// memory semantics (HLSL's Interlocked* order nothing), barriers as DXC maps HLSL's six barrier
// intrinsics. A texel is reached through OpImageTexelPointer on the image variable itself.
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {

using ir::Opcode;
using spv::Op;

bool Emitter::emit_atomic(const ir::Instruction* i) {
    Opcode o = i->opcode;
    if (o == Opcode::Barrier) {
        auto flags = static_cast<std::uint32_t>(i->immediates.empty() ? 0 : i->immediates[0]);
        std::uint32_t semantics = 0;
        bool device = flags & ir::kBarrierDeviceMemory;
        if (flags & ir::kBarrierWorkgroupMemory) semantics |= static_cast<std::uint32_t>(spv::MemorySemanticsMask::WorkgroupMemory);
        if (device)
            semantics |= static_cast<std::uint32_t>(spv::MemorySemanticsMask::UniformMemory) |
                         static_cast<std::uint32_t>(spv::MemorySemanticsMask::ImageMemory);
        if (semantics) semantics |= static_cast<std::uint32_t>(spv::MemorySemanticsMask::AcquireRelease);
        Id memory_scope = constant_u32(static_cast<std::uint32_t>(device ? spv::Scope::Device : spv::Scope::Workgroup));
        if (flags & ir::kBarrierGroupSync) {
            if (stage() != ir::ShaderStage::Compute) {
                fail(support::DiagCode::spirv_wrong_stage, "SPIR-V: group-sync barriers are only allowed in compute shaders");
                return true;
            }
            op(Op::OpControlBarrier, {constant_u32(static_cast<std::uint32_t>(spv::Scope::Workgroup)), memory_scope,
                                      constant_u32(semantics)});
        } else if (semantics) {
            op(Op::OpMemoryBarrier, {memory_scope, constant_u32(semantics)});
        }
        return true;
    }
    if (o == Opcode::InterlockBegin || o == Opcode::InterlockEnd) {
        // The critical section place_interlock marks around rasterizer-ordered accesses; the
        // execution mode, capability and extension are the module's (emitter_module.cpp).
        if (stage() != ir::ShaderStage::Pixel) {
            fail(support::DiagCode::spirv_wrong_stage,
                 "SPIR-V: RasterizerOrdered objects are only allowed in 5.0+ pixel shaders");
            return true;
        }
        interlock_ = true;
        op(o == Opcode::InterlockBegin ? Op::OpBeginInvocationInterlockEXT : Op::OpEndInvocationInterlockEXT, {});
        return true;
    }
    if (o != Opcode::AtomicRmw && o != Opcode::AtomicCompareExchange) return false;

    const PointerInfo* p = pointer(i->operands[0]);
    if (!p) return true;
    const bool nonuniform = p->nonuniform;  // p may move as later values add map entries
    const sema::Type* t = i->type()->value_type();
    // SM 6.6's float InterlockedExchange is OpAtomicExchange on the float itself, as DXC emits it.
    bool float_exchange = o == Opcode::AtomicRmw && t->is<sema::ScalarType>() &&
                          t->as<sema::ScalarType>()->scalar == sema::ScalarKind::Float && !i->immediates.empty() &&
                          static_cast<ir::AtomicOp>(i->immediates[0]) == ir::AtomicOp::Exchange;
    if ((!sema::is_integer(t) && !float_exchange) || !t->is<sema::ScalarType>()) {
        unsupported("atomics on anything but 32-bit and 64-bit integers");
        return true;
    }
    if (bits_of(t) == 64) capability(spv::Capability::Int64Atomics);
    if (bits_of(t) == 16) {
        unsupported("16-bit atomics");
        return true;
    }
    Id type = value_type(t);
    Id target = p->id;
    std::size_t first_value = 1;
    if (const auto* r = p->pointee->value_type()->as<sema::ResourceType>()) {
        if (!sema::is_storage_texture(r->resource) && r->resource != sema::ResourceKind::RWBuffer) {
            fail(support::DiagCode::spirv_malformed_input, "an atomic on a resource that is not a storage texture");
            return true;
        }
        Id pointer_type = type_pointer(spv::StorageClass::Image, type);  // first: arguments run in any order
        target = op_result(Op::OpImageTexelPointer, pointer_type, {p->id, value(i->operands[1]), constant_u32(0)});
        if (p->nonuniform) decorate(target, spv::Decoration::NonUniform);
        first_value = 2;
    }
    Id scope = constant_u32(static_cast<std::uint32_t>(spv::Scope::Device));
    Id none = constant_u32(0);
    if (o == Opcode::AtomicCompareExchange) {
        Id comparand = value(i->operands[first_value]);
        Id v = value(i->operands[first_value + 1]);
        Id r = op_result(Op::OpAtomicCompareExchange, type, {target, scope, none, none, v, comparand});
        if (nonuniform) decorate(r, spv::Decoration::NonUniform);  // as DXC: through a non-uniform pointer
        define(i, r);
        return true;
    }
    bool is_signed = sema::is_signed(t);
    Op spv_op = Op::OpAtomicIAdd;
    switch (static_cast<ir::AtomicOp>(i->immediates.empty() ? 0 : i->immediates[0])) {
    case ir::AtomicOp::Add: spv_op = Op::OpAtomicIAdd; break;
    case ir::AtomicOp::Sub: spv_op = Op::OpAtomicISub; break;
    case ir::AtomicOp::And: spv_op = Op::OpAtomicAnd; break;
    case ir::AtomicOp::Or: spv_op = Op::OpAtomicOr; break;
    case ir::AtomicOp::Xor: spv_op = Op::OpAtomicXor; break;
    case ir::AtomicOp::Min: spv_op = is_signed ? Op::OpAtomicSMin : Op::OpAtomicUMin; break;
    case ir::AtomicOp::Max: spv_op = is_signed ? Op::OpAtomicSMax : Op::OpAtomicUMax; break;
    case ir::AtomicOp::Exchange: spv_op = Op::OpAtomicExchange; break;
    }
    // A signed min/max on a uint word (byte-address buffers): the atomic's type is the word's, the
    // operation compares signed, and the int value and result cross with bit-casts.
    const sema::Type* pointee = p->pointee->value_type();
    if (first_value == 1 && is_signed && pointee != t && sema::is_integer(pointee) && !sema::is_signed(pointee)) {
        Id word = value_type(pointee);
        Id v = op_result(Op::OpBitcast, word, {value(i->operands[first_value])});
        Id old = op_result(spv_op, word, {target, scope, none, v});
        if (nonuniform) decorate(old, spv::Decoration::NonUniform);
        define(i, op_result(Op::OpBitcast, type, {old}));
        return true;
    }
    Id r = op_result(spv_op, type, {target, scope, none, value(i->operands[first_value])});
    if (nonuniform) decorate(r, spv::Decoration::NonUniform);  // as DXC: through a non-uniform pointer
    define(i, r);
    return true;
}

}  // namespace oneshader::spirv
