// flat_integer_varyings: integer, bool and double varyings get nointerpolation.
#include "raise_fixture.hpp"

namespace oneshader::raise::test {
namespace {

TEST_CASE("flat_integer_varyings marks integer pixel inputs and vertex outputs, nothing else", "[raise][stage]") {
    Raised r = raise_text(R"(%g0 = global output float4 builtin(position) ; pos
%g1 = global output uint2 location(0) ; id_out
%g2 = global output float2 location(1) interp(centroid) ; uv_out
%g3 = global input uint location(0) ; id_in
%g4 = global input double location(1) ; d_in
%g5 = global input uint builtin(primitive_id) ; prim
%g6 = global input int location(2) interp(nointerpolation) ; already
%g7 = global output float4 location(0) ; color
%g8 = global input int location(0) ; vertex_in

func @vs() -> void {
bb0:
  %0 = load %g8 : int
  store %g0, float4{0.0, 0.0, 0.0, 1.0}
  store %g1, uint2{1, 2}
  store %g2, float2{0.5, 0.5}
  ret
}

func @ps() -> void {
bb0:
  store %g7, float4{1.0, 1.0, 1.0, 1.0}
  ret
}

entry vertex @vs inputs(%g8) outputs(%g0, %g1, %g2)
entry pixel @ps inputs(%g3, %g4, %g5, %g6) outputs(%g7)
)",
                          "flat_integer_varyings");
    CHECK(r.changed);
    CHECK(contains_line(r.text, "%g1 = global output uint2 location(0) interp(nointerpolation) ; id_out"));
    CHECK(contains_line(r.text, "%g2 = global output float2 location(1) interp(centroid) ; uv_out"));
    CHECK(contains_line(r.text, "%g3 = global input uint location(0) interp(nointerpolation) ; id_in"));
    CHECK(contains_line(r.text, "%g4 = global input double location(1) interp(nointerpolation) ; d_in"));
    CHECK(contains_line(r.text, "%g5 = global input uint builtin(primitive_id) ; prim"));
    CHECK(contains_line(r.text, "%g6 = global input int location(2) interp(nointerpolation) ; already"));
    CHECK(contains_line(r.text, "%g8 = global input int location(0) ; vertex_in"));
}

}  // namespace
}  // namespace oneshader::raise::test
