#pragma once
// The SPIR-V backend's raise step: the IR transforms that put a module into the form the emitter
// prints, run once on the optimized module before any of its entry points is emitted (the
// module is then the backend's: every entry point is emitted from the same raised module).
#include "ir/module.hpp"

namespace oneshader::spirv {

// Runs the SPIR-V raise list (raise.cpp) on `module`, in order. Afterwards the module still
// verifies, and no call the SPIR-V intrinsic table marks as raised is left in it.
void raise(ir::Module& module);

}  // namespace oneshader::spirv
