// The whole corpus through semantic analysis: every shader outside spec/errors/ checks without
// errors, and every spec/errors/ case gives the code of its `// expect:` line, at the position
// its header states where it states one.
#include <filesystem>

#include "check_fixture.hpp"
#include "corpus_files.hpp"

namespace fs = std::filesystem;
using namespace check_test;

TEST_CASE("check corpus: every shader outside spec/errors checks without errors", "[corpus]") {
    std::vector<fs::path> files = corpus::shader_files();
    CHECK(files.size() > 50);
    std::size_t entry_points = 0;
    for (const fs::path& f : files) {
        auto c = check_file(f, corpus::options_for(f));
        INFO(f.generic_string());
        CHECK(c->errors() == "");
        entry_points += c->program->entry_points.size();
    }
    // The corpus README counts 151 entry points outside spec/errors (more files may join).
    CHECK(entry_points >= 151);
}

TEST_CASE("check corpus: every spec/errors case reports its expected code", "[corpus]") {
    std::vector<fs::path> files = corpus::error_files();
    CHECK(files.size() >= 14);
    for (const fs::path& f : files) {
        corpus::Expectation h = corpus::expectation_of(f);
        if (h.code.empty() || h.code == "OSH0120") continue;  // OSH0120 is the preprocessor's
        auto c = check_file(f, corpus::options_for(f));
        INFO(f.generic_string() << "\n" << c->messages());
        bool found = false;
        for (const support::Diag& d : c->ctx.diags.diagnostics()) {
            if (support::format_code(d.code) != h.code) continue;
            support::PresumedLoc p = c->ctx.sources.presumed(d.range.begin);
            if (h.position.empty() || h.position == fmt::format("{}:{}", p.line, p.column)) found = true;
        }
        CHECK(found);
    }
}
