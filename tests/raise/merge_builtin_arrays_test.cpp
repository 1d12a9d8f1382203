// merge_builtin_arrays: clip/cull distances and the sample mask as slices of one built-in array.
#include "raise_fixture.hpp"
#include "raised_ir.hpp"

namespace oneshader::raise::test {
namespace {

TEST_CASE("merge_builtin_arrays makes clip and cull distances slices of one array each", "[raise][stage]") {
    Raised r = raise_text(test_ir::kClipCullDistances,
                          "merge_builtin_arrays");
    CHECK(r.refusal == "");
    CHECK(r.changed);
    CHECK(r.text == R"(%g0 = global output float[3] builtin(clip_distance) ; gl_ClipDistance
%g1 = global output float[1] builtin(cull_distance) ; gl_CullDistance
%g2 = global output float4 builtin(position) ; pos

func @main() -> void {
bb0:
  store %g2, float4{0.0, 0.0, 0.0, 1.0}
  %0 = extract float2{1.0, 2.0} [0] : float
  %1 = access %g0, 0:uint : ptr<output, float>
  store %1, %0
  %2 = extract float2{1.0, 2.0} [1] : float
  %3 = access %g0, 1:uint : ptr<output, float>
  store %3, %2
  %4 = access %g0, 2:uint : ptr<output, float>
  store %4, 3.0:float
  %5 = access %g0, 1:uint : ptr<output, float>
  store %5, 4.0:float
  %6 = access %g0, 0:uint : ptr<output, float>
  %7 = load %6 : float
  %8 = access %g0, 1:uint : ptr<output, float>
  %9 = load %8 : float
  %10 = construct %7, %9 : float2 ; back
  %11 = extract %10 [0] : float
  %12 = access %g1, 0:uint : ptr<output, float>
  store %12, %11
  ret
}

entry vertex @main outputs(%g2, %g0, %g1)
)");
}

TEST_CASE("merge_builtin_arrays turns the sample mask into a one-element array", "[raise][stage]") {
    Raised r = raise_text(R"(%g0 = global input uint builtin(sample_mask) ; coverage
%g1 = global output uint builtin(sample_mask) ; mask
%g2 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g0 : uint
  store %g1, %0
  store %g2, float4{1.0, 1.0, 1.0, 1.0}
  ret
}

entry pixel @main inputs(%g0) outputs(%g1, %g2)
)",
                          "merge_builtin_arrays");
    CHECK(r.refusal == "");
    CHECK(r.text == R"(%g0 = global input uint[1] builtin(sample_mask) ; gl_SampleMask
%g1 = global output uint[1] builtin(sample_mask) ; gl_SampleMask
%g2 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = access %g0, 0:uint : ptr<input, uint>
  %1 = load %0 : uint
  %2 = access %g1, 0:uint : ptr<output, uint>
  store %2, %1
  store %g2, float4{1.0, 1.0, 1.0, 1.0}
  ret
}

entry pixel @main inputs(%g0) outputs(%g1, %g2)
)");
}

TEST_CASE("merge_builtin_arrays merges per entry point", "[raise][stage]") {
    Raised r = raise_text(R"(%g0 = global output float builtin(clip_distance) ; a
%g1 = global output float4 builtin(position) ; pa
%g2 = global output float2 builtin(clip_distance) ; b
%g3 = global output float4 builtin(position) ; pb

func @first() -> void {
bb0:
  store %g0, 1.0:float
  store %g1, float4{0.0, 0.0, 0.0, 1.0}
  ret
}

func @second() -> void {
bb0:
  store %g2, float2{1.0, 2.0}
  store %g3, float4{0.0, 0.0, 0.0, 1.0}
  ret
}

entry vertex @first outputs(%g0, %g1)
entry vertex @second outputs(%g2, %g3)
)",
                          "merge_builtin_arrays");
    CHECK(r.refusal == "");
    CHECK(contains_line(r.text, "%g0 = global output float[1] builtin(clip_distance) ; gl_ClipDistance"));
    CHECK(contains_line(r.text, "%g1 = global output float[2] builtin(clip_distance) ; gl_ClipDistance"));
    CHECK(contains_line(r.text, "entry vertex @first outputs(%g0, %g2)"));
    CHECK(contains_line(r.text, "entry vertex @second outputs(%g1, %g3)"));
}

TEST_CASE("merge_builtin_arrays leaves a module without those built-ins alone", "[raise][stage]") {
    const char* ir = R"(%g0 = global output float4 builtin(position) ; pos

func @main() -> void {
bb0:
  store %g0, float4{0.0, 0.0, 0.0, 1.0}
  ret
}

entry vertex @main outputs(%g0)
)";
    Raised r = raise_text(ir, "merge_builtin_arrays");
    CHECK_FALSE(r.changed);
    CHECK(r.text == ir);
}

}  // namespace
}  // namespace oneshader::raise::test
