#pragma once
// Reads a whole file without iostreams; false when it cannot be opened or read.
#include <string>
#include <string_view>

namespace oneshader::support {

bool read_file(std::string_view path, std::string& text);

}  // namespace oneshader::support
