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

bool run_for_backend(ir::Module& m, std::span<const std::string_view> list, const RunOptions& options,
                     support::DiagnosticEngine& diags, std::string& printed, support::DiagCode refusal_code,
                     RefusalMessage refusal_message) {
    RunResult r = run_transforms(m, list, options);
    printed += r.printed;
    if (r.ok) return true;
    report_failure(r, diags, refusal_code, r.refusal.empty() ? std::string() : refusal_message(r.refusal));
    return false;
}

}  // namespace oneshader::raise
