// CTest runs each Catch test case by passing its name to the test program, where a name that
// starts with '-' is read as an option and the case never runs. A ';' splits the name when CMake
// registers it (a CMake list), so CTest asks for half a name, no case runs and the test passes.
// Keep every name runnable.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <regex>
#include <string>

TEST_CASE("no test case name starts with a dash", "[tests]") {
    namespace fs = std::filesystem;
    std::string bad;
    int files = 0;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(ONESHADER_SOURCE_DIR) / "tests")) {
        if (!e.is_regular_file() || (e.path().extension() != ".cpp" && e.path().extension() != ".hpp")) continue;
        ++files;
        std::ifstream in(e.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n)
            if (line.find("TEST_CASE(\"-") != std::string::npos) bad += e.path().string() + ":" + std::to_string(n) + "\n";
    }
    CHECK(files > 50);
    INFO(bad);
    CHECK(bad.empty());
}

TEST_CASE("no test case name holds a semicolon", "[tests]") {
    namespace fs = std::filesystem;
    // TEST_CASE( and the adjacent string literals that make the name.
    const std::regex name(R"re(TEST_CASE\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+))re");
    std::string bad;
    int names = 0;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(ONESHADER_SOURCE_DIR) / "tests")) {
        if (!e.is_regular_file() || (e.path().extension() != ".cpp" && e.path().extension() != ".hpp")) continue;
        std::ifstream in(e.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        for (std::sregex_iterator it(s.begin(), s.end(), name), end; it != end; ++it) {
            ++names;
            if ((*it)[1].str().find(';') != std::string::npos) bad += e.path().string() + ": " + (*it)[1].str() + "\n";
        }
    }
    CHECK(names > 500);
    INFO(bad);
    CHECK(bad.empty());
}
