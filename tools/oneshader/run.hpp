#pragma once
// Carrying out a checked request: call the library, print its diagnostics to standard error,
// write the outputs. Each returns the process exit code (0 success, 1 failure).
#include "command_line.hpp"

namespace oneshader::cli {

int run_preprocess(const Request& request);
int run_compile(const Request& request);
int run_dump_ir(const Request& request);
int run_syntax_only(const Request& request);

}  // namespace oneshader::cli
