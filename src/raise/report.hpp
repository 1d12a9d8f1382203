#pragma once
// How a backend reports a raise list that did not finish (raise/transform.hpp): a transform's
// refusal as the backend's own "cannot express" diagnostic, with the backend's wording, and a
// module the verifier rejects after a transform as internal error OSH7000.
#include <string>

#include "raise/transform.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::raise {

// `refusal_message` is the whole message for r.refusal, reported at r.refusal_at (the line of
// use); r.ok must be false.
void report_failure(const RunResult& r, support::DiagnosticEngine& diags, support::DiagCode refusal_code,
                    const std::string& refusal_message);

}  // namespace oneshader::raise
