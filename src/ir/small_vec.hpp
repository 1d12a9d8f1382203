#pragma once
// The IR's short lists (operands, immediates, targets, graph edges) are support::SmallVec.
#include "support/small_vec.hpp"

namespace oneshader::ir {

using support::SmallVec;

}  // namespace oneshader::ir
