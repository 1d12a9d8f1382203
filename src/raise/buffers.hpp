#pragma once
// The buffer-memory transforms (contracts in their files).
#include "raise/transform.hpp"

namespace oneshader::raise {

TransformResult bools_in_buffers(ir::Module& m);  // bools_in_buffers.cpp
TransformResult place_interlock(ir::Module& m);   // place_interlock.cpp

}  // namespace oneshader::raise
