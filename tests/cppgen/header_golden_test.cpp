// The generated header of each case (header_cases.hpp) against tests/cppgen/goldens/<file>.hpp.
// The SPIR-V words and the MSL and WGSL text are left out of the goldens (they have goldens of
// their own in tests/snapshots/), so a change to a backend does not touch these files; everything
// else is compared byte for byte. After reviewing a difference, refresh with
// ONESHADER_UPDATE_GOLDENS=1.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "header_cases.hpp"

namespace {

namespace fs = std::filesystem;

// The header with the bodies of `spirv = {{ ... }}`, `msl[] = ...;` and `wgsl[] = ...;` replaced by
// a count, so the golden shows the shape and the counts.
std::string without_code(const std::string& text) {
    std::istringstream in(text);
    std::string out, line;
    while (std::getline(in, line)) {
        if (line.ends_with("spirv = {{")) {
            std::size_t words = 0;
            std::string body;
            while (std::getline(in, body) && body.find("}};") == std::string::npos)
                for (char c : body) words += c == ',';
            out += line + " /* " + std::to_string(words) + " words */ }};\n";
            continue;
        }
        if (line.ends_with("msl[] =") || line.ends_with("wgsl[] =")) {
            std::size_t lines = 0;
            std::string body;
            while (std::getline(in, body)) {
                ++lines;
                if (body.ends_with("\";")) break;
            }
            out += line + " /* " + std::to_string(lines) + " lines */ \"\";\n";
            continue;
        }
        out += line + "\n";
    }
    return out;
}

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool updating() {
    const char* v = std::getenv("ONESHADER_UPDATE_GOLDENS");
    return v && std::string(v) == "1";
}

}  // namespace

TEST_CASE("generated headers match their goldens", "[cppgen][golden]") {
    const fs::path dir = fs::path(ONESHADER_SOURCE_DIR) / "tests" / "cppgen" / "goldens";
    for (const header_test::Case& c : header_test::cases()) {
        INFO(c.file);
        header_test::Generated g = header_test::generate(c);
        for (const std::string& e : g.errors) INFO(e);
        REQUIRE(g.errors.empty());
        REQUIRE(g.header.ok());
        std::string name = c.file;
        for (char& ch : name)
            if (ch == '/') ch = '_';
        const fs::path golden = dir / (fs::path(name).replace_extension(".hpp"));
        const std::string text = without_code(g.header.text);
        if (updating()) {
            std::ofstream(golden, std::ios::binary) << text;
            continue;
        }
        INFO("refresh with ONESHADER_UPDATE_GOLDENS=1 after reviewing the differences");
        REQUIRE(fs::exists(golden));
        CHECK(read(golden) == text);
    }
}
