#pragma once
// The WGSL raise list: the target-neutral transforms of src/raise/ the WGSL printer needs, run in
// place on the optimized module before any entry point is printed.
#include <span>
#include <string>
#include <string_view>

#include "ir/module.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::wgsl {

struct RaiseOptions {
    bool verify_each = false;  // verify after every transform; a problem is OSH7000
    std::string print_after;   // dump the module after the transform of this name
};

std::span<const std::string_view> raise_list();

bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed);

}  // namespace oneshader::wgsl
