#pragma once
// How a backend reports a raise list that did not finish (raise/transform.hpp): a transform's
// refusal as the backend's own "cannot express" diagnostic, with the backend's wording, and a
// module the verifier rejects after a transform as internal error OSH7000.
#include <span>
#include <string>
#include <string_view>

#include "raise/transform.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::raise {

// `refusal_message` is the whole message for r.refusal, reported at r.refusal_at (the line of
// use); r.ok must be false.
void report_failure(const RunResult& r, support::DiagnosticEngine& diags, support::DiagCode refusal_code,
                    const std::string& refusal_message);

// A backend's raise(): runs its `list` on `m`, appends the dumps options.print_after asked for to
// `printed`, and on failure reports it through report_failure() with `refusal_code` and the
// message `refusal_message(r.refusal)` gives. True when the module may be printed.
using RefusalMessage = std::string (*)(const std::string& refusal);
bool run_for_backend(ir::Module& m, std::span<const std::string_view> list, const RunOptions& options,
                     support::DiagnosticEngine& diags, std::string& printed, support::DiagCode refusal_code,
                     RefusalMessage refusal_message);

}  // namespace oneshader::raise
