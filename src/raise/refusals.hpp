#pragma once
// Transforms that only refuse what a target cannot express (contracts in their files).
#include "raise/transform.hpp"

namespace oneshader::raise {

TransformResult refuse_per_vertex_inputs(ir::Module& m);  // refuse_per_vertex_inputs.cpp
bool refuse_per_vertex_inputs_idle(const ir::Module& m);   // no per-vertex input: nothing to refuse

}  // namespace oneshader::raise
