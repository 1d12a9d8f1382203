#pragma once
// The tool's option model: what one run of `oneshader` is asked to do, checked and already mapped
// to the library's CompileOptions.
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "diagnostic_printer.hpp"
#include "oneshader/cpp_header.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::cli {

enum class Mode { Compile, Preprocess, DumpIr, SyntaxOnly, Help, Version };

struct Request {
    Mode mode = Mode::Compile;
    std::string input;
    CompileOptions options;
    std::optional<std::string> output;   // -Fo, or for -P the -Fi file when given; none: standard output
    std::optional<std::string> reflect;  // --reflect
    std::optional<std::string> depfile;  // --depfile
    std::optional<std::string> disassembly;  // -Fc: the SPIR-V as text
    std::optional<std::string> blob_header;  // -Fh: DXC's `const unsigned char name[]` header
    std::string blob_name;                   // -Vn, or DXC's default g_<entry point>
    std::optional<std::string> header;       // --header: the generated C++ header
    CppHeaderOptions header_options;         // --namespace, --class-name
    std::optional<std::string> axes;         // --axes: compile once per variant
    std::uint32_t max_variants = 64;         // --max-variants
    DiagnosticFormat diagnostic_format = DiagnosticFormat::Msvc;  // -fdiagnostics-format, --diagnostics-json
    std::optional<bool> color;  // -f[no-]color-diagnostics; none: on a terminal unless NO_COLOR is set
    std::optional<bool> caret;  // -f[no-]caret-diagnostics; none: on a terminal
};

// A refused command line: the message without the "oneshader: error: " prefix and the hint to
// run --help, which format_command_line_error adds.
struct CommandLineError {
    std::string message;
};

std::variant<Request, CommandLineError> parse_command_line(std::span<const std::string> argv);

// `oneshader: error: <message> Run 'oneshader --help' for the options.`
std::string format_command_line_error(const CommandLineError& error);

}  // namespace oneshader::cli
