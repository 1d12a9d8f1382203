#pragma once
// Combine's rules: a table of small named rules per opcode (folding_rules.cpp). A rule looks at one
// instruction whose operands are already combined and answers with
//   - null: it does not apply;
//   - another value (often a constant): the instruction's value is that value;
//   - the instruction itself: the rule rewrote it in place (for instance to skip a swizzle).
// Rules never create instructions. Constant-folding rules go through fold_numbers.hpp, so they
// keep the exactness rules; identity rules are exact algebraic facts and are skipped for precise
// instructions. Specialization constants are never constants to any rule.
#include <span>
#include <string_view>

#include "ir/module.hpp"

namespace oneshader::opt {

using FoldRuleFn = ir::Value* (*)(ir::Module& m, ir::Instruction* i);

enum class RuleKind : std::uint8_t {
    Fold,      // evaluates constants; allowed on precise instructions
    Identity,  // an algebraic or structural identity; never on precise instructions
};

struct FoldRule {
    ir::Opcode opcode;
    std::string_view name;
    RuleKind kind;
    FoldRuleFn apply;
};

std::span<const FoldRule> folding_rules();

// Applies the first rule of i's opcode that answers; `rule` gets its name.
ir::Value* apply_folding_rules(ir::Module& m, ir::Instruction* i, std::string_view* rule = nullptr);

}  // namespace oneshader::opt
