#include "driver/diagnostics_export.hpp"

#include <fmt/format.h>

namespace oneshader::driver {

namespace {

SourcePosition position(const support::SourceManager& sm, support::SourceLoc loc) {
    SourcePosition p;
    if (!loc.valid()) return p;
    support::PresumedLoc pl = sm.presumed(loc);
    p.file = std::string(pl.file);
    p.line = pl.line;
    p.column = pl.column;
    return p;
}

Severity severity(support::DiagSeverity s) {
    switch (s) {
        case support::DiagSeverity::Note: return Severity::Note;
        case support::DiagSeverity::Warning: return Severity::Warning;
        case support::DiagSeverity::Error: return Severity::Error;
    }
    return Severity::Error;
}

// Where the text a diagnostic points at came from, for every stage's diagnostics alike: the macro
// whose expansion it is, then each #include that led to its file (innermost first). A note the
// reporting stage already gave is not repeated.
void add_origin_notes(const support::SourceManager& sm, const support::Diag& d, Diagnostic& pd) {
    const support::SourceLoc at = d.range.begin;
    if (d.severity == support::DiagSeverity::Note || !at.valid()) return;
    auto add = [&](support::SourceLoc where, std::string message) {
        SourcePosition p = position(sm, where);
        for (const DiagnosticNote& n : pd.notes)
            if (n.message == message && n.position.file == p.file && n.position.line == p.line &&
                n.position.column == p.column)
                return;
        pd.notes.push_back({std::move(p), std::move(message)});
    };
    if (const support::SourceManager::MacroUse* use = sm.macro_use(at))
        add(use->definition, fmt::format("expanded from macro '{}'", use->name));
    for (support::SourceLoc inc : sm.include_stack(at.file)) {
        support::PresumedLoc p = sm.presumed(inc);
        add(inc, fmt::format("in the file included from {}({})", p.file, p.line));
    }
}

}  // namespace

std::vector<Diagnostic> export_diagnostics(const support::DiagnosticEngine& engine) {
    std::vector<Diagnostic> out;
    out.reserve(engine.diagnostics().size());
    for (const support::Diag& d : engine.diagnostics()) {
        Diagnostic pd;
        pd.code = support::format_code(d.code);
        pd.severity = severity(d.severity);
        pd.position = position(engine.sources(), d.range.begin);
        pd.end = position(engine.sources(), d.range.end);
        pd.message = d.message;
        for (const support::DiagNote& n : d.notes) pd.notes.push_back({position(engine.sources(), n.range.begin), n.message});
        add_origin_notes(engine.sources(), d, pd);
        out.push_back(std::move(pd));
    }
    return out;
}

}  // namespace oneshader::driver

namespace oneshader {

namespace {
std::string_view severity_word(Severity s) {
    switch (s) {
        case Severity::Note: return "note";
        case Severity::Warning: return "warning";
        case Severity::Error: return "error";
    }
    return "error";
}
void append_position(std::string& out, const SourcePosition& p) {
    if (p.line == 0) {
        if (!p.file.empty()) fmt::format_to(std::back_inserter(out), "{}: ", p.file);
        return;
    }
    fmt::format_to(std::back_inserter(out), "{}({},{}): ", p.file, p.line, p.column);
}
}  // namespace

std::string Diagnostic::to_string() const {
    std::string out;
    append_position(out, position);
    fmt::format_to(std::back_inserter(out), "{} {}: {}", severity_word(severity), code, message);
    for (const DiagnosticNote& n : notes) {
        out += '\n';
        append_position(out, n.position);
        fmt::format_to(std::back_inserter(out), "note: {}", n.message);
    }
    return out;
}

}  // namespace oneshader
