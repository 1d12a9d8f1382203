#pragma once
// The corpus as the tests read it: every .hlsl file outside spec/errors/ (and the error cases in
// it), and the compile options a file asks for in its header comments (corpus/README.md,
// "Conventions"): `// defines:`, `// include-dirs:`, `// entry: NAME STAGE` and
// `NEEDS -enable-16bit-types` (an error case may name the flag it lacks without NEEDS); for an
// error case, the `// expect:` code and its `here (L,C)` position.
// Every C++ test and tool that reads the corpus reads it through this header.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace corpus {

namespace fs = std::filesystem;

inline fs::path root() { return fs::path(ONESHADER_SOURCE_DIR) / "corpus"; }

// "folder/file.hlsl", as the corpus README names files.
inline std::string name_of(const fs::path& file) { return file.lexically_relative(root()).generic_string(); }

inline bool is_error_case(const fs::path& file) {
    return file.generic_string().find("/spec/errors/") != std::string::npos;
}

// The .hlsl files under the corpus that are error cases (or not), sorted, so tests report in a
// stable order.
inline std::vector<fs::path> hlsl_files(bool error_cases) {
    std::vector<fs::path> files;
    if (!fs::exists(root())) return files;
    for (const auto& e : fs::recursive_directory_iterator(root())) {
        if (!e.is_regular_file() || e.path().extension() != ".hlsl") continue;
        if (is_error_case(e.path()) == error_cases) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Every shader that is meant to compile.
inline std::vector<fs::path> shader_files() { return hlsl_files(false); }

// The deliberate error cases (corpus/spec/errors/).
inline std::vector<fs::path> error_files() { return hlsl_files(true); }

inline std::vector<std::string> words_after(const std::string& line, const std::string& key) {
    std::vector<std::string> out;
    auto at = line.find(key);
    if (at == std::string::npos) return out;
    std::istringstream in(line.substr(at + key.size()));
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

inline std::optional<oneshader::Stage> stage_named(const std::string& s) {
    if (s == "vertex") return oneshader::Stage::Vertex;
    if (s == "pixel") return oneshader::Stage::Pixel;
    if (s == "compute") return oneshader::Stage::Compute;
    return std::nullopt;
}

// The options the file's header comments ask for. A single `// entry:` also sets the profile, as
// `dxc -T xs_6_0 -E name` would be given for a file without [shader] attributes.
inline oneshader::CompileOptions options_for(const fs::path& file) {
    oneshader::CompileOptions o;
    std::ifstream in(file);
    std::string line;
    for (int n = 0; n < 15 && std::getline(in, line); ++n) {
        for (const std::string& d : words_after(line, "// defines:")) {
            auto eq = d.find('=');
            if (eq == std::string::npos) o.defines.push_back({d, std::nullopt});
            else o.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
        }
        for (const std::string& d : words_after(line, "// include-dirs:"))
            o.include_directories.push_back((file.parent_path() / d).lexically_normal().generic_string());
        std::vector<std::string> entry = words_after(line, "// entry:");
        if (entry.size() >= 2)
            if (auto s = stage_named(entry[1])) o.entry_points.push_back({entry[0], *s});
        if (line.find("NEEDS -enable-16bit-types") != std::string::npos) o.enable_16bit_types = true;
    }
    if (o.entry_points.size() == 1) {
        oneshader::Profile p;
        p.stage = o.entry_points[0].stage;
        o.profile = p;
    }
    return o;
}

// What an error case says it must give: `// expect: OSHnnnn`, and `here (L,C)` when its header
// states where.
struct Expectation {
    std::string code;      // "OSH0332"; empty when the file states none
    std::string position;  // "L:C", or empty
};

inline Expectation expectation_of(const fs::path& file) {
    Expectation x;
    static const std::regex here(R"(here \((\d+),(\d+)\))");
    std::ifstream in(file);
    std::string line;
    for (int n = 0; n < 15 && std::getline(in, line); ++n) {
        std::vector<std::string> expect = words_after(line, "// expect:");
        if (!expect.empty() && x.code.empty()) x.code = expect[0];
        std::smatch m;
        if (x.position.empty() && std::regex_search(line, m, here)) x.position = m[1].str() + ":" + m[2].str();
    }
    return x;
}

inline std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace corpus
