// place_interlock: one critical section around a pixel shader's rasterizer-ordered accesses, in the
// entry point's function, where SPIRV-Tools' interlock placement leaves DXC's.
#include "raise_fixture.hpp"

namespace oneshader::raise::test {
namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The lines of function `name`'s body, without indentation or trailing comments.
std::vector<std::string> body(const std::string& text, const std::string& name) {
    std::vector<std::string> out;
    std::size_t at = text.find("func @" + name + "(");
    if (at == std::string::npos) return out;
    at = text.find('\n', at) + 1;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        std::string line = text.substr(at, end - at);
        if (line == "}") break;
        if (std::size_t c = line.find(" ;"); c != std::string::npos) line = line.substr(0, c);
        out.push_back(line.substr(line.find_first_not_of(' ')));
        at = end + 1;
    }
    return out;
}

constexpr const char* kGlobals = R"(%g0 = global uniform_constant RasterizerOrderedTexture2D<float4> set(0) binding(0) ; Accum
%g1 = global uniform_constant RWTexture2D<float4> set(0) binding(1) ; Plain
%g2 = global storage RasterizerOrderedStructuredBuffer<uint> set(0) binding(2) ; Items
%g3 = global input float4 builtin(frag_coord) ; pos
)";

TEST_CASE("straight-line accesses: begin before the first, end after the last", "[raise][interlock]") {
    Raised r = raise_text(std::string(kGlobals) + R"(
func @main() -> void {
bb0:
  %0 = load %g3 : float4
  %1 = swizzle %0 [0, 1] : float2
  %2 = convert %1 : uint2
  texture_store %g1, %2, %0
  %3 = texture_load %g0, %2 : float4
  %4 = add %3, %0 : float4
  texture_store %g0, %2, %4
  %5 = access %g2, 0:int : ptr<storage, uint>
  store %5, 1:uint
  texture_store %g1, %2, %4
  ret
}

entry pixel @main inputs(%g3)
)",
                          "place_interlock");
    CHECK(r.changed);
    std::vector<std::string> b = body(r.text, "main");
    std::vector<std::string> want = {"bb0:",
                                     "%0 = load %g3 : float4",
                                     "%1 = swizzle %0 [0, 1] : float2",
                                     "%2 = convert %1 : uint2",
                                     "texture_store %g1, %2, %0",
                                     "interlock_begin",
                                     "%3 = texture_load %g0, %2 : float4",
                                     "%4 = add %3, %0 : float4",
                                     "texture_store %g0, %2, %4",
                                     "%5 = access %g2, 0:int : ptr<storage, uint>",
                                     "store %5, 1:uint",
                                     "interlock_end",
                                     "texture_store %g1, %2, %4",
                                     "ret"};
    CHECK(b == want);
}

TEST_CASE("a module without rasterizer-ordered accesses in pixel shaders is unchanged", "[raise][interlock]") {
    Raised r = raise_text(std::string(kGlobals) + R"(
func @main() -> void {
bb0:
  %0 = access %g2, 0:int : ptr<storage, uint>
  %1 = atomic add %0, 1:uint : uint
  %2 = buffer_length %g2 : uint
  ret
}

func @cs() -> void {
bb0:
  ret
}

entry pixel @main inputs(%g3)
entry compute @cs workgroup_size(1, 1, 1)
)",
                          "place_interlock");
    CHECK_FALSE(r.changed);
    CHECK(r.text.find("interlock") == std::string::npos);
}

TEST_CASE("a loop's section moves out of the loop", "[raise][interlock]") {
    Raised r = raise_text(std::string(kGlobals) + R"(
func @main() -> void {
bb0:
  br bb1
bb1: ; loop merge=bb5 continue=bb4
  %0 = phi [0:uint, bb0], [%4, bb4] : uint
  br bb2
bb2:
  %1 = lt %0, 4:uint : bool
  cond_br %1, bb3, bb5
bb3:
  %2 = construct %0, %0 : uint2
  %3 = texture_load %g0, %2 : float4
  texture_store %g0, %2, %3
  br bb4
bb4:
  %4 = add %0, 1:uint : uint
  br bb1
bb5:
  ret
}

entry pixel @main inputs(%g3)
)",
                          "place_interlock");
    std::vector<std::string> b = body(r.text, "main");
    std::vector<std::string> want = {"bb0:",
                                     "interlock_begin",
                                     "br bb1",
                                     "bb1:",
                                     "%0 = phi [0:uint, bb0], [%4, bb4] : uint",
                                     "br bb2",
                                     "bb2:",
                                     "%1 = lt %0, 4:uint : bool",
                                     "cond_br %1, bb3, bb5",
                                     "bb3:",
                                     "%2 = construct %0, %0 : uint2",
                                     "%3 = texture_load %g0, %2 : float4",
                                     "texture_store %g0, %2, %3",
                                     "br bb4",
                                     "bb4:",
                                     "%4 = add %0, 1:uint : uint",
                                     "br bb1",
                                     "bb5:",
                                     "interlock_end",
                                     "ret"};
    CHECK(b == want);
}

