// docs/reflection.md shows Sprite.hlsl's reflection in both forms; they must be what the compiler
// writes today, byte for byte.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The body of the first fenced block that starts with ```<language> after `after`.
std::string fenced_block(const std::string& doc, const std::string& after, const std::string& language) {
    std::size_t at = doc.find(after);
    if (at == std::string::npos) return "<no '" + after + "' in the document>";
    std::string fence = "```" + language + "\n";
    std::size_t start = doc.find(fence, at);
    if (start == std::string::npos) return "<no block>";
    start += fence.size();
    std::size_t end = doc.find("```\n", start);
    return doc.substr(start, end - start);
}

}  // namespace

TEST_CASE("docs/reflection.md: the Sprite.hlsl examples are the compiler's output", "[driver][reflect]") {
    std::string root = ONESHADER_SOURCE_DIR;
    std::string doc = read_text(root + "/docs/reflection.md");
    REQUIRE_FALSE(doc.empty());
    CompileResult result = compile_file(root + "/corpus/spec/Sprite.hlsl");
    REQUIRE(result.reflection);
    CHECK(fenced_block(doc, "this `sprite.json`", "json") == write_reflection_json(*result.reflection));
    std::string lines = fenced_block(doc, "`Sprite.hlsl` in this form", "text");
    CHECK(lines == write_reflection_file(*result.reflection));
    ReflectionReadResult back = read_reflection_file(lines);
    REQUIRE(back.reflection);
    CHECK(*back.reflection == *result.reflection);
}
