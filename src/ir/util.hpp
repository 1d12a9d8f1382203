#pragma once
// What passes need instead of use lists (spec: "Decisions worth knowing"): a user map built per
// run, and replacements collected in a map and applied in one sweep.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "ir/module.hpp"

namespace oneshader::ir {

struct Use {
    Instruction* user;
    std::uint32_t operand;  // index into user->operands
};

// Users of each value, each list in the order the uses appear (block order, then instruction
// order, then operand order). Values without users have no entry. Lookup only: iterate over the
// function, not over the map, when order matters.
using UserMap = std::unordered_map<const Value*, std::vector<Use>>;

UserMap build_users(const Function& f);
UserMap build_users(const Module& m);

// Maps a value to the value that replaces it.
using Replacements = std::unordered_map<const Value*, Value*>;

// Rewrites every operand of `f` that the map names, following chains (a->b, b->c makes a->c; a
// cycle stops where it would repeat). Returns the number of operands changed.
std::size_t apply_replacements(Function& f, const Replacements& map);
std::size_t apply_replacements(Module& m, const Replacements& map);

}  // namespace oneshader::ir
