// Per-vertex inputs (GetAttributeAtVertex): split_stage_io keeps their vertex array whole, and
// refuse_per_vertex_inputs refuses them for the targets that have no per-vertex reads.
#include "raise_fixture.hpp"

namespace oneshader::raise::test {
namespace {

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

const char* kPerVertex = R"(%g0 = global input float3[3] location(0) interp(nointerpolation) per_vertex(3) ; color
%g1 = global input float2[2] location(1) ; uv
%g2 = global output float4 location(0) ; target

func @main() -> void {
bb0:
  %0 = access %g0, 2:int : ptr<input, float3>
  %1 = load %0 : float3
  %2 = access %g1, 1:int : ptr<input, float2>
  %3 = load %2 : float2
  %4 = extract %3 [0] : float
  %5 = construct %1, %4 : float4
  store %g2, %5
  ret
}

entry pixel @main inputs(%g0, %g1) outputs(%g2)
)";

TEST_CASE("split_stage_io leaves a per-vertex input's vertex array whole", "[raise][stage]") {
    Raised r = raise_text(kPerVertex, "split_stage_io");
    CHECK(r.refusal == "");
    CHECK(contains_line(r.text, "%g0 = global input float3[3] location(0) interp(nointerpolation) per_vertex(3) ; color"));
    // The ordinary array beside it is split as always.
    CHECK(contains_line(r.text, "%g2 = global input float2 location(2) ; uv_1"));
}

TEST_CASE("refuse_per_vertex_inputs refuses a per-vertex input and nothing else", "[raise][stage]") {
    Raised r = raise_text(kPerVertex, "refuse_per_vertex_inputs");
    CHECK(contains(r.refusal, "GetAttributeAtVertex"));
    CHECK_FALSE(r.changed);
    Raised plain = raise_text(R"(%g0 = global input float3 location(0) interp(nointerpolation) ; color
%g1 = global output float4 location(0) ; target

func @main() -> void {
bb0:
  %0 = load %g0 : float3
  %1 = construct %0, 1.0:float : float4
  store %g1, %1
  ret
}

entry pixel @main inputs(%g0) outputs(%g1)
)",
                              "refuse_per_vertex_inputs");
    CHECK(plain.refusal == "");
    CHECK_FALSE(plain.changed);
}

}  // namespace
}  // namespace oneshader::raise::test
