#pragma once
// The statement tree a text backend prints one function from (structurize.hpp builds it): the
// IR's structured control flow as nested if/switch/loop statements, and each IR instruction as
// the statement that runs it. Plain structs in the caller's arena, linked in lists; nothing owns
// anything, and the IR the statements point at must outlive them.
//
// Values: an instruction with a result is a Value statement where the IR computes it. It is
// either bound to a named local there (`let`) or, when `inlined`, printed as an expression at
// its one use (see structurize.hpp for the rule). A phi is a variable: declared once for the
// function (StructuredFunction::phis), assigned by Assign statements at the end of each
// predecessor (on each edge), and read wherever the IR uses the phi.
#include <cstdint>
#include <span>
#include <vector>

#include "ir/module.hpp"

namespace oneshader::textgen {

struct Stmt;
struct SwitchCase;

struct StmtList {
    Stmt* first = nullptr;
    Stmt* last = nullptr;
    bool empty() const { return first == nullptr; }
};

enum class StmtKind : std::uint8_t {
    Value,        // inst computes a value: a `let`, or an expression at its use when `inlined`
    Effect,       // inst runs for its effect and defines nothing (store, barrier, void call)
    Variable,     // inst is an alloca: a local variable of inst's pointee type
    Assign,       // phi's variable = value (or = the Snapshot statement `source` when set)
    Snapshot,     // a local holding phi's value before this edge's assignments overwrite it
    If,           // if (cond) then_body else else_body
    Switch,       // switch (cond) cases
    Loop,         // loop { body } continuing { continuing }; `header` is the IR loop header
    BreakIf,      // the last statement of a continuing: leave the loop when cond (!cond if negate)
    Break,        // leave the innermost loop or switch; loop_from_switch: the loop around the switch
    Continue,     // go to the innermost loop's continuing
    Return,       // inst is the ret (its operand, when any, is the value)
    Kill,         // discard the invocation
    Unreachable,  // control never gets here
};

struct Stmt {
    StmtKind kind;
    Stmt* next = nullptr;
    const ir::Instruction* inst = nullptr;  // Value, Effect, Variable, Return, Kill, Unreachable
    bool inlined = false;                   // Value
    // If, Switch, BreakIf: the condition or selector.
    const ir::Value* cond = nullptr;
    bool negate = false;            // BreakIf
    bool loop_from_switch = false;  // Break
    // Assign, Snapshot: the phi; Assign: the value it gets, unless `source` holds it.
    const ir::Instruction* phi = nullptr;
    const ir::Value* value = nullptr;
    const Stmt* source = nullptr;
    const ir::Block* header = nullptr;  // If, Switch, Loop: the block that ends in the branch
    StmtList then_body, else_body;      // If
    StmtList body, continuing;          // Loop
    SwitchCase* cases = nullptr;        // Switch, in the order of their target blocks
    // Switch: some Break with loop_from_switch leaves the loop around it from inside (WGSL and
    // C++ need a flag set there and tested after the switch).
    bool breaks_loop = false;
};

struct SwitchCase {
    SwitchCase* next = nullptr;
    // The selector values that start here (the IR's case immediates), and whether the default
    // does too; a case with several values is one clause.
    std::span<const std::int64_t> values;
    bool is_default = false;
    const ir::Block* target = nullptr;
    StmtList body;
    // Set when the body ends without a jump and runs on into that case's body (the next one in
    // this list): C++ falls through; WGSL, which cannot, prints that body again here.
    const SwitchCase* falls_into = nullptr;
};

struct StructuredFunction {
    const ir::Function* function = nullptr;
    StmtList body;
    // Every phi of the function, in block order: each is a variable of its type.
    std::vector<const ir::Instruction*> phis;
};

}  // namespace oneshader::textgen
