#pragma once
// Runs HLSL through the whole front end (driver::lower_source) and gives the lowered module, its
// dump, the verifier's messages and the diagnostics, for the lowering tests. Corpus files are read
// with the options their header comments ask for (`// defines:`, `// include-dirs:`,
// `// entry:`, -enable-16bit-types), as the other corpus tests read them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "ir/printer.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "driver/lowered_source.hpp"
#include "lower/lower.hpp"

namespace lower_test {

using namespace oneshader;
namespace fs = std::filesystem;

struct Lowered {
    std::unique_ptr<driver::LoweredSource> fe;
    std::string text;                  // the dump; empty when the front end failed
    std::vector<std::string> problems; // the verifier's messages

    std::string diagnostics() const {
        std::string out;
        for (const support::Diag& d : fe->ctx.diags.diagnostics()) out += fe->ctx.diags.format(d) + "\n";
        return out;
    }
    std::string errors() const {
        std::string out;
        for (const support::Diag& d : fe->ctx.diags.diagnostics())
            if (d.severity == support::DiagSeverity::Error) out += fe->ctx.diags.format(d) + "\n";
        return out;
    }
    std::vector<std::string> codes() const {
        std::vector<std::string> out;
        for (const support::Diag& d : fe->ctx.diags.diagnostics()) out.push_back(support::format_code(d.code));
        return out;
    }
};

inline Lowered finish(std::unique_ptr<driver::LoweredSource> fe) {
    Lowered l;
    l.fe = std::move(fe);
    if (l.fe->ok()) {
        l.text = ir::print_module(l.fe->module);
        l.problems = ir::verify(l.fe->module);
    }
    return l;
}

inline Lowered lower_text(std::string_view source, const CompileOptions& options = {}) {
    return finish(driver::lower_source(source, "t.hlsl", options, true));
}

inline std::vector<std::string> words_after(const std::string& line, const std::string& key) {
    std::vector<std::string> out;
    auto at = line.find(key);
    if (at == std::string::npos) return out;
    std::istringstream in(line.substr(at + key.size()));
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

inline CompileOptions options_for(const fs::path& file) {
    CompileOptions o;
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
        if (line.find("enable-16bit-types") != std::string::npos) o.enable_16bit_types = true;
        auto entry = words_after(line, "// entry:");
        if (entry.size() == 2) {
            Stage s = entry[1] == "vertex" ? Stage::Vertex : entry[1] == "compute" ? Stage::Compute : Stage::Pixel;
            o.entry_points.push_back({entry[0], s});
        }
    }
    return o;
}

inline Lowered lower_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return finish(driver::lower_source(ss.str(), path.generic_string(), options_for(path), false));
}

inline fs::path corpus_root() { return fs::path(ONESHADER_SOURCE_DIR) / "corpus"; }

// Every .hlsl file of the corpus outside spec/errors/, sorted.
inline std::vector<fs::path> corpus_files() {
    std::vector<fs::path> files;
    if (!fs::exists(corpus_root())) return files;
    for (const auto& e : fs::recursive_directory_iterator(corpus_root())) {
        if (!e.is_regular_file() || e.path().extension() != ".hlsl") continue;
        if (e.path().generic_string().find("/errors/") != std::string::npos) continue;
        files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// print(parse(text)), or the parse errors.
inline std::string reprint(const std::string& text) {
    support::Arena arena;
    support::Interner interner(arena);
    sema::TypeContext types(arena);
    ir::Module m(arena, types);
    std::vector<ir::ParseError> errors = ir::parse_module(text, m, interner);
    if (!errors.empty()) {
        std::string out = "parse errors:\n";
        for (const ir::ParseError& e : errors) out += ir::format_error(e) + "\n";
        return out;
    }
    return ir::print_module(m);
}

}  // namespace lower_test
