// A one-component vector where the built-in arrays take scalars: `float1 : SV_ClipDistance0` is
// one float of gl_ClipDistance. merge_builtin_arrays stored the float1 itself into the float
// element, which the IR verifier rejects (found by single-byte mutations of corpus/3d/stage_io.hlsl).
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

namespace {

using namespace oneshader;

constexpr const char* kSource =
    "struct V { float4 pos : SV_Position; float1 near : SV_ClipDistance0; float2 far : SV_ClipDistance1; };\n"
    "[shader(\"vertex\")] V VSMain(float3 p : POSITION) {\n"
    "    V v; v.pos = float4(p, 1); v.near = p.x; v.far = p.yz; return v;\n"
    "}\n"
    "[shader(\"pixel\")] float4 PSMain(V v) : SV_Target { return v.near.x + v.far.y; }\n";

}  // namespace

TEST_CASE("a float1 clip distance is one float of the clip-distance array, in and out") {
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        CompileOptions o;
        o.targets = {Target::SpirV, Target::Msl};
        o.optimize = optimize;
        o.verify_ir = true;
        CompileResult r = compile(kSource, "clip1.hlsl", o);
        INFO(oneshader::test::diagnostics_of(r));
        REQUIRE(r.ok());
        for (const char* entry : {"VSMain", "PSMain"}) {
            const ShaderBlob* spirv = r.find(entry, Target::SpirV);
            REQUIRE(spirv);
            const std::vector<std::uint32_t> words = spirv_tools::words_of(*spirv);
            CHECK(spirv_tools::validate(words) == "");
            CHECK(spirv_tools::disassemble(words).find("_arr_float_uint_3") != std::string::npos);
        }
        const ShaderBlob* msl = r.find("VSMain", Target::Msl);
        REQUIRE(msl);
        CHECK(std::string(msl->as_text()).find("[[clip_distance]] [3]") != std::string::npos);
    }
}
