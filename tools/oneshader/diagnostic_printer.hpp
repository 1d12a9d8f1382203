#pragma once
// How the tool prints the compiler's diagnostics: the MSVC form IDEs and CMake parse
// (`file(l,c): error OSHnnnn: message`, the default) or clang's (`file:l:c: error: message
// [OSHnnnn]`, -fdiagnostics-format=clang), with the source line and a caret under the range and
// colour when standard error is a terminal, or all of them as one JSON array (--diagnostics-json).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace oneshader::cli {

enum class DiagnosticFormat { Msvc, Clang, Json };

struct DiagnosticStyle {
    DiagnosticFormat format = DiagnosticFormat::Msvc;
    bool color = false;
    bool caret = false;
};

// The text of line `line` (1-based) of `file`, without its line break; nullopt when unreadable.
using SourceLines = std::function<std::optional<std::string>(const std::string& file, std::uint32_t line)>;

std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics, const DiagnosticStyle& style,
                               const SourceLines& lines);

// Reads lines from disk, each file once.
SourceLines file_source_lines();

}  // namespace oneshader::cli
