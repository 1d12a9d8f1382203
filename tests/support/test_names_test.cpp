// CTest runs each Catch test case by passing its name to the test program, where a name that
// starts with '-' is read as an option and the case never runs. Keep every name runnable.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
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
