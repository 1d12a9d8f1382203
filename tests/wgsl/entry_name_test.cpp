// Reflection's WGSL entry name (spec page "The WGSL backend": `loop` becomes `loop_`) is the name
// the WGSL text gives the entry function, and both reflection formats carry it.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

TEST_CASE("reflection gives the WGSL entry function's name", "[wgsl][reflect]") {
    const char* source =
        "RWStructuredBuffer<uint> Out : register(u0);\n"
        "[numthreads(1, 1, 1)] void loop() { Out[0] = 7; }\n"
        "[numthreads(1, 1, 1)] void CSMain() { Out[1] = 8; }\n";
    CompileOptions options;
    options.targets = {Target::Wgsl, Target::SpirV};
    options.entry_points = {{"loop", Stage::Compute}, {"CSMain", Stage::Compute}};
    CompileResult r = compile(source, "names.hlsl", options);
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    const EntryPointInfo* loop = r.reflection->find_entry_point("loop");
    const EntryPointInfo* plain = r.reflection->find_entry_point("CSMain");
    REQUIRE(loop);
    REQUIRE(plain);
    CHECK(loop->wgsl_entry_point == "loop_");
    CHECK(plain->wgsl_entry_point == "CSMain");
    const ShaderBlob* blob = r.find("loop", Target::Wgsl);
    REQUIRE(blob);
    CHECK(std::string(blob->as_text()).find("fn loop_(") != std::string::npos);

    std::string lines = write_reflection_file(*r.reflection);
    CHECK(lines.find("entry name=\"loop\" stage=Compute workgroup=1,1,1 stride=0\n  wgslentry name=\"loop_\"\n") !=
          std::string::npos);
    CHECK(write_reflection_json(*r.reflection).find("\"wgslEntryPoint\": \"loop_\"") != std::string::npos);
    ReflectionReadResult back = read_reflection_file(lines);
    REQUIRE(back.reflection);
    CHECK(back.reflection->find_entry_point("loop")->wgsl_entry_point == "loop_");

    options.targets = {Target::SpirV};
    CompileResult spirv = compile(source, "names.hlsl", options);
    REQUIRE(spirv.reflection);
    CHECK(spirv.reflection->find_entry_point("loop")->wgsl_entry_point.empty());
    CHECK(write_reflection_file(*spirv.reflection).find("wgslentry") == std::string::npos);
}
