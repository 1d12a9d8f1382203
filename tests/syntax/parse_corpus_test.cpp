// Every corpus shader (except the deliberate error cases) preprocesses and parses without errors.
#include <catch2/catch.hpp>

#include <filesystem>

#include "corpus_files.hpp"
#include "parse_helpers.hpp"

namespace fs = std::filesystem;

TEST_CASE("every corpus shader parses without errors", "[parser][corpus]") {
    std::vector<fs::path> files = corpus::shader_files();
    INFO("corpus folder: " << ONESHADER_SOURCE_DIR << "/corpus");
    REQUIRE(files.size() >= 40);
    std::size_t decls = 0;
    for (const fs::path& path : files) {
        std::string text = corpus::read_text(path);
        oneshader::test::Parsed p;
        oneshader::support::FileId f = p.ctx.sources.add(path.string(), text);
        oneshader::CompileOptions options = corpus::options_for(path);
        p.pp = oneshader::pp::run_preprocessor(p.ctx, f, options, false);
        oneshader::syntax::ParseOptions po;
        po.pack_matrix = p.pp.pack_matrix;
        p.tu = oneshader::syntax::parse(p.ctx, p.pp.tokens, po);
        INFO(path.string() << "\n" << p.messages());
        CHECK_FALSE(p.ctx.diags.has_errors());
        decls += p.tu->decls.size();
    }
    CHECK(decls > files.size());
}

TEST_CASE("corpus error cases that expect a later stage's error have no parse error", "[parser][corpus]") {
    std::vector<fs::path> files = corpus::error_files();
    REQUIRE_FALSE(files.empty());
    for (const fs::path& path : files) {
        std::string text = corpus::read_text(path);
        // `// expect: OSH0300`: an error the parser must not anticipate or hide.
        std::string expect = corpus::expectation_of(path).code;
        if (expect.empty() || expect.compare(3, 2, "02") == 0) continue;
        oneshader::test::Parsed p;
        oneshader::support::FileId f = p.ctx.sources.add(path.string(), text);
        p.pp = oneshader::pp::run_preprocessor(p.ctx, f, corpus::options_for(path), false);
        p.tu = oneshader::syntax::parse(p.ctx, p.pp.tokens);
        INFO(path.string() << "\n" << p.messages());
        for (const auto& d : p.ctx.diags.diagnostics()) {
            unsigned code = static_cast<unsigned>(d.code);
            CHECK_FALSE((code >= 200 && code < 300));
        }
    }
}
