#include "support/diagnostics.hpp"

#include <fmt/format.h>

namespace oneshader::support {

DiagSeverity default_severity(DiagCode code) {
    switch (code) {
#define X(num, sev, name) \
    case DiagCode::name:  \
        return DiagSeverity::sev;
#define A(alias, name)
#include "support/diag_codes.def"
#undef A
#undef X
    }
    return DiagSeverity::Error;
}

std::string_view code_name(DiagCode code) {
    switch (code) {
#define X(num, sev, name) \
    case DiagCode::name:  \
        return #name;
#define A(alias, name)
#include "support/diag_codes.def"
#undef A
#undef X
    }
    return "unknown";
}

std::string format_code(DiagCode code) { return fmt::format("OSH{:04}", static_cast<unsigned>(code)); }

void DiagnosticEngine::report(DiagCode code, SourceRange range, std::string message) {
    if (limit_reached_) {
        last_dropped_ = true;
        return;
    }
    DiagSeverity sev = default_severity(code);
    if (sev == DiagSeverity::Warning && options_.warnings_as_errors) sev = DiagSeverity::Error;
    if (sev == DiagSeverity::Error && !diags_.empty()) {
        // A cascade often repeats one error at one place; users need it once.
        const Diag& last = diags_.back();
        if (last.severity == DiagSeverity::Error && last.code == code && last.range.begin == range.begin &&
            last.message == message) {
            last_dropped_ = true;
            return;
        }
    }
    if (sev == DiagSeverity::Error && error_count_ == options_.max_errors) {
        limit_reached_ = true;
        last_dropped_ = true;
        diags_.push_back({DiagCode::too_many_errors, DiagSeverity::Error, range,
                          fmt::format("too many errors ({}); stopping. Fix the errors above and compile again",
                                      options_.max_errors),
                          {}});
        ++error_count_;
        return;
    }
    if (sev == DiagSeverity::Error) ++error_count_;
    diags_.push_back({code, sev, range, std::move(message), {}});
    last_dropped_ = false;
}

void DiagnosticEngine::note(SourceRange range, std::string message) {
    if (last_dropped_ || diags_.empty()) return;
    diags_.back().notes.push_back({range, std::move(message)});
}

static std::string_view severity_word(DiagSeverity s) {
    switch (s) {
        case DiagSeverity::Note: return "note";
        case DiagSeverity::Warning: return "warning";
        case DiagSeverity::Error: return "error";
    }
    return "error";
}

static void append_location(std::string& out, const SourceManager& sm, SourceLoc loc) {
    if (!loc.valid()) return;
    PresumedLoc p = sm.presumed(loc);
    fmt::format_to(std::back_inserter(out), "{}({},{}): ", p.file, p.line, p.column);
}

std::string DiagnosticEngine::format(const Diag& d) const {
    std::string out;
    append_location(out, sources_, d.range.begin);
    fmt::format_to(std::back_inserter(out), "{} {}: {}", severity_word(d.severity), format_code(d.code), d.message);
    for (const DiagNote& n : d.notes) {
        out += '\n';
        append_location(out, sources_, n.range.begin);
        fmt::format_to(std::back_inserter(out), "note: {}", n.message);
    }
    return out;
}

}  // namespace oneshader::support