constexpr const char* kBranch = R"(
func @main() -> void {
bb0: ; selection merge=bb2
  %0 = load %g3 : float4
  %1 = swizzle %0 [0, 1] : float2
  %2 = convert %1 : uint2
  %3 = extract %0 [2] : float
  %4 = lt %3, 0.5:float : bool
  cond_br %4, bb1, bb2
bb1:
  texture_store %g0, %2, %0
  br bb2
bb2:
  %5 = phi [1:uint, bb0], [2:uint, bb1] : uint
  AFTER
  ret
}

entry pixel @main inputs(%g3)
)";

std::string branch(const std::string& after) {
    std::string text = std::string(kGlobals) + kBranch;
    return text.replace(text.find("AFTER"), 5, after);
}

TEST_CASE("an access in one arm keeps its section in the arm", "[raise][interlock]") {
    Raised r = raise_text(branch("texture_store %g1, %2, %0"), "place_interlock");
    std::vector<std::string> b = body(r.text, "main");
    std::vector<std::string> want = {"bb0:",
                                     "%0 = load %g3 : float4",
                                     "%1 = swizzle %0 [0, 1] : float2",
                                     "%2 = convert %1 : uint2",
                                     "%3 = extract %0 [2] : float",
                                     "%4 = lt %3, 0.5:float : bool",
                                     "cond_br %4, bb1, bb2",
                                     "bb1:",
                                     "interlock_begin",
                                     "texture_store %g0, %2, %0",
                                     "interlock_end",
                                     "br bb2",
                                     "bb2:",
                                     "%5 = phi [1:uint, bb0], [2:uint, bb1] : uint",
                                     "texture_store %g1, %2, %0",
                                     "ret"};
    CHECK(b == want);
}

TEST_CASE("a section that goes on after a branch begins on the arm without access, on a new block",
          "[raise][interlock]") {
    Raised r = raise_text(branch("%6 = access %g2, %5 : ptr<storage, uint>\n  store %6, %5"), "place_interlock");
    std::vector<std::string> b = body(r.text, "main");
    // The edge bb0 -> merge gets a block of its own (laid out after bb0), which the phi now names.
    std::vector<std::string> want = {"bb0:",
                                     "%0 = load %g3 : float4",
                                     "%1 = swizzle %0 [0, 1] : float2",
                                     "%2 = convert %1 : uint2",
                                     "%3 = extract %0 [2] : float",
                                     "%4 = lt %3, 0.5:float : bool",
                                     "cond_br %4, bb2, bb1",
                                     "bb1:",
                                     "interlock_begin",
                                     "br bb3",
                                     "bb2:",
                                     "interlock_begin",
                                     "texture_store %g0, %2, %0",
                                     "br bb3",
                                     "bb3:",
                                     "%5 = phi [1:uint, bb1], [2:uint, bb2] : uint",
                                     "%6 = access %g2, %5 : ptr<storage, uint>",
                                     "store %6, %5",
                                     "interlock_end",
                                     "ret"};
    CHECK(b == want);
    CHECK(count_of(r.text, "interlock_end") == 1);
}

TEST_CASE("a call that reaches an access is the access, and the callee is left alone", "[raise][interlock]") {
    Raised r = raise_text(std::string(kGlobals) + R"(
func @store(%arg0: uint2) -> void {
bb0:
  texture_store %g0, %arg0, float4{1.0, 0.0, 0.0, 1.0}
  ret
}

func @wrap(%arg0: uint2) -> void {
bb0:
  call @store(%arg0)
  ret
}

func @main() -> void {
bb0:
  %0 = load %g3 : float4
  %1 = swizzle %0 [0, 1] : float2
  %2 = convert %1 : uint2
  call @wrap(%2)
  ret
}

entry pixel @main inputs(%g3)
)",
                          "place_interlock");
    CHECK(body(r.text, "store") == std::vector<std::string>{"bb0:", "texture_store %g0, %arg0, float4{1.0, 0.0, 0.0, 1.0}", "ret"});
    CHECK(body(r.text, "wrap") == std::vector<std::string>{"bb0:", "call @store(%arg0)", "ret"});
    CHECK(count_of(r.text, "interlock") == 2);
    std::vector<std::string> b = body(r.text, "main");
    std::vector<std::string> want = {"bb0:",
                                     "%0 = load %g3 : float4",
                                     "%1 = swizzle %0 [0, 1] : float2",
                                     "%2 = convert %1 : uint2",
                                     "interlock_begin",
                                     "call @wrap(%2)",
                                     "interlock_end",
                                     "ret"};
    CHECK(b == want);
}

}  // namespace
}  // namespace oneshader::raise::test
