#pragma once
// The MSL backend's raise list: the IR transforms (src/raise/) that bring a module into the form
// msl::emit() prints, run in place on the whole module before any entry point is printed.
#include <span>
#include <string>
#include <string_view>

#include "ir/module.hpp"
#include "raise/transform.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::msl {

// verify_each: a module that does not verify is OSH7000; print_after (`--print-after=<name>`):
// dumps go to `printed`.
using RaiseOptions = raise::RunOptions;

std::span<const std::string_view> raise_list();

// A construct the transforms refuse is OSH5101; false then (or after OSH7000), and the module must
// not be printed.
bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed);

}  // namespace oneshader::msl
