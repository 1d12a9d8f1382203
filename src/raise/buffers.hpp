#pragma once
// The buffer-memory transforms (contracts in their files).
#include "raise/transform.hpp"

namespace oneshader::raise {

TransformResult bools_in_buffers(ir::Module& m);  // bools_in_buffers.cpp
TransformResult place_interlock(ir::Module& m);   // place_interlock.cpp
bool place_interlock_idle(const ir::Module& m);   // no rasterizer-ordered view: no section to place

}  // namespace oneshader::raise
