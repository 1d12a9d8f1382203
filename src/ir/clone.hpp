#pragma once
// A deep copy of a module, for a compile that raises one optimized program for several targets:
// each backend rewrites its module in place, so every target but the last takes a copy instead of
// lowering and optimizing again.
#include "ir/module.hpp"

namespace oneshader::ir {

// Copies everything `from` holds into `into`, which must be empty and share `from`'s type context
// (types are hash-consed, so they are shared, not copied). The copy lists constants, spec
// constants, globals, functions, blocks, instructions and entry points in the same order as
// `from`, with the same names and attributes, so a backend's output from it is byte for byte what
// it gives from `from`. Names are shared: they live in the arena, which must outlive both.
void clone_module(const Module& from, Module& into);

// A copy of `i` that is in no block: every field of it (name, source location, precise,
// immediates, intrinsic), and the operands, targets and callee as `i` has them, for the caller to
// map to their copies. The one place that knows an instruction's fields, for every cloner.
Instruction* copy_instruction(Module& m, const Instruction& i);

}  // namespace oneshader::ir
