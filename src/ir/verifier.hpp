#pragma once
// Checks a module against the rules written at the top of module.hpp and the opcode conventions:
// block shape, parent links, operand ownership and ordering, phi placement and predecessor lists,
// the types of every typed operation, structure markers and the structured-control-flow rules
// (verifier_structure.cpp), and dominance of uses in reachable blocks. Returns every problem as a
// message that names places the way the dump does (`@f bb2 %3 = add: ...`); never throws and
// never crashes, whatever the module holds.
#include <string>
#include <vector>

#include "ir/module.hpp"

namespace oneshader::ir {

std::vector<std::string> verify(const Module& m);

}  // namespace oneshader::ir
