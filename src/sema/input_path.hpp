#pragma once
// What the first argument of GetAttributeAtVertex names: a parameter, the members down to one
// flattened stage input (numbered as StageVariable::member_path numbers them), and the
// expression node where that input is reached (components or elements may be selected above it).
// Sema checks the argument with it and the lowering finds the per-vertex variable with it, so the
// two agree on what "the input" of an expression is.
#include <cstdint>
#include <string>
#include <vector>

#include "sema/bound.hpp"

namespace oneshader::sema {

struct InputPath {
    const Variable* param = nullptr;      // null: the argument does not name a parameter's part
    std::vector<std::uint32_t> members;   // outermost first; StageVariable::kBaseMember for a base
    bool nointerpolation = false;         // on the parameter or on a member along the path
    // The node whose value is the whole input named by (param, members): the argument itself, or
    // the base of the swizzles and indices applied to it. Null when `param` is.
    const BExpr* input = nullptr;
    const BExpr* not_a_part = nullptr;    // the node that stopped the walk (when param is null)
    std::string spelling;                 // `s1.f1`: the parameter and the members, for diagnostics
};

// Walks `e` down through swizzles, indices, matrix elements, fields and base casts to a
// parameter. The innermost field or parameter reference is `input`, so `members` stops at the
// last field: swizzles and indices above it select within the input.
InputPath input_path(const BExpr* e);

}  // namespace oneshader::sema
