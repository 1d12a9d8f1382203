// The oneshader command line: argument handling and output writing over the library.
#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "command_line.hpp"
#include "run.hpp"
#include "usage.hpp"

int main(int argc, char** argv) {
    using namespace oneshader::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    auto parsed = parse_command_line(args);
    if (const CommandLineError* error = std::get_if<CommandLineError>(&parsed)) {
        std::fprintf(stderr, "%s\n", format_command_line_error(*error).c_str());
        return 2;
    }
    const Request& request = std::get<Request>(parsed);
    switch (request.mode) {
        case Mode::Help: std::fputs(usage_text().c_str(), stdout); return 0;
        case Mode::Version: std::fputs(version_text().c_str(), stdout); return 0;
        case Mode::Preprocess: return run_preprocess(request);
        case Mode::Compile: return run_compile(request);
        case Mode::DumpIr: return run_dump_ir(request);
        case Mode::SyntaxOnly: return run_syntax_only(request);
    }
    return 2;
}
