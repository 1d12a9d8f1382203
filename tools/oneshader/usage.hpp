#pragma once
// What `oneshader --help` and `oneshader --version` print.
#include <string>

namespace oneshader::cli {

std::string usage_text();
std::string version_text();

}  // namespace oneshader::cli
