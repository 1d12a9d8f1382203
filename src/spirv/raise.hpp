#pragma once
// The SPIR-V backend's raise list: the IR transforms (src/raise/) that bring a module into the
// form emit() prints, run in place on the whole module (every entry point) before emission.
#include <span>
#include <string>
#include <string_view>

#include "ir/module.hpp"
#include "raise/transform.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::spirv {

// verify_each: a module that does not verify is OSH7000; print_after (`--print-after=<name>`):
// dumps go to `printed`.
using RaiseOptions = raise::RunOptions;

// The transforms, in the order raise() runs them.
std::span<const std::string_view> raise_list();

// Runs the raise list on `m`. A construct the transforms refuse is OSH5002 (as the emitter
// reports what it cannot express); false then, or after OSH7000, and the module must not be
// emitted. Dumps asked for by options.print_after are appended to `printed`.
bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed);

}  // namespace oneshader::spirv
