#pragma once
// What the polyfills share: finding the calls of one intrinsic, and float constants in the shape
// of a value.
#include <vector>

#include "intrinsics/id.hpp"
#include "ir/module.hpp"

namespace oneshader::raise {

// Every CallIntrinsic of `id` in the module, in function and block order. Collected before any
// is rewritten, so a rewrite may insert instructions before its call.
std::vector<ir::Instruction*> calls_of(const ir::Module& module, intrinsics::Id id);

// A constant of `like`'s shape (a float scalar, vector, or 1 x N or N x 1 matrix) with every
// component `value`; null for other types.
ir::Constant* float_splat(ir::Module& module, const sema::Type* like, double value);

// Turns `call` into a plain instruction of `op` on `operands`, keeping its result value, its
// type and its precise flag.
void rewrite_as(ir::Instruction* call, ir::Opcode op, std::initializer_list<ir::Value*> operands);

}  // namespace oneshader::raise
