// Byte-address `Load<T>`/`Store<T>` of any T (byte_address.cpp): DXC's layout of T in the words.
#pragma once

#include "spirv/emitter.hpp"

namespace oneshader::spirv {

// The value of type `t` at byte `address` of the buffer `buffer` (a pointer to its Block struct).
Id emit_byte_address_load(Emitter& e, Id buffer, bool nonuniform, const ir::Value* address, const sema::Type* t);
// Writes `value`, of type `t`, at byte `address`.
void emit_byte_address_store(Emitter& e, Id buffer, bool nonuniform, const ir::Value* address, Id value,
                             const sema::Type* t);

}  // namespace oneshader::spirv
