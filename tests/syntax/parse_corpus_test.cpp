// Every corpus shader (except the deliberate error cases) preprocesses and parses without errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "parse_helpers.hpp"

namespace fs = std::filesystem;

namespace {

// The corpus shaders, either the good ones or the deliberate error cases (corpus/spec/errors).
std::vector<fs::path> corpus_files(bool error_cases) {
    std::vector<fs::path> files;
    fs::path root = fs::path(ONESHADER_SOURCE_DIR) / "corpus";
    if (!fs::exists(root)) return files;
    fs::path errors = root / "spec" / "errors";
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || e.path().extension() != ".hlsl") continue;
        auto rel = e.path().lexically_relative(errors);
        bool in_errors = !rel.empty() && *rel.begin() != "..";
        if (in_errors == error_cases) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The header directives corpus files carry (see corpus/check-glslang.sh):
// `// defines: NAME=VALUE NAME2` and `// include-dirs: dir1 dir2` (relative to the file).
oneshader::CompileOptions options_for(const fs::path& path, const std::string& text) {
    oneshader::CompileOptions options;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        auto take = [&](std::string_view key, auto&& add) {
            std::string prefix = "// " + std::string(key) + ":";
            if (line.rfind(prefix, 0) != 0) return;
            std::istringstream words(line.substr(prefix.size()));
            std::string w;
            while (words >> w) add(w);
        };
        take("defines", [&](const std::string& w) {
            auto eq = w.find('=');
            if (eq == std::string::npos) options.defines.push_back({w, std::nullopt});
            else options.defines.push_back({w.substr(0, eq), w.substr(eq + 1)});
        });
        take("include-dirs", [&](const std::string& w) {
            options.include_directories.push_back((path.parent_path() / w).string());
        });
    }
    return options;
}

}  // namespace

TEST_CASE("every corpus shader parses without errors", "[parser][corpus]") {
    std::vector<fs::path> files = corpus_files(false);
    INFO("corpus folder: " << ONESHADER_SOURCE_DIR << "/corpus");
    REQUIRE(files.size() >= 40);
    std::size_t decls = 0;
    for (const fs::path& path : files) {
        std::string text = read_text(path);
        oneshader::test::Parsed p;
        oneshader::support::FileId f = p.ctx.sources.add(path.string(), text);
        oneshader::CompileOptions options = options_for(path, text);
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
    std::vector<fs::path> files = corpus_files(true);
    REQUIRE_FALSE(files.empty());
    for (const fs::path& path : files) {
        std::string text = read_text(path);
        // `// expect: OSH0300`: an error the parser must not anticipate or hide.
        auto at = text.find("// expect: OSH");
        if (at == std::string::npos || text.compare(at + 14, 2, "02") == 0) continue;
        oneshader::test::Parsed p;
        oneshader::support::FileId f = p.ctx.sources.add(path.string(), text);
        p.pp = oneshader::pp::run_preprocessor(p.ctx, f, options_for(path, text), false);
        p.tu = oneshader::syntax::parse(p.ctx, p.pp.tokens);
        INFO(path.string() << "\n" << p.messages());
        for (const auto& d : p.ctx.diags.diagnostics()) {
            unsigned code = static_cast<unsigned>(d.code);
            CHECK_FALSE((code >= 200 && code < 300));
        }
    }
}
