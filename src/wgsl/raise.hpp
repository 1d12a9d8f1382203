#pragma once
// The WGSL raise list: the target-neutral transforms of src/raise/ the WGSL printer needs, run in
// place on the optimized module before any entry point is printed.
#include <span>
#include <string>
#include <string_view>

#include "ir/module.hpp"
#include "raise/transform.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::wgsl {

// verify_each: a module that does not verify is OSH7000; print_after (`--print-after=<name>`):
// dumps go to `printed`.
using RaiseOptions = raise::RunOptions;

std::span<const std::string_view> raise_list();

bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed);

}  // namespace oneshader::wgsl
