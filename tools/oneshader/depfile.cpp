#include "depfile.hpp"

#include <algorithm>
#include <vector>

namespace oneshader::cli {

std::string escape_make_path(std::string_view path) {
    std::string out;
    out.reserve(path.size());
    for (char c : path) {
        switch (c) {
            case '$': out += "$$"; break;
            case '#': out += "\\#"; break;
            case ' ': out += "\\ "; break;
            default: out += c; break;
        }
    }
    return out;
}

std::string depfile_text(std::span<const std::string> outputs, std::span<const std::string> inputs) {
    std::string out;
    for (const std::string& o : outputs) {
        if (!out.empty()) out += ' ';
        out += escape_make_path(o);
    }
    out += ':';
    std::vector<std::string_view> listed;
    for (const std::string& in : inputs) {
        if (std::find(listed.begin(), listed.end(), in) != listed.end()) continue;
        listed.push_back(in);
        out += ' ';
        out += escape_make_path(in);
    }
    out += '\n';
    return out;
}

}  // namespace oneshader::cli
