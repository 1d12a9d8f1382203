#include "file_output.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace oneshader::cli {

namespace {

std::string failure(const std::string& path, int error) {
    return "cannot write '" + path + "': " + std::strerror(error) + ".";
}

}  // namespace

std::optional<std::string> write_file(const std::string& path, std::span<const std::uint8_t> bytes) {
    // As DXC does, the output's folder is made when it is missing.
    std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return failure(path, errno);
    bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    int error = errno;
    if (std::fclose(f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok) return std::nullopt;
    std::remove(path.c_str());
    return failure(path, error);
}

std::optional<std::string> write_file(const std::string& path, std::string_view text) {
    return write_file(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

bool stdout_is_terminal() { return isatty(fileno(stdout)) != 0; }

std::optional<std::string> write_stdout(std::span<const std::uint8_t> bytes) {
    bool ok = std::fwrite(bytes.data(), 1, bytes.size(), stdout) == bytes.size();
    ok = std::fflush(stdout) == 0 && ok;
    if (ok) return std::nullopt;
    return std::string("cannot write to standard output: ") + std::strerror(errno) + ".";
}

}  // namespace oneshader::cli
