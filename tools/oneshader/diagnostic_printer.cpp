#include "diagnostic_printer.hpp"

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace oneshader::cli {

namespace {

constexpr const char* kBold = "\033[1m";
constexpr const char* kReset = "\033[0m";

std::string_view severity_word(Severity s) {
    switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: break;
    }
    return "error";
}

const char* severity_color(Severity s) {
    switch (s) {
    case Severity::Note: return "\033[1;36m";
    case Severity::Warning: return "\033[1;35m";
    case Severity::Error: break;
    }
    return "\033[1;31m";
}

std::string location(const SourcePosition& p, DiagnosticFormat format) {
    if (p.file.empty()) return {};
    if (p.line == 0) return p.file + ": ";
    if (format == DiagnosticFormat::Clang) return fmt::format("{}:{}:{}: ", p.file, p.line, p.column);
    return fmt::format("{}({},{}): ", p.file, p.line, p.column);
}

// One line: location, severity (with the code in the MSVC form), message.
std::string headline(const SourcePosition& p, Severity sev, std::string_view code, std::string_view message,
                     const DiagnosticStyle& style) {
    std::string out;
    std::string where = location(p, style.format);
    if (style.color && !where.empty()) out += std::string(kBold) + where + kReset;
    else out += where;
    std::string word(severity_word(sev));
    if (style.format == DiagnosticFormat::Msvc && !code.empty()) word += " " + std::string(code);
    if (style.color) out += std::string(severity_color(sev)) + word + ":" + kReset + " ";
    else out += word + ": ";
    out += message;
    if (style.format == DiagnosticFormat::Clang && !code.empty()) out += " [" + std::string(code) + "]";
    return out;
}

// The source line and a caret under the range (to the end of the line when it goes on).
std::string caret_lines(const SourcePosition& p, const SourcePosition& end, const DiagnosticStyle& style,
                        const SourceLines& lines) {
    if (!style.caret || p.line == 0 || p.column == 0 || !lines) return {};
    std::optional<std::string> text = lines(p.file, p.line);
    if (!text) return {};
    std::string marks;
    for (std::uint32_t c = 1; c < p.column && c - 1 < text->size(); ++c) marks += (*text)[c - 1] == '\t' ? '\t' : ' ';
    marks += '^';
    std::uint32_t last = end.line == p.line && end.column > p.column ? end.column : p.column;
    for (std::uint32_t c = p.column + 1; c < last && c <= text->size(); ++c) marks += '~';
    if (style.color) marks = "\033[1;32m" + marks + kReset;
    return "\n" + *text + "\n" + marks;
}

void json_string(std::string& out, std::string_view s) {
    out += '"';
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
            else out += c;
        }
    }
    out += '"';
}

void json_position(std::string& out, const SourcePosition& p) {
    out += "\"file\": ";
    json_string(out, p.file);
    fmt::format_to(std::back_inserter(out), ", \"line\": {}, \"column\": {}", p.line, p.column);
}

std::string json(const std::vector<Diagnostic>& diagnostics) {
    std::string out = "[";
    for (std::size_t i = 0; i < diagnostics.size(); ++i) {
        const Diagnostic& d = diagnostics[i];
        out += i ? ",\n  {" : "\n  {";
        out += "\"code\": ";
        json_string(out, d.code);
        out += ", \"severity\": ";
        json_string(out, severity_word(d.severity));
        out += ", ";
        json_position(out, d.position);
        fmt::format_to(std::back_inserter(out), ", \"end_line\": {}, \"end_column\": {}, \"message\": ", d.end.line,
                       d.end.column);
        json_string(out, d.message);
        out += ", \"notes\": [";
        for (std::size_t k = 0; k < d.notes.size(); ++k) {
            out += k ? ", {" : "{";
            json_position(out, d.notes[k].position);
            out += ", \"message\": ";
            json_string(out, d.notes[k].message);
            out += "}";
        }
        out += "]}";
    }
    return out + (diagnostics.empty() ? "]\n" : "\n]\n");
}

}  // namespace

std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics, const DiagnosticStyle& style,
                               const SourceLines& lines) {
    if (style.format == DiagnosticFormat::Json) return json(diagnostics);
    std::string out;
    for (const Diagnostic& d : diagnostics) {
        out += headline(d.position, d.severity, d.code, d.message, style);
        out += caret_lines(d.position, d.end, style, lines);
        out += '\n';
        for (const DiagnosticNote& n : d.notes) {
            out += headline(n.position, Severity::Note, "", n.message, style);
            out += caret_lines(n.position, n.position, style, lines);
            out += '\n';
        }
    }
    return out;
}

SourceLines file_source_lines() {
    auto cache = std::make_shared<std::map<std::string, std::vector<std::string>>>();
    return [cache](const std::string& file, std::uint32_t line) -> std::optional<std::string> {
        auto it = cache->find(file);
        if (it == cache->end()) {
            std::vector<std::string> read;
            std::ifstream in(file, std::ios::binary);
            for (std::string l; std::getline(in, l);) {
                if (!l.empty() && l.back() == '\r') l.pop_back();
                read.push_back(std::move(l));
            }
            it = cache->emplace(file, std::move(read)).first;
        }
        if (line == 0 || line > it->second.size()) return std::nullopt;
        return it->second[line - 1];
    };
}

}  // namespace oneshader::cli
