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
// How the driver uses it:
//
//     auto fe = lower::run_front_end(source, path, options, /*from_text=*/true);
//     if (fe->ok()) { optimize(fe->module); emit(fe->module, ...); }
//     // fe->ctx.diags holds every diagnostic of preprocessing, parsing, checking and lowering.
//
// or, with a CompileContext/TypeContext/LayoutEngine of its own, `lower_program` directly.
#include <memory>
#include <string_view>

#include "ir/module.hpp"
#include "oneshader/oneshader.hpp"
#include "sema/bound.hpp"
#include "sema/layout.hpp"
#include "sema/types.hpp"
#include "support/context.hpp"

namespace oneshader::lower {

struct Options {
    // Nesting bound for statements and expressions the lowering recurses through (the parser
    // bounds the source already; this keeps a hostile typed tree from overflowing the stack).
    std::uint32_t max_depth = 512;
};

// Lowers every entry point of `program` (and what they call) into `module`, which must be empty
// and use the same TypeContext as the program. Reports problems to `diags` (OSH04xx); returns
// false when it reported an error. `layouts` is the engine the program was checked with.
bool lower_program(const sema::Program& program, ir::Module& module, sema::LayoutEngine& layouts,
                   support::DiagnosticEngine& diags, const Options& options = {});

// Everything one run of the front end owns. Members are declared in the order they depend on one
// another, so they are destroyed in the right order.
struct FrontEnd {
    explicit FrontEnd(const CompileOptions& options);
    FrontEnd(const FrontEnd&) = delete;
    FrontEnd& operator=(const FrontEnd&) = delete;

    CompileOptions options;
    support::CompileContext ctx;
    sema::TypeContext types;
    sema::LayoutEngine layouts;
    ir::Module module;
    sema::Program* program = nullptr;  // null when preprocessing or parsing failed
    bool lowered = false;               // lower_program ran and reported no error

    bool ok() const { return lowered && !ctx.diags.has_errors(); }
};

// Preprocess → parse → check → lower. `text` is the main file's contents (read by the caller);
// `from_text` is true when it did not come from the file system (include lookups then need a
// resolver, as for compile()). Stops after the first stage that reports an error. Never throws
// on bad input.
std::unique_ptr<FrontEnd> run_front_end(std::string_view text, std::string_view path, const CompileOptions& options,
                                        bool from_text);

}  // namespace oneshader::lower
