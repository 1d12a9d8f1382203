// split_stage_io: array and matrix stage variables become one variable per element or row.
#include "raise_fixture.hpp"
#include "raised_ir.hpp"

namespace oneshader::raise::test {
namespace {

TEST_CASE("split_stage_io gives each array element and matrix row its own variable and location", "[raise][stage]") {
    Raised r = raise_text(R"(%g0 = global input float4[2] location(1) interp(centroid) ; weights
%g1 = global input float3x3 location(3) ; basis
%g2 = global output float4 builtin(position) ; pos
%g3 = global output float2[2] location(0) ; uv

func @main() -> void {
bb0:
  %0 = load %g0 : float4[2] ; both
  %1 = extract %0 [1] : float4
  %2 = access %g1, 2:int, 1:int : ptr<input, float>
  %3 = load %2 : float
  %4 = access %g0, 0:int : ptr<input, float4>
  %5 = load %4 : float4
  %6 = load %g1 : float3x3
  %7 = extract %6 [0] : float3
  %8 = add %1, %5 : float4
  store %g2, %8
  %9 = construct %3, %3 : float2
  %10 = construct %9, %9 : float2[2]
  store %g3, %10
  ret
}

entry vertex @main inputs(%g0, %g1) outputs(%g2, %g3)
)",
                          "split_stage_io");
    CHECK(r.refusal == "");
    CHECK(r.changed);
    CHECK(r.text == R"(%g0 = global input float4 location(1) interp(centroid) ; weights_0
%g1 = global input float4 location(2) interp(centroid) ; weights_1
%g2 = global input float3 location(3) ; basis_0
%g3 = global input float3 location(4) ; basis_1
%g4 = global input float3 location(5) ; basis_2
%g5 = global output float4 builtin(position) ; pos
%g6 = global output float2 location(0) ; uv_0
%g7 = global output float2 location(1) ; uv_1

func @main() -> void {
bb0:
  %0 = load %g0 : float4
  %1 = load %g1 : float4
  %2 = construct %0, %1 : float4[2] ; both
  %3 = extract %2 [1] : float4
  %4 = access %g4, 1:int : ptr<input, float>
  %5 = load %4 : float
  %6 = load %g0 : float4
  %7 = load %g2 : float3
  %8 = load %g3 : float3
  %9 = load %g4 : float3
  %10 = construct %7, %8, %9 : float3x3
  %11 = extract %10 [0] : float3
  %12 = add %3, %6 : float4
  store %g5, %12
  %13 = construct %5, %5 : float2
  %14 = construct %13, %13 : float2[2]
  %15 = extract %14 [0] : float2
  store %g6, %15
  %16 = extract %14 [1] : float2
  store %g7, %16
  ret
}

entry vertex @main inputs(%g0, %g1, %g2, %g3, %g4) outputs(%g5, %g6, %g7)
)");
}

TEST_CASE("split_stage_io gives a 64-bit vector of three or four components two locations", "[raise][stage]") {
    Raised r = raise_text(R"(%g0 = global input double3[2] location(0) ; d
%g1 = global input float location(4) ; after
%g2 = global output float4 builtin(position) ; pos

func @main() -> void {
bb0:
  %0 = access %g0, 1:int : ptr<input, double3>
  %1 = load %0 : double3
  %2 = load %g1 : float
  %3 = splat %2 : float4
  store %g2, %3
  ret
}

entry vertex @main inputs(%g0, %g1) outputs(%g2)
)",
                          "split_stage_io");
    CHECK(r.refusal == "");
    CHECK(contains_line(r.text, "%g0 = global input double3 location(0) ; d_0"));
    CHECK(contains_line(r.text, "%g1 = global input double3 location(2) ; d_1"));
}

TEST_CASE("split_stage_io leaves built-ins, vectors and other globals alone", "[raise][stage]") {
    const char* ir = R"(%g0 = global input float4 location(0) ; color
%g1 = global output float4 builtin(position) ; pos
%g2 = global private float4x4 ; m

func @main() -> void {
bb0:
  %0 = load %g0 : float4
  store %g1, %0
  ret
}

entry vertex @main inputs(%g0) outputs(%g1)
)";
    Raised r = raise_text(ir, "split_stage_io");
    CHECK_FALSE(r.changed);
    CHECK(r.text == ir);
}

TEST_CASE("split_stage_io refuses a dynamic index into a stage array", "[raise][stage][refusal]") {
    Raised r = raise_text(test_ir::kDynamicStageIndex,
                          "split_stage_io");
    CHECK(r.refusal == "a dynamic index into a stage-variable array or matrix");
}

}  // namespace
}  // namespace oneshader::raise::test
