#pragma once
// Make-style dependency files (`out1 out2: in1 in2`), so a build reruns oneshader when an
// included file changes.
#include <span>
#include <string>
#include <string_view>

namespace oneshader::cli {

// A path as Make reads it back: `$` as `$$`, `#` as `\#`, spaces as `\ `.
std::string escape_make_path(std::string_view path);

// One rule, newline-terminated; an input listed twice appears once.
std::string depfile_text(std::span<const std::string> outputs, std::span<const std::string> inputs);

}  // namespace oneshader::cli
