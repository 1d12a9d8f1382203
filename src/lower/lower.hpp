#pragma once
// The lowering from the typed tree (sema/bound.hpp) to the IR (ir/module.hpp), following the
// spec's "Lowering conventions (front end)":
//
// - every entry point becomes `Name_body` (the HLSL function, parameters as written: `in` ones by
//   value, `out`/`inout` ones as pointers to function memory) and a wrapper `Name` that calls
//   `init_globals` (when some static needs code to initialize), loads the stage inputs into the
//   parameters, calls the body and stores the outputs. Only the wrapper is an EntryPoint.
// - resources are globals in their address spaces with set and binding; a cbuffer (and
//   $Globals) is a ConstantBuffer of the struct of its members; append/consume buffers get a
//   `counter.var.<name>` RWByteAddressBuffer; spec constants become IR spec constants.
// - locals are allocas in the entry block; control flow keeps its structure; dead code after a
//   jump is not lowered.
//
// Every construct the front end accepts lowers or is reported with a code of the 04xx range; the
// lowering never crashes and never drops code silently.
//
// The driver calls `lower_program` after the front end (src/driver/codegen.cpp);
// `driver::lower_source` (src/driver/lowered_source.hpp) runs every stage up to here in one call.
#include <memory>
#include <string_view>

#include "ir/module.hpp"
#include "oneshader/oneshader.hpp"
#include "sema/bound.hpp"
#include "support/context.hpp"
#include "types/layout.hpp"
#include "types/types.hpp"

namespace oneshader::lower {

struct Options {
    // Nesting bound for statements and expressions the lowering recurses through (the parser
    // bounds the source already; this keeps a hostile typed tree from overflowing the stack).
    std::uint32_t max_depth = 512;
    // Keep each stage variable's semantic and each resource's HLSL type on its global, for the
    // SPIR-V backend's -fspv-reflect decorations.
    bool hlsl_reflection = false;
};

// Lowers every entry point of `program` (and what they call) into `module`, which must be empty
// and use the same TypeContext as the program. Reports problems to `diags` (OSH04xx); returns
// false when it reported an error. `layouts` is the engine the program was checked with.
bool lower_program(const sema::Program& program, ir::Module& module, sema::LayoutEngine& layouts,
                   support::DiagnosticEngine& diags, const Options& options = {});

}  // namespace oneshader::lower
