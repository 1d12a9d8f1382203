// The WGSL raise list. Every transform here is target-neutral (its contract is in its own file
// under src/raise/); what is WGSL's own (raw-word buffers, stage I/O through private variables,
// the entry wrapper) stays in the printer, which rewrites nothing.
#include "wgsl/raise.hpp"

#include "raise/report.hpp"

namespace oneshader::wgsl {

std::span<const std::string_view> raise_list() { return kRaiseList; }

bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed) {
    return raise::run_for_backend(m, kRaiseList, options, diags, printed, support::DiagCode::wgsl_not_expressible,
                                  [](const std::string& refusal) { return "WGSL: " + refusal + " is not supported; compile this shader for SPIR-V instead"; });
}

}  // namespace oneshader::wgsl
