// Every .hlsl file of the corpus preprocesses without errors. Files under errors/ are written to
// fail later stages and are skipped; header comments give a file's defines and include folders.
#include <catch2/catch.hpp>

#include <filesystem>

#include "corpus_files.hpp"
#include "pp_test_util.hpp"

namespace fs = std::filesystem;

TEST_CASE("corpus: every shader preprocesses without errors", "[corpus]") {
    std::vector<fs::path> files = corpus::shader_files();
    CHECK(files.size() > 0);
    for (const fs::path& f : files) {
        auto r = oneshader::preprocess_file(f.generic_string(), corpus::options_for(f));
        std::string all;
        for (const auto& d : r.diagnostics) all += d.to_string() + "\n";
        INFO(f.generic_string());
        CHECK(all == "");
        CHECK(!r.text.empty());
        CHECK(r.files.at(0) == f.generic_string());
    }
}
