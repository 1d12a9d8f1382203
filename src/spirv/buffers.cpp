// Byte-address buffer loads and stores, and buffer lengths. A byte-address buffer is a Block
// struct around a runtime array of 32-bit words; byte_address.cpp assembles any T from them.
#include "spirv/byte_address.hpp"
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
    if (!r || !is_buffer_resource(r) || sema::is_block_buffer(r->resource)) {
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
    if (o == Opcode::ByteAddressLoad) {
        define(i, emit_byte_address_load(*this, buffer, nonuniform, i->operands[1], t));
        if (nonuniform) mark_nonuniform(i);
    } else {
        emit_byte_address_store(*this, buffer, nonuniform, i->operands[1], value(i->operands[2]), t);
    }
    return true;
}

}  // namespace oneshader::spirv
