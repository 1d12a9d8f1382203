#pragma once
// The diagnostics engine of one compile: codes from diag_codes.def, severities, ranges, the
// error cap (OSH0004 after 100 errors), dropping of identical consecutive errors, and -WX.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/source_manager.hpp"

namespace oneshader::support {

enum class DiagCode : std::uint16_t {
#define X(num, sev, name) name = num,
#define A(alias, name) alias = name,
#include "support/diag_codes.def"
#undef A
#undef X
};

enum class DiagSeverity : std::uint8_t { Note, Warning, Error };

DiagSeverity default_severity(DiagCode code);
std::string_view code_name(DiagCode code);  // "pp_unknown_directive"
std::string format_code(DiagCode code);     // "OSH0100"

struct DiagNote {
    SourceRange range;
    std::string message;
};

struct Diag {
    DiagCode code;
    DiagSeverity severity;
    SourceRange range;
    std::string message;
    std::vector<DiagNote> notes;
};

struct DiagOptions {
    bool warnings_as_errors = false;
    std::uint32_t max_errors = 100;
};

class DiagnosticEngine {
public:
    explicit DiagnosticEngine(const SourceManager& sources, DiagOptions options = {})
        : sources_(sources), options_(options) {}

    // Reports with the code's default severity (warnings become errors under -WX).
    void report(DiagCode code, SourceRange range, std::string message);
    // Attaches a note to the last reported diagnostic, unless that one was dropped.
    void note(SourceRange range, std::string message);

    bool has_errors() const { return error_count_ > 0; }
    std::uint32_t error_count() const { return error_count_; }
    // True once the error cap was reached: stages should stop producing work.
    bool limit_reached() const { return limit_reached_; }

    const std::vector<Diag>& diagnostics() const { return diags_; }
    const SourceManager& sources() const { return sources_; }

    // The printed form: `file(line,col): error OSH0120: message`, notes as `file(line,col): note: message`.
    std::string format(const Diag& d) const;

private:
    const SourceManager& sources_;
    DiagOptions options_;
    std::vector<Diag> diags_;
    std::uint32_t error_count_ = 0;
    bool limit_reached_ = false;
    bool last_dropped_ = false;
};

}  // namespace oneshader::support
