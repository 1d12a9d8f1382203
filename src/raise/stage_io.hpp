#pragma once
// The stage-interface transforms (contracts in their files).
#include "raise/transform.hpp"

namespace oneshader::raise {

TransformResult split_stage_io(ir::Module& m);        // split_stage_io.cpp
TransformResult merge_builtin_arrays(ir::Module& m);  // merge_builtin_arrays.cpp
bool merge_builtin_arrays_idle(const ir::Module& m);  // no clip or cull distance or sample mask: nothing to merge
TransformResult flat_integer_varyings(ir::Module& m); // flat_integer_varyings.cpp

}  // namespace oneshader::raise
