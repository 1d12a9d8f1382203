// The generated header carries an unbounded resource array (Textures[]) as count 0 with an
// `unbounded` constant, so the application knows to choose the descriptor count itself; bounded
// resources get no such constant.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/cpp_header.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;

TEST_CASE("an unbounded array is count 0 and unbounded in the generated header", "[cppgen][bindless]") {
    const char* source = R"(Texture2D<float4> Textures[] : register(t0);
Texture2D<float4> Bounded[3] : register(t1);
SamplerState Linear : register(s2);
[shader("pixel")]
float4 PSMain(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target {
    return Textures[NonUniformResourceIndex(index)].Sample(Linear, uv) + Bounded[index % 3].Sample(Linear, uv);
}
)";
    CompileOptions options;
    options.targets = {Target::SpirV};
    CompileResult compiled = compile(source, "bindless.hlsl", options);
    REQUIRE(compiled.ok());
    CppHeaderResult header = generate_cpp_header("bindless.hlsl", compiled);
    REQUIRE(header.ok());
    const std::string& text = header.text;
    INFO(text);
    const std::size_t textures = text.find("struct Textures {");
    const std::size_t bounded = text.find("struct Bounded {");
    REQUIRE(textures != std::string::npos);
    REQUIRE(bounded != std::string::npos);
    const std::string textures_struct = text.substr(textures, text.find("};", textures) - textures);
    const std::string bounded_struct = text.substr(bounded, text.find("};", bounded) - bounded);
    CHECK(textures_struct.find("count = 0u;") != std::string::npos);
    CHECK(textures_struct.find("static constexpr bool unbounded = true;") != std::string::npos);
    CHECK(bounded_struct.find("count = 3u;") != std::string::npos);
    CHECK(bounded_struct.find("unbounded") == std::string::npos);
    // In the list of every binding it is count 0 too.
    CHECK(text.find("{\"Textures\", 0u, 0u, 0u,") != std::string::npos);
}
