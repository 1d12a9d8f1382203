#include "support/read_file.hpp"

#include <cstdio>

namespace oneshader::support {

bool read_file(std::string_view path, std::string& text) {
    std::FILE* f = std::fopen(std::string(path).c_str(), "rb");
    if (!f) return false;
    char buf[16384];
    std::size_t n;
    text.clear();
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    // A folder opens but does not read: ferror tells it apart from an empty file.
    bool ok = !std::ferror(f);
    std::fclose(f);
    return ok;
}

}  // namespace oneshader::support
