// The MSL raise list. Every transform is target-neutral (its contract is in its own file under
// src/raise/); what is Metal's own stays in the printer.
#include "msl/raise.hpp"

#include "raise/report.hpp"

namespace oneshader::msl {

std::span<const std::string_view> raise_list() { return kRaiseList; }

bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed) {
    return raise::run_for_backend(m, kRaiseList, options, diags, printed, support::DiagCode::msl_not_supported,
                                  [](const std::string& refusal) { return "MSL does not support " + refusal + ". Compile this shader for SPIR-V only."; });
}

}  // namespace oneshader::msl
