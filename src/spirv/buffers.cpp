// Byte-address buffer loads and stores, and buffer lengths. A byte-address buffer is a Block
// struct around a runtime array of 32-bit words: a load of N words is N word loads at
// (offset >> 2) + k, bit-cast to the result's component type.
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {

using ir::Opcode;
using spv::Op;

bool Emitter::emit_buffer(const ir::Instruction* i) {
    Opcode o = i->opcode;
    if (o != Opcode::ByteAddressLoad && o != Opcode::ByteAddressStore && o != Opcode::BufferLength) return false;
    const PointerInfo* p = pointer(i->operands[0]);
    if (!p) return true;
    const auto* r = p->pointee->value_type()->as<sema::ResourceType>();
    if (!r || !is_buffer_resource(r) || r->resource == sema::ResourceKind::ConstantBuffer) {
        fail(support::DiagCode::spirv_malformed_input, "a buffer operation on something that is not a storage buffer");
        return true;
    }
    Id buffer = p->id;
    bool nonuniform = p->nonuniform;
    Id uint_type = type_int(32, false);
    if (o == Opcode::BufferLength) {
        Id n = op_result(Op::OpArrayLength, uint_type, {buffer, 0u});
        if (sema::is_byte_address_buffer(r->resource)) n = op_result(Op::OpIMul, uint_type, {n, constant_u32(4)});
        define(i, n);
        return true;
    }
    if (!sema::is_byte_address_buffer(r->resource)) {
        fail(support::DiagCode::spirv_malformed_input, "a byte-address operation on a structured buffer");
        return true;
    }
    const sema::Type* t = (o == Opcode::ByteAddressLoad ? i->type() : i->operands[2]->type())->value_type();
    if (sema::is_bool(t)) {
        fail(support::DiagCode::spirv_malformed_input,
             "a byte-address access of bools the raise list did not convert (run spirv::raise first)");
        return true;
    }
    if (!sema::is_basic(t) || is_matrix(t) || bits_of(t) != 32) {
        unsupported("byte-address loads and stores of anything but 32-bit scalars and vectors");
        return true;
    }
    std::uint32_t n = sema::component_count(t);
    Id word_pointer = type_pointer(storage_buffer_class(), uint_type);
    Id first = op_result(Op::OpShiftRightLogical, uint_type, {value(i->operands[1]), constant_u32(2)});
    auto word = [&](std::uint32_t k) {
        Id index = k == 0 ? first : op_result(Op::OpIAdd, uint_type, {first, constant_u32(k)});
        Id ptr = op_result(Op::OpAccessChain, word_pointer, {buffer, constant_u32(0), index});
        if (nonuniform) decorate(ptr, spv::Decoration::NonUniform);
        return ptr;
    };
    const sema::ScalarType* component = sema::component_type(t);
    Id component_type = type_scalar(component);
    if (o == Opcode::ByteAddressLoad) {
        Operands parts;
        for (std::uint32_t k = 0; k < n; ++k) {
            Id w = op_result(Op::OpLoad, uint_type, {word(k)});
            if (component_type != uint_type)
                w = op_result(Op::OpBitcast, component_type, {w});
            parts.push_back(w);
        }
        define(i, n == 1 ? parts[0] : op_result(Op::OpCompositeConstruct, value_type(t), parts));
        return true;
    }
    Id v = value(i->operands[2]);
    for (std::uint32_t k = 0; k < n; ++k) {
        Id c = n == 1 ? v : op_result(Op::OpCompositeExtract, component_type, {v, k});
        if (component_type != uint_type)
            c = op_result(Op::OpBitcast, uint_type, {c});
        op(Op::OpStore, {word(k), c});
    }
    return true;
}

}  // namespace oneshader::spirv
