// A header whose MSL and WGSL texts are longer than MSVC takes as one string literal (65535 bytes):
// those texts are written as braced lists of character literals, the shorter reflection text as
// string literals, and the program built from the header prints each text byte for byte.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cppgen/body.hpp"
#include "oneshader/cpp_header.hpp"

namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("texts past MSVC's string-literal limit are character lists and read back whole", "[cppgen]") {
    // Enough functions that the MSL and WGSL are each past 64 KiB.
    std::string source = "RWStructuredBuffer<float> Data;\n";
    std::string body;
    for (int k = 0; k < 600; ++k) {
        source += "float step" + std::to_string(k) + "(float x) { return x * " + std::to_string(k) + ".5 + sqrt(abs(x)); }\n";
        body += "    v = step" + std::to_string(k) + "(v) + Data[" + std::to_string(k % 5) + "];\n";
    }
    source += "[shader(\"compute\")][numthreads(1, 1, 1)] void main() {\n    float v = Data[0];\n" + body + "    Data[1] = v;\n}\n";
    oneshader::CompileOptions o;
    o.targets = {oneshader::Target::Msl, oneshader::Target::Wgsl};
    o.optimize = false;
    oneshader::CompileResult r = oneshader::compile(source, "Long.hlsl", o);
    REQUIRE(r.ok());
    const std::string msl(r.find("main", oneshader::Target::Msl)->as_text());
    const std::string wgsl(r.find("main", oneshader::Target::Wgsl)->as_text());
    REQUIRE(msl.size() > oneshader::cppgen::kMaxLiteralBytes);
    REQUIRE(wgsl.size() > oneshader::cppgen::kMaxLiteralBytes);
    oneshader::CppHeaderResult h = oneshader::generate_cpp_header("Long.hlsl", r);
    REQUIRE(h.ok());
    CHECK(h.text.find("static constexpr char msl[] = {") != std::string::npos);
    CHECK(h.text.find("static constexpr char wgsl[] = {") != std::string::npos);
    CHECK(h.text.find("static constexpr char reflection_data[] =\n") != std::string::npos);

    const fs::path dir = fs::temp_directory_path() / ("oneshader-long-" + std::to_string(std::rand()));
    fs::create_directories(dir);
    std::ofstream(dir / "Long.hpp", std::ios::binary) << h.text;
    std::ofstream(dir / "main.cpp", std::ios::binary)
        << "#include <cstdio>\n#include \"Long.hpp\"\n"
           "int main(int argc, char** argv) {\n"
           "    (void)argv;\n"
           "    const char* text = argc > 1 ? shaders::Long::Main::wgsl : shaders::Long::Main::msl;\n"
           "    std::size_t size = argc > 1 ? sizeof(shaders::Long::Main::wgsl) - 1 : sizeof(shaders::Long::Main::msl) - 1;\n"
           "    std::fwrite(text, 1, size, stdout);\n"
           "    return 0;\n}\n";
    const fs::path exe = dir / "check";
    const std::string compile = std::string("\"") + ONESHADER_CXX + "\" -std=c++17 -Wall -Wextra -Werror -o \"" +
                                exe.string() + "\" \"" + (dir / "main.cpp").string() + "\" > \"" +
                                (dir / "compile.txt").string() + "\" 2>&1";
    int code = std::system(compile.c_str());
    INFO(read(dir / "compile.txt"));
    REQUIRE(code == 0);
    REQUIRE(std::system(("\"" + exe.string() + "\" > \"" + (dir / "msl.txt").string() + "\"").c_str()) == 0);
    REQUIRE(std::system(("\"" + exe.string() + "\" w > \"" + (dir / "wgsl.txt").string() + "\"").c_str()) == 0);
    CHECK(read(dir / "msl.txt") == msl);
    CHECK(read(dir / "wgsl.txt") == wgsl);
    std::error_code ec;
    fs::remove_all(dir, ec);
}
