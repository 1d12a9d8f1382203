// Every .hlsl file of the corpus preprocesses without errors. Files under errors/ are written to
// fail later stages and are skipped; header comments give a file's defines and include folders.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "pp_test_util.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> words_after(const std::string& line, const std::string& key) {
    std::vector<std::string> out;
    auto at = line.find(key);
    if (at == std::string::npos) return out;
    std::istringstream in(line.substr(at + key.size()));
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

oneshader::CompileOptions options_for(const fs::path& file) {
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
        if (line.find("enable-16bit-types") != std::string::npos) o.enable_16bit_types = true;
    }
    return o;
}

}  // namespace

TEST_CASE("corpus: every shader preprocesses without errors", "[corpus]") {
    fs::path root = fs::path(ONESHADER_SOURCE_DIR) / "corpus";
    if (!fs::exists(root)) return;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || e.path().extension() != ".hlsl") continue;
        if (e.path().generic_string().find("/errors/") != std::string::npos) continue;
        files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    CHECK(files.size() > 0);
    for (const fs::path& f : files) {
        auto r = oneshader::preprocess_file(f.generic_string(), options_for(f));
        std::string all;
        for (const auto& d : r.diagnostics) all += d.to_string() + "\n";
        INFO(f.generic_string());
        CHECK(all == "");
        CHECK(!r.text.empty());
        CHECK(r.files.at(0) == f.generic_string());
    }
}
