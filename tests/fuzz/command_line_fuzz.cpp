// The command-line parser on any argument list (the bytes split at NUL and newline): a request or a
// message, never a crash. Nothing is compiled or written.
#include <string>
#include <vector>

#include "command_line.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> argv;
    std::string current;
    for (char c : oneshader::fuzz::as_text(data, size)) {
        if (c == '\0' || c == '\n') {
            argv.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) argv.push_back(current);
    auto parsed = oneshader::cli::parse_command_line(argv);
    if (auto* error = std::get_if<oneshader::cli::CommandLineError>(&parsed))
        (void)oneshader::cli::format_command_line_error(*error);
    return 0;
}
