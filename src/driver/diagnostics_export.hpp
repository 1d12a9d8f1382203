#pragma once
// Converts the engine's diagnostics (internal locations) to the public, self-contained form.
#include <vector>

#include "oneshader/oneshader.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::driver {

std::vector<Diagnostic> export_diagnostics(const support::DiagnosticEngine& engine);

}  // namespace oneshader::driver
