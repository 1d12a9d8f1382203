// The generated headers of every case (header_cases.hpp), compiled together into one program with
// the C++ compiler that builds OneShader, as C++17 and as C++20, warnings as errors: their
// static_asserts hold, several headers go into one translation unit, and the program's offsetof
// and sizeof of every constant-buffer and push-constant member equal the reflection's. Costs one
// compile and one run per standard (about two seconds each).
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "cppgen/body.hpp"
#include "cppgen/names.hpp"
#include "header_cases.hpp"

namespace {

namespace fs = std::filesystem;

struct Scratch {
    fs::path path;
    Scratch() {
        path = fs::temp_directory_path() / ("oneshader-cppgen-" + std::to_string(std::rand()) + "-" +
                                            std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::create_directories(path);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Program {
    std::string source;    // main.cpp
    std::string expected;  // what it prints: one line per checked member and size
};

// One printf per member of each top-level block, in the reflection's terms, for the program to
// print with offsetof and sizeof.
void add_checks(Program& p, const std::string& cls, const oneshader::ShaderReflection& r) {
    using namespace oneshader;
    auto block = [&](const std::string& cpp, const ReflectedType& layout) {
        const std::string type = "shaders::" + cls + "::" + cpp;
        for (const ReflectedMember& m : layout.members) {
            if (m.type.kind == ReflectedTypeKind::Array && m.type.length == 0) continue;
            if (m.bit_width != 0) continue;  // offsetof takes no bit field; its bits are checked below
            const std::string field = oneshader::cppgen::member_name(m.name);
            p.source += "    std::printf(\"" + type + "::" + field + " %zu\\n\", offsetof(" + type + ", " + field + "));\n";
            p.expected += type + "::" + field + " " + std::to_string(m.offset) + "\n";
        }
        p.source += "    std::printf(\"sizeof " + type + " %zu\\n\", sizeof(" + type + "));\n";
        p.expected += "sizeof " + type + " " + std::to_string(layout.size) + "\n";
    };
    for (const ResourceInfo& res : r.resources)
        if (res.kind == ResourceKind::ConstantBuffer && res.layout) block(oneshader::cppgen::type_name(res.name), *res.layout);
    for (const PushConstantInfo& pc : r.push_constants) block(oneshader::cppgen::push_constant_name(r, pc), pc.layout);
}

int run(const std::string& command) { return std::system(command.c_str()); }

}  // namespace

TEST_CASE("generated headers compile as C++17 and C++20 and their offsets are the reflection's", "[cppgen]") {
    Scratch dir;
    Program program;
    program.source = "#include <cstddef>\n#include <cstdio>\n#include <cstring>\n";
    std::string body;
    for (const header_test::Case& c : header_test::cases()) {
        INFO(c.file);
        header_test::Generated g = header_test::generate(c);
        for (const std::string& e : g.errors) INFO(e);
        REQUIRE(g.errors.empty());
        const std::string cls = oneshader::cppgen::type_name(oneshader::cppgen::file_stem(c.file));
        std::ofstream(dir.path / (cls + ".hpp"), std::ios::binary) << g.header.text;
        program.source += "#include \"" + cls + ".hpp\"\n";
        if (c.axes.empty()) {
            Program p;
            add_checks(p, cls, *g.results[0].reflection);
            body += p.source;
            program.expected += p.expected;
        }
    }
    // The variant table: a key's index is its place, get() finds it, and entry data is reachable.
    body += "    constexpr shaders::Material::Key key{true, shaders::Material::LightingValue::PBR};\n"
            "    static_assert(key.index() == 5, \"first axis slowest\");\n"
            "    static_assert(shaders::Material::Variants::count == 6, \"six variants\");\n"
            "    const shaders::Material::Variant& v = shaders::Material::Variants::get(key);\n"
            "    std::printf(\"%s %s %zu %d\\n\", v.name, v.defines, v.bindings.size(), v.PSMain->spirv[0] == 0x07230203u);\n"
            "    std::printf(\"%d\\n\", shaders::Material::Variants::try_get(shaders::Material::Key{false, "
            "shaders::Material::LightingValue(7)}) == nullptr);\n"
            "    shaders::Lighting::Light light{};\n"
            "    light.Weights[2] = 0.5f;\n"
            "    light.LightViewProjection(0, 3) = 2.0f;\n"
            "    std::printf(\"%g %g\\n\", double(light.Weights[2].value), double(light.LightViewProjection.stored[3][0]));\n";
    program.expected += "AlphaTestOn_LightingPbr ALPHA_TEST=1 LIGHTING=PBR 4 1\n1\n0.5 2\n";
    // Bit fields: the C++ bit fields of a header put each field at the shader's bits (the words of the
    // bit_fields execution case, its unused bits 0), and read a signed one back sign-extended.
    body += "    shaders::BitFields::BitParams bits{};\n"
            "    bits.Defaults.Kind = 10u; bits.Defaults.Count = 1971u; bits.Defaults.Mask = 0xFACEu;\n"
            "    bits.Defaults.Delta = -20; bits.Defaults.Bias = -100; bits.Defaults.Whole = 0x11223344u;\n"
            "    bits.Defaults.Low = 0x2345678u; bits.Defaults.High = 6u; bits.Step = 5u;\n"
            "    unsigned int words[9] = {};\n"
            "    std::memcpy(words, &bits, sizeof(words));\n"
            "    std::printf(\"%x %x %x %x %x %u %d\\n\", words[0], words[1], words[2], words[3], words[4], words[8],\n"
            "                int(bits.Defaults.Bias));\n";
    program.expected += "face7b3a e72c 11223344 2345678 6 5 -100\n";
    program.source += "\nint main() {\n" + body + "    return 0;\n}\n";
    std::ofstream(dir.path / "main.cpp", std::ios::binary) << program.source;

    for (const char* standard : {"c++17", "c++20"}) {
        INFO(standard);
        const fs::path exe = dir.path / (std::string("check-") + standard);
        const std::string compile = std::string("\"") + ONESHADER_CXX + "\" -std=" + standard +
                                    " -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror -o \"" + exe.string() +
                                    "\" \"" + (dir.path / "main.cpp").string() + "\" > \"" +
                                    (dir.path / "compile.txt").string() + "\" 2>&1";
        int code = run(compile);
        INFO(read(dir.path / "compile.txt"));
        REQUIRE(code == 0);
        REQUIRE(run("\"" + exe.string() + "\" > \"" + (dir.path / "out.txt").string() + "\"") == 0);
        CHECK(read(dir.path / "out.txt") == program.expected);
    }
    // With ONESHADER_HEADER_LAYOUTS every entry point's layout() compiles against the library's
    // public headers (the package test links one and runs it).
    const std::string syntax = std::string("\"") + ONESHADER_CXX +
                               "\" -std=c++20 -DONESHADER_HEADER_LAYOUTS -I\"" ONESHADER_SOURCE_DIR "/include\""
                               " -Wall -Wextra -Wpedantic -Wshadow -Werror -fsyntax-only \"" +
                               (dir.path / "main.cpp").string() + "\" > \"" + (dir.path / "layouts.txt").string() +
                               "\" 2>&1";
    int code = run(syntax);
    INFO(read(dir.path / "layouts.txt"));
    CHECK(code == 0);
}
