#include <catch2/catch.hpp>

#include "types_fixture.hpp"
#include "types/scalar_spelling.hpp"
#include "types/types_print.hpp"

using namespace types_test;

namespace {

struct Case {
    const char* spelling;
    const char* printed;
    bool needs_16bit;
};

}  // namespace

TEST_CASE("numeric spellings map to scalars, vectors and matrices", "[spelling]") {
    Fixture fx(true);
    const Case cases[] = {
        {"bool", "bool", false},           {"int", "int", false},
        {"uint", "uint", false},           {"dword", "uint", false},
        {"dword3", "uint3", false},        {"half", "half", false},
        {"float", "float", false},         {"double", "double", false},
        {"float4", "float4", false},       {"float1", "float1", false},
        {"uint2x3", "uint2x3", false},     {"bool1x1", "bool1x1", false},
        {"min16float3", "min16float3", false}, {"min10float", "min10float", false},
        {"min16int4", "min16int4", false}, {"min12int2", "min12int2", false},
        {"min16uint", "min16uint", false}, {"int32_t", "int", false},
        {"uint32_t4", "uint4", false},     {"float32_t2x2", "float2x2", false},
        {"float64_t", "double", false},    {"int64_t4", "int64_t4", false},
        {"uint64_t", "uint64_t", false},   {"double4x4", "double4x4", false},
        {"float16_t2", "half2", true},     {"float16_t", "half", true},
        {"int16_t", "int16_t", true},      {"uint16_t3", "uint16_t3", true},
        {"int16_t2x4", "int16_t2x4", true}, {"vector", "float4", false},
        {"matrix", "float4x4", false},
    };
    for (const Case& c : cases) {
        INFO(c.spelling);
        auto found = lookup_numeric_spelling(fx.types, c.spelling);
        REQUIRE(found.has_value());
        CHECK(type_name(found->type) == c.printed);
        CHECK(found->needs_16bit_types == c.needs_16bit);
    }
}

TEST_CASE("the spelling table gives interned types", "[spelling]") {
    Fixture fx;
    CHECK(lookup_numeric_spelling(fx.types, "float4")->type == fx.types.vector(ScalarKind::Float, 4));
    CHECK(lookup_numeric_spelling(fx.types, "dword2")->type == lookup_numeric_spelling(fx.types, "uint2")->type);
    CHECK(lookup_numeric_spelling(fx.types, "float32_t3x3")->type == fx.types.matrix(ScalarKind::Float, 3, 3));
    CHECK(lookup_numeric_spelling(fx.types, "float16_t")->type == fx.types.scalar(ScalarKind::Half));
}

TEST_CASE("names that are not numeric spellings are left to the caller", "[spelling]") {
    Fixture fx;
    for (const char* name : {"float5", "float0", "float4x5", "float4x", "float44", "int16", "int16_t5", "Float4",
                             "floats", "uint_t", "half4x4x4", "", "Light", "Texture2D", "min16float0", "int8_t"}) {
        INFO(name);
        CHECK_FALSE(lookup_numeric_spelling(fx.types, name).has_value());
    }
}

TEST_CASE("16-bit spellings still give a type without the option, flagged for OSH0360", "[spelling]") {
    Fixture fx(false);
    auto found = lookup_numeric_spelling(fx.types, "uint16_t2");
    REQUIRE(found.has_value());
    CHECK(found->needs_16bit_types);
    CHECK(type_name(found->type) == "uint16_t2");
    // half without the option is a 32-bit relaxed-precision float, and needs nothing.
    auto half = lookup_numeric_spelling(fx.types, "half3");
    REQUIRE(half.has_value());
    CHECK_FALSE(half->needs_16bit_types);
    CHECK(half->type->as<VectorType>()->element->bits == 32);
}

TEST_CASE("scalar names alone", "[spelling]") {
    CHECK(lookup_scalar_name("dword")->kind == ScalarKind::UInt);
    CHECK(lookup_scalar_name("float16_t")->kind == ScalarKind::Half);
    CHECK(lookup_scalar_name("float16_t")->needs_16bit_types);
    CHECK_FALSE(lookup_scalar_name("half")->needs_16bit_types);
    CHECK(lookup_scalar_name("float64_t")->kind == ScalarKind::Double);
    CHECK_FALSE(lookup_scalar_name("float4").has_value());
}
