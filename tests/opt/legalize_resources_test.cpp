// legalize_resources: resource references held in variables, structs, selects, phis, arguments
// and results become uses of one global each, with as little change to the rest as possible, or
// error OSH0403 at the use that still depends on a run-time choice.
#include <catch2/catch.hpp>

#include "opt_fixture.hpp"
#include "support/diagnostics.hpp"
#include "support/source_manager.hpp"

using namespace oneshader;
using opt::test::IrFixture;

namespace {

struct Legalized {
    std::string text;
    std::vector<std::string> messages;  // "OSH0403: ..." per diagnostic
    bool ok = false;
};

Legalized legalize(std::string_view input) {
    IrFixture f;
    f.parse(input);
    REQUIRE(ir::verify(f.module) == std::vector<std::string>{});
    support::SourceManager sm;
    support::DiagnosticEngine diags(sm);
    Legalized out;
    out.ok = opt::legalize_resources(f.module, diags);
    for (const support::Diag& d : diags.diagnostics())
        out.messages.push_back(support::format_code(d.code) + ": " + d.message);
    if (out.ok) {
        CHECK(ir::verify(f.module) == std::vector<std::string>{});
        CHECK_FALSE(opt::needs_resource_legalization(f.module));
    }
    out.text = ir::print_module(f.module);
    return out;
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

// A local resource and a float local (at -O0 the float stays in memory).
constexpr std::string_view kLocal = R"(%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; A
%g1 = global uniform_constant SamplerState set(0) binding(1) ; S

func @f(%arg0: float2) -> float4 { ; uv
bb0: ; (entry)
  %0 = alloca : ptr<function, ptr<uniform_constant, Texture2D<float4>>> ; t
  %1 = alloca : ptr<function, float2> ; uv
  store %1, %arg0
  store %0, %g0
  %2 = load %0 : ptr<uniform_constant, Texture2D<float4>>
  %3 = load %1 : float2
  %4 = sample %2, %g1, %3 : float4
  ret %4
}
)";

}  // namespace

TEST_CASE("legalize_resources: a resource local becomes its global, other variables stay", "[opt][legalize]") {
    Legalized l = legalize(kLocal);
    INFO(l.text);
    REQUIRE(l.ok);
    CHECK(contains(l.text, "sample %g0, %g1, %"));
    CHECK_FALSE(contains(l.text, "; t\n"));
    CHECK(contains(l.text, "alloca : ptr<function, float2> ; uv"));  // only references are promoted
}

TEST_CASE("legalize_resources: a module without references is left as it is", "[opt][legalize]") {
    constexpr std::string_view kPlain = R"(%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; A
%g1 = global uniform_constant SamplerState set(0) binding(1) ; S

func @f(%arg0: float2) -> float4 { ; uv
bb0: ; (entry)
  %0 = alloca : ptr<function, float2> ; uv
  store %0, %arg0
  %1 = load %0 : float2
  %2 = sample %g0, %g1, %1 : float4
  ret %2
}
)";
    IrFixture f;
    f.parse(kPlain);
    CHECK_FALSE(opt::needs_resource_legalization(f.module));
    Legalized l = legalize(kPlain);
    CHECK(l.ok);
    CHECK(l.text == ir::print_module(f.module));
}

TEST_CASE("legalize_resources: a struct holding a resource, passed to a function, is inlined and split",
          "[opt][legalize]") {
    Legalized l = legalize(R"(struct Layer { tex: ptr<uniform_constant, Texture2D<float4>>, scale: float }

%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; A
%g1 = global uniform_constant SamplerState set(0) binding(1) ; S
%g2 = global output float4 location(0) ; out

func @shade(%arg0: Layer, %arg1: float2) -> float4 { ; l, uv
bb0: ; (entry)
  %0 = alloca : ptr<function, Layer> ; l
  store %0, %arg0
  %1 = access %0, 0:int : ptr<function, ptr<uniform_constant, Texture2D<float4>>>
  %2 = load %1 : ptr<uniform_constant, Texture2D<float4>>
  %3 = sample %2, %g1, %arg1 : float4
  ret %3
}

func @main() -> void {
bb0: ; (entry)
  %0 = alloca : ptr<function, Layer> ; l
  %1 = access %0, 0:int : ptr<function, ptr<uniform_constant, Texture2D<float4>>>
  store %1, %g0
  %2 = access %0, 1:int : ptr<function, float>
  store %2, 2.0:float
  %3 = load %0 : Layer
  %4 = call @shade(%3, zero:float2) : float4
  store %g2, %4
  ret
}

entry pixel @main outputs(%g2)
)");
    INFO(l.text);
    REQUIRE(l.ok);
    CHECK(contains(l.text, "sample %g0, %g1, zero:float2"));
    CHECK_FALSE(contains(l.text, "func @shade"));  // inlined everywhere, then gone
    CHECK_FALSE(contains(l.text, "Layer"));
}

