#pragma once
// Writing outputs: to a file (its folder made when missing), or to standard output when no file
// is named.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace oneshader::cli {

// Each returns nullopt on success, else what went wrong (without the "oneshader: error: " prefix).
// A file that could not be written completely is removed, so a build never sees half an output.
std::optional<std::string> write_file(const std::string& path, std::span<const std::uint8_t> bytes);
std::optional<std::string> write_file(const std::string& path, std::string_view text);
std::optional<std::string> write_stdout(std::span<const std::uint8_t> bytes);
// Binary SPIR-V is not written to a terminal: it gets the disassembly, as DXC prints it.
bool stdout_is_terminal();

}  // namespace oneshader::cli
