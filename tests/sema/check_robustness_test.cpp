// Semantic analysis on broken input: corpus files with tokens dropped, duplicated and swapped
// must give diagnostics, never a crash or a hang; recursion and deep nesting end with a code.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "check_fixture.hpp"

using namespace check_test;
namespace fs = std::filesystem;

namespace {

// Splits at whitespace and punctuation boundaries, keeping the separators, so mutations work on
// something close to tokens without needing the lexer.
std::vector<std::string> pieces(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
    };
    for (char c : text) {
        bool word = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
        if (!word) {
            flush();
            out.push_back(std::string(1, c));
        } else {
            cur += c;
        }
    }
    flush();
    return out;
}

}  // namespace

TEST_CASE("check robustness: mutated corpus shaders give diagnostics, never a crash") {
    const char* files[] = {"lang/templates.hlsl", "lang/operators.hlsl", "lang/member_functions.hlsl",
                           "lang/inheritance.hlsl", "3d/pbr_forward.hlsl", "compute/particles.hlsl",
                           "lang/cbuffers.hlsl", "lang/namespaces_enums.hlsl"};
    std::uint64_t seed = 12345;
    auto next = [&seed] {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return std::uint32_t(seed >> 33);
    };
    int runs = 0;
    for (const char* rel : files) {
        fs::path p = fs::path(ONESHADER_SOURCE_DIR) / "corpus" / rel;
        std::ifstream in(p);
        std::stringstream ss;
        ss << in.rdbuf();
        std::vector<std::string> base = pieces(ss.str());
        if (base.size() < 4) continue;
        for (int m = 0; m < 60; ++m) {
            std::vector<std::string> t = base;
            for (int k = 0; k < 3; ++k) {
                std::size_t i = next() % t.size(), j = next() % t.size();
                switch (next() % 3) {
                case 0: t.erase(t.begin() + std::ptrdiff_t(i)); break;
                case 1: t.insert(t.begin() + std::ptrdiff_t(i), t[j]); break;
                default: std::swap(t[i], t[j]); break;
                }
                if (t.size() < 2) break;
            }
            std::string text;
            for (const std::string& s : t) text += s;
            CompileOptions o;
            o.include_resolver = [](std::string_view, std::string_view, bool) { return std::optional<ResolvedInclude>(); };
            auto c = check_text(text, o);
            CHECK(c->program != nullptr);
            ++runs;
        }
    }
    CHECK(runs == 480);
}

TEST_CASE("check robustness: recursion, self-instantiating templates and deep expressions end with a code") {
    CHECK(diags_of("float f(float x) { return f(x - 1); }\n") == V{"OSH0318 1:7"});
    auto t = check_text("template<typename T> struct Box { T v; };\n"
                        "template<typename T> float g(T x) { Box<Box<T> > b; return g(b); }\n"
                        "[shader(\"pixel\")] float4 PS() : SV_Target { return g(1.0f); }\n");
    bool depth = false;
    for (const std::string& code : t->codes()) depth = depth || code == "OSH0326" || code == "OSH0347";
    CHECK(depth);
    std::string deep = "[shader(\"pixel\")] float4 PS() : SV_Target { float x = 1; return ";
    for (int i = 0; i < 1500; ++i) deep += "x + ";
    deep += "x; }\n";
    CHECK(check_text(deep)->errors() == "");
    std::string chain = "[shader(\"pixel\")] float4 PS(float x : X) : SV_Target {\n";
    for (int i = 0; i < 200; ++i) chain += "if (x > " + std::to_string(i) + ") x += 1; else\n";
    chain += "x = 0; return x; }\n";
    CHECK(check_text(chain)->errors() == "");
}
