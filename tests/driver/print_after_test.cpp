// CompileOptions::print_after through the library: the dumps land in CompileResult::printed_ir, in
// pass order, and a name no pass has is an error rather than a silent no-op.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"

namespace oneshader {
namespace {

constexpr const char* kShader = R"(
struct VSIn { float4 w[2] : WEIGHTS; };
[shader("vertex")] float4 main(VSIn v) : SV_Position { return v.w[0] + v.w[1]; }
)";

TEST_CASE("print_after puts the module after the named pass into printed_ir", "[driver][print-after]") {
    CompileOptions o;
    o.print_after = "split_stage_io";
    CompileResult r = compile(kShader, "s.hlsl", o);
    REQUIRE(r.ok());
    CHECK(r.printed_ir.rfind("; after split_stage_io\n", 0) == 0);
    CHECK(r.printed_ir.find("; in.var.WEIGHTS_1") != std::string::npos);
    CompileResult plain = compile(kShader, "s.hlsl", {});
    CHECK(plain.printed_ir.empty());
    REQUIRE(plain.blobs.size() == 1);
    REQUIRE(r.blobs.size() == 1);
    CHECK(plain.blobs[0].data == r.blobs[0].data);
}

TEST_CASE("print_after naming no pass is error OSH0006", "[driver][print-after]") {
    CompileOptions o;
    o.print_after = "no_such_pass";
    CompileResult r = compile(kShader, "s.hlsl", o);
    CHECK_FALSE(r.ok());
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].code == "OSH0006");
    CHECK(r.diagnostics[0].message.find("'no_such_pass'") != std::string::npos);
    CHECK(r.blobs.empty());
}

}  // namespace
}  // namespace oneshader