TEST_CASE("legalize_resources: a choice that folds once the call is inlined resolves", "[opt][legalize]") {
    Legalized l = legalize(R"(%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; A
%g1 = global uniform_constant Texture2D<float4> set(0) binding(1) ; B
%g2 = global uniform_constant SamplerState set(0) binding(2) ; S
%g3 = global output float4 location(0) ; out

func @pick(%arg0: int) -> ptr<uniform_constant, Texture2D<float4>> { ; m
bb0: ; selection merge=bb2 (entry)
  %0 = eq %arg0, 1:int : bool
  cond_br %0, bb1, bb2
bb1: ; (if.then)
  ret %g0
bb2: ; (if.merge)
  ret %g1
}

func @main() -> void {
bb0: ; (entry)
  %0 = call @pick(1:int) : ptr<uniform_constant, Texture2D<float4>>
  %1 = sample %0, %g2, zero:float2 : float4
  store %g3, %1
  ret
}

entry pixel @main outputs(%g3)
)");
    INFO(l.text);
    REQUIRE(l.ok);
    CHECK(contains(l.text, "sample %g0, %g2, zero:float2"));
    CHECK_FALSE(contains(l.text, "%g1,"));
}

TEST_CASE("legalize_resources: a run-time choice is OSH0403 naming the variable", "[opt][legalize]") {
    Legalized l = legalize(R"(%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; A
%g1 = global uniform_constant Texture2D<float4> set(0) binding(1) ; B
%g2 = global uniform_constant SamplerState set(0) binding(2) ; S

func @f(%arg0: bool) -> float4 { ; c
bb0: ; selection merge=bb2 (entry)
  %0 = alloca : ptr<function, ptr<uniform_constant, Texture2D<float4>>> ; tex
  store %0, %g0
  cond_br %arg0, bb1, bb2
bb1: ; (if.then)
  store %0, %g1
  br bb2
bb2: ; (if.merge)
  %1 = load %0 : ptr<uniform_constant, Texture2D<float4>>
  %2 = sample %1, %g2, zero:float2 : float4
  %3 = select %arg0, %g0, %g1 : ptr<uniform_constant, Texture2D<float4>>
  %4 = sample %3, %g2, zero:float2 : float4
  %5 = add %2, %4 : float4
  ret %5
}
)");
    CHECK_FALSE(l.ok);
    REQUIRE(l.messages.size() == 2);
    CHECK(contains(l.messages[0], "OSH0403: cannot resolve the resource 'tex' to a single global resource here: it "
                                  "holds different resources after a branch or loop whose condition is not a "
                                  "compile-time constant"));
    CHECK(contains(l.messages[1], "OSH0403: cannot resolve this resource to a single global resource here: it is "
                                  "chosen by a '?:' whose condition is not a compile-time constant"));
    CHECK(contains(l.messages[1], "declare a resource array and index it with the choice"));
}

TEST_CASE("legalize_resources: a static holding a resource becomes a local of each entry point", "[opt][legalize]") {
    // `static Texture2D T = A;` read by a helper: the helper is inlined into the entry point, the
    // static becomes the entry's local (stored with its initial value, then with A), and resolves.
    Legalized l = legalize(R"(%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; A
%g1 = global uniform_constant SamplerState set(0) binding(1) ; S
%g2 = global private ptr<uniform_constant, Texture2D<float4>> = zero:ptr<uniform_constant, Texture2D<float4>> ; T
%g3 = global output float4 location(0) ; out

func @read() -> float4 {
bb0: ; (entry)
  %0 = load %g2 : ptr<uniform_constant, Texture2D<float4>>
  %1 = sample %0, %g1, zero:float2 : float4
  ret %1
}

func @main() -> void {
bb0: ; (entry)
  store %g2, %g0
  %0 = call @read() : float4
  store %g3, %0
  ret
}

entry pixel @main outputs(%g3)
)");
    INFO(l.text);
    for (const std::string& m : l.messages) INFO(m);
    REQUIRE(l.ok);
    CHECK_FALSE(contains(l.text, "global private"));
    CHECK_FALSE(contains(l.text, "func @read"));
    CHECK(contains(l.text, "sample %g0, %g1"));
}

TEST_CASE("legalize_resources: a counter_of whose buffer has no counter is OSH0400 naming it", "[opt][legalize]") {
    // The IR text has no buffer-to-counter link: the lowering sets it (ir::Global::counter).
    Legalized l = legalize(R"(%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; B

func @main() -> void {
bb0: ; (entry)
  %0 = alloca : ptr<function, ptr<storage, RWStructuredBuffer<uint>>> ; b
  store %0, %g0
  %1 = load %0 : ptr<storage, RWStructuredBuffer<uint>>
  %2 = counter_of %1 : ptr<storage, RWByteAddressBuffer>
  %3 = access %2, 0:uint : ptr<storage, uint>
  store %3, 1:uint
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    INFO(l.text);
    CHECK_FALSE(l.ok);
    REQUIRE(l.messages.size() == 1);
    CHECK(l.messages[0] == "OSH0400: the counter of 'B' is reached through a resource variable here, and it was not "
                           "given one; call IncrementCounter/DecrementCounter on 'B' by name.");
}
