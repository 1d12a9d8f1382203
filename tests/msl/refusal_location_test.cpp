// MSL refusals (OSH51xx) report at the line of use: the instruction being printed, or for a stage
// variable the declaration with its semantic (ir::Instruction::loc, ir::Global::loc).
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"

namespace {

std::string first_error(const std::string& source, const std::string& entry, oneshader::Stage stage, bool optimize) {
    oneshader::CompileOptions o;
    o.targets = {oneshader::Target::Msl};
    o.entry_points = {{entry, stage}};
    o.optimize = optimize;
    oneshader::CompileResult r = oneshader::compile(source, "refuse.hlsl", o);
    for (const oneshader::Diagnostic& d : r.diagnostics)
        if (d.severity == oneshader::Severity::Error) return d.to_string();
    return "";
}

}  // namespace

TEST_CASE("MSL refusals name the line and column of the use", "[msl][backend][locations]") {
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        // The atomic on a texture, inside a helper that the optimizer inlines: still its own line.
        std::string atomic = first_error("RWTexture2D<uint> T : register(u0);\n"
                                         "void bump() {\n"
                                         "    InterlockedAdd(T[uint2(0, 0)], 1);\n"
                                         "}\n"
                                         "[numthreads(1,1,1)] void CSMain() { bump(); }\n",
                                         "CSMain", oneshader::Stage::Compute, optimize);
        CHECK(atomic.starts_with("refuse.hlsl(3,5): error OSH5101: MSL does not support "));
        CHECK(atomic.find("atomics on textures") != std::string::npos);
        // A stage variable Metal has no attribute for: at its declaration.
        std::string cull = first_error("struct O { float4 p : SV_Position; float c : SV_CullDistance; };\n"
                                       "O VSMain(float4 p : POSITION) { O o; o.p = p; o.c = p.x; return o; }\n",
                                       "VSMain", oneshader::Stage::Vertex, optimize);
        CHECK(cull.starts_with("refuse.hlsl(1,"));
        CHECK(cull.find("error OSH5101: MSL does not support SV_CullDistance") != std::string::npos);
    }
}
