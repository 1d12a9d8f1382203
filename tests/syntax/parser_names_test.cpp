// The fixed spellings the parser knows (syntax/parser_names.hpp): keywords, modifiers, scalar and
// object types, and every vector and matrix shorthand of every scalar type, from a table built at
// compile time.
#include <catch2/catch.hpp>

#include <string>

#include "syntax/parser_names.hpp"

namespace oneshader::syntax::test {
namespace {

const char* const kScalars[] = {"bool", "int", "uint", "dword", "half", "float", "double", "min16float", "min10float",
                                "min16int", "min12int", "min16uint", "int16_t", "uint16_t", "int32_t", "uint32_t",
                                "int64_t", "uint64_t", "float16_t", "float32_t", "float64_t", "int8_t4_packed",
                                "uint8_t4_packed"};

TEST_CASE("parser names: every vector and matrix shorthand of every scalar is a built-in type", "[syntax][names]") {
    int checked = 0;
    for (const char* scalar : kScalars) {
        CHECK(classify_name(scalar).builtin_type);
        for (char r = '1'; r <= '4'; ++r) {
            std::string v = std::string(scalar) + r;
            CHECK(classify_name(v).builtin_type);
            CHECK_FALSE(classify_name(v).builtin_template);
            for (char c = '1'; c <= '4'; ++c) {
                CHECK(classify_name(v + 'x' + c).builtin_type);
                ++checked;
            }
            // Sizes outside 1..4 are ordinary names.
            CHECK_FALSE(classify_name(v + "x5").builtin_type);
            CHECK_FALSE(classify_name(v + "x0").builtin_type);
        }
        CHECK_FALSE(classify_name(std::string(scalar) + "5").builtin_type);
        CHECK_FALSE(classify_name(std::string(scalar) + "0").builtin_type);
    }
    CHECK(checked == 23 * 16);
}

TEST_CASE("parser names: keywords, modifiers and templates keep their classes", "[syntax][names]") {
    CHECK(classify_name("struct").keyword == Keyword::Struct);
    CHECK(classify_name("__asm").keyword == Keyword::Asm);
    CHECK(classify_name("static").keyword == Keyword::Modifier);
    CHECK_FALSE(classify_name("static").contextual);
    CHECK(classify_name("sample").keyword == Keyword::Modifier);
    CHECK(classify_name("sample").contextual);
    CHECK(classify_name("Texture2D").builtin_template);
    CHECK(classify_name("SamplerState").builtin_type);
    CHECK_FALSE(classify_name("SamplerState").builtin_template);
    NameClass plain = classify_name("myValue");
    CHECK(plain.keyword == Keyword::None);
    CHECK_FALSE(plain.builtin_type);
    CHECK_FALSE(classify_name("").builtin_type);
    CHECK_FALSE(classify_name("float4x").builtin_type);
}

}  // namespace
}  // namespace oneshader::syntax::test
