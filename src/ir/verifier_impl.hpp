#pragma once
// State of one verification run, shared by verifier.cpp (module, blocks, operands, dominance)
// and verifier_types.cpp (the type rules of each opcode). Private to src/ir.
#include <string>
#include <unordered_set>
#include <vector>

#include "ir/dominators.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace oneshader::ir::verify_detail {

struct FunctionCheck {
    const Module& m;
    const Function& f;
    const Numbering& n;
    std::vector<std::string>& out;

    // "@f bb2 %3 = add: " — where a problem is, as the dump shows it.
    // `in` is the block the instruction is listed in, when its own link may be wrong.
    std::string where(const Instruction* i, const Block* in = nullptr) const;
    void fail(const Instruction* i, const std::string& message, const Block* in = nullptr) const {
        out.push_back(where(i, in) + message);
    }
    std::string type(const sema::Type* t) const;

    // Type rules of one instruction whose operand count is already checked and whose operands
    // are all non-null.
    void check_types(const Instruction* i) const;
};

// The structured-control-flow rules (verifier_structure.cpp), on a function whose blocks and
// markers have the right shape.
void check_structure(const FunctionCheck& fc, const Cfg& cfg, const DominatorTree& dom);

}  // namespace oneshader::ir::verify_detail
