// The whole corpus through the lowering: every entry point of every shader outside spec/errors/
// lowers without diagnostics, the verifier accepts the module, and its dump reads back to the
// same text (print(parse(print(m))) == print(m)).
#include "lower_fixture.hpp"

using namespace lower_test;

TEST_CASE("lower corpus: every entry point lowers, verifies and round-trips", "[corpus]") {
    std::vector<fs::path> files = corpus_files();
    CHECK(files.size() > 50);
    std::size_t entry_points = 0, verified = 0;
    for (const fs::path& f : files) {
        Lowered l = lower_file(f);
        INFO(f.generic_string());
        CHECK(l.errors() == "");
        if (!l.fe->ok()) continue;
        std::string problems;
        for (const std::string& p : l.problems) problems += p + "\n";
        CHECK(problems == "");
        CHECK(reprint(l.text) == l.text);
        entry_points += l.fe->module.entry_points.size();
        if (l.problems.empty()) verified += l.fe->module.entry_points.size();
    }
    // The corpus README counts 151 entry points outside spec/errors (more files may join).
    CHECK(entry_points >= 151);
    CHECK(verified == entry_points);
}
