// The whole corpus through semantic analysis: every shader outside spec/errors/ checks without
// errors, and every spec/errors/ case gives the code of its `// expect:` line, at the position
// its header states where it states one.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include "check_fixture.hpp"

namespace fs = std::filesystem;
using namespace check_test;

namespace {

std::vector<std::string> words_after(const std::string& line, const std::string& key) {
    std::vector<std::string> out;
    auto at = line.find(key);
    if (at == std::string::npos) return out;
    std::istringstream in(line.substr(at + key.size()));
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

struct Header {
    CompileOptions options;
    std::string expect;      // OSHnnnn
    std::string position;    // "line,col" from "here (L,C)", or empty
};

Header header_of(const fs::path& file) {
    Header h;
    std::ifstream in(file);
    std::string line;
    for (int n = 0; n < 15 && std::getline(in, line); ++n) {
        for (const std::string& d : words_after(line, "// defines:")) {
            auto eq = d.find('=');
            if (eq == std::string::npos) h.options.defines.push_back({d, std::nullopt});
            else h.options.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
        }
        for (const std::string& d : words_after(line, "// include-dirs:"))
            h.options.include_directories.push_back((file.parent_path() / d).lexically_normal().generic_string());
        if (line.find("NEEDS -enable-16bit-types") != std::string::npos) h.options.enable_16bit_types = true;
        auto entry = words_after(line, "// entry:");
        if (entry.size() == 2) {
            Stage s = entry[1] == "vertex" ? Stage::Vertex : entry[1] == "compute" ? Stage::Compute : Stage::Pixel;
            h.options.entry_points.push_back({entry[0], s});
        }
        auto expect = words_after(line, "// expect:");
        if (!expect.empty()) h.expect = expect[0];
        std::smatch m;
        static const std::regex here(R"(here \((\d+),(\d+)\))");
        if (std::regex_search(line, m, here)) h.position = m[1].str() + ":" + m[2].str();
    }
    return h;
}

std::vector<fs::path> corpus_files(bool errors) {
    fs::path root = fs::path(ONESHADER_SOURCE_DIR) / "corpus";
    std::vector<fs::path> files;
    if (!fs::exists(root)) return files;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || e.path().extension() != ".hlsl") continue;
        bool is_error = e.path().generic_string().find("/errors/") != std::string::npos;
        if (is_error == errors) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

TEST_CASE("check corpus: every shader outside spec/errors checks without errors", "[corpus]") {
    std::vector<fs::path> files = corpus_files(false);
    CHECK(files.size() > 50);
    std::size_t entry_points = 0;
    for (const fs::path& f : files) {
        Header h = header_of(f);
        auto c = check_file(f, h.options);
        INFO(f.generic_string());
        CHECK(c->errors() == "");
        entry_points += c->program->entry_points.size();
    }
    // The corpus README counts 151 entry points outside spec/errors (more files may join).
    CHECK(entry_points >= 151);
}

TEST_CASE("check corpus: every spec/errors case reports its expected code", "[corpus]") {
    std::vector<fs::path> files = corpus_files(true);
    CHECK(files.size() >= 14);
    for (const fs::path& f : files) {
        Header h = header_of(f);
        if (h.expect.empty() || h.expect == "OSH0120") continue;  // OSH0120 is the preprocessor's
        auto c = check_file(f, h.options);
        INFO(f.generic_string() << "\n" << c->messages());
        bool found = false;
        for (const support::Diag& d : c->ctx.diags.diagnostics()) {
            if (support::format_code(d.code) != h.expect) continue;
            support::PresumedLoc p = c->ctx.sources.presumed(d.range.begin);
            if (h.position.empty() || h.position == fmt::format("{}:{}", p.line, p.column)) found = true;
        }
        CHECK(found);
    }
}
