#pragma once
// IR function -> statement tree (stmt.hpp), for the text backends (spec pages "The WGSL backend"
// and "The MSL backend": control flow is rebuilt from the IR's structure markers). It relies on
// the markers and on ir::StructuredConstructs, never on a general CFG structurizer, so it
// requires IR the verifier accepts (its structured-control-flow rules).
//
// - A selection header is an `if` (cond_br) or a `switch`, followed by the statements of its
//   merge block. A cond_br without a marker has a jump on at least one side (verifier rule): an
//   `if` whose arms are that jump and the rest of the region.
// - A loop header is a `loop`: the header's own instructions, then the body up to the continue
//   block; the continue construct is `continuing`. When the continue block ends in
//   `cond_br c, header, merge` the continuing ends in `break if` (WGSL's shape), unless a value
//   of a header phi is read after the loop: assigning the next iteration's values first would
//   change it, so that continuing ends in an `if` with a `break` instead.
// - Branches are jumps by their target: the innermost loop's continue block is `continue`, the
//   innermost loop's or switch's merge `break` (a loop's merge from inside a switch is a Break
//   with loop_from_switch, and the switch is marked breaks_loop), the end of the region nothing;
//   in a switch case, another case's block is fall-through (SwitchCase::falls_into).
// - Phis: on each edge into a block with phis, Assign statements go at the end of the
//   predecessor's statements on that edge (inside the arm for a two-way branch), before the
//   jump; those of the edges out of a switch go before the switch, since a case that falls
//   through into a block assigns that block's phis on its own edge. A phi value that another
//   phi of the same block gets on the same edge is first copied to a Snapshot, so the
//   assignments act at once as phis do.
// - Values: an instruction is `inlined` when it has exactly one use, that use is a later
//   non-phi instruction or the terminator of the same block (so the same statement list), the
//   instruction has no side effects (no store, call, atomic), and no instruction with side
//   effects lies between the two (value_uses.hpp), and the expression it heads is at most 32
//   inlined values deep (a generated chain of thousands of operations is a `let` every 32,
//   where one expression would nest as deep as the chain); every other value is a `let`. A break-if
//   condition that phi assignments precede is always a `let`.
//
// Failure (IR the rules above do not cover) is a message, never a crash: the backend reports
// it as an internal error.
#include <string>

#include "support/arena.hpp"
#include "textgen/stmt.hpp"

namespace oneshader::textgen {

struct StructurizeResult {
    StructuredFunction* function = nullptr;  // null on failure
    std::string error;                       // why, naming the block as the IR dump does
};

// The statement tree of `f`, allocated in `arena`.
StructurizeResult structurize(const ir::Function& f, support::Arena& arena);

}  // namespace oneshader::textgen
