#include "raise/report.hpp"

namespace oneshader::raise {

void report_failure(const RunResult& r, support::DiagnosticEngine& diags, support::DiagCode refusal_code,
                    const std::string& refusal_message) {
    if (!r.refusal.empty()) {
        diags.report(refusal_code, support::SourceRange(r.refusal_at), refusal_message);
        return;
    }
    diags.report(support::DiagCode::internal_error, support::SourceRange({1, 0}),
                 "internal compiler error (the IR after raise transform '" + r.failed + "' does not verify): " +
                     r.problems);
}

}  // namespace oneshader::raise
