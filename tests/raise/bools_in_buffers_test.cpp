// bools_in_buffers: bools in buffer memory are 32-bit uints converted at loads and stores.
#include "raise_fixture.hpp"
#include "raised_ir.hpp"

namespace oneshader::raise::test {
namespace {

TEST_CASE("bools_in_buffers stores uints and converts at each load and store", "[raise][buffers]") {
    Raised r = raise_text(test_ir::kBoolsInBuffer,
                          "bools_in_buffers");
    CHECK(r.refusal == "");
    CHECK(r.changed);
    CHECK(r.text == R"(struct S { flag: bool, value: float, mask: bool2 }
struct S.1 { flag: uint, value: float, mask: uint2 }

%g0 = global storage RWStructuredBuffer<S.1> set(0) binding(0) ; items

func @main() -> void {
bb0:
  %0 = access %g0, 0:uint : ptr<storage, S.1>
  %1 = load %0 : S.1
  %2 = extract %1 [0] : uint
  %3 = ne %2, 0:uint : bool
  %4 = extract %1 [1] : float
  %5 = extract %1 [2] : uint2
  %6 = ne %5, uint2{0, 0} : bool2
  %7 = construct %3, %4, %6 : S ; item
  %8 = access %g0, 1:uint : ptr<storage, S.1>
  %9 = extract %7 [0] : bool
  %10 = select %9, 1:uint, 0:uint : uint
  %11 = extract %7 [1] : float
  %12 = extract %7 [2] : bool2
  %13 = select %12, uint2{1, 1}, uint2{0, 0} : uint2
  %14 = construct %10, %11, %13 : S.1
  store %8, %14
  %15 = access %g0, 2:uint, 0:int : ptr<storage, uint>
  %16 = load %15 : uint
  %17 = ne %16, 0:uint : bool
  %18 = not %17 : bool
  %19 = select %18, 1:uint, 0:uint : uint
  store %15, %19
  %20 = access %g0, 2:uint, 1:int : ptr<storage, float>
  %21 = load %20 : float
  store %20, %21
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
}

TEST_CASE("bools_in_buffers converts byte-address loads and stores of bools", "[raise][buffers]") {
    Raised r = raise_text(R"(%g0 = global storage RWByteAddressBuffer set(0) binding(0) ; raw

func @main() -> void {
bb0:
  %0 = byte_load %g0, 16:uint : bool2 ; flags
  %1 = extract %0 [0] : bool
  byte_store %g0, 0:uint, %1
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)",
                          "bools_in_buffers");
    CHECK(r.refusal == "");
    CHECK(r.text == R"(%g0 = global storage RWByteAddressBuffer set(0) binding(0) ; raw

func @main() -> void {
bb0:
  %0 = byte_load %g0, 16:uint : uint2
  %1 = ne %0, uint2{0, 0} : bool2 ; flags
  %2 = extract %1 [0] : bool
  %3 = select %2, 1:uint, 0:uint : uint
  byte_store %g0, 0:uint, %3
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
}

TEST_CASE("bools_in_buffers leaves buffers without bools and bools elsewhere alone", "[raise][buffers]") {
    const char* ir = R"(struct L { color: float3, on: float }

%g0 = global uniform ConstantBuffer<L> set(0) binding(0) ; light
%g1 = global private bool ; seen

func @main() -> void {
bb0:
  %0 = access %g0, 1:int : ptr<uniform, float>
  %1 = load %0 : float
  %2 = gt %1, 0.0:float : bool
  store %g1, %2
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)";
    Raised r = raise_text(ir, "bools_in_buffers");
    CHECK_FALSE(r.changed);
    CHECK(r.text == ir);
}

TEST_CASE("bools_in_buffers makes a bool matrix a uint matrix converted as a whole", "[raise][buffers]") {
    Raised r = raise_text(R"(struct M { m: row_major bool2x2 }

%g0 = global storage RWStructuredBuffer<M> set(0) binding(0) ; items

func @main() -> void {
bb0:
  %0 = access %g0, 0:uint, 0:int : ptr<storage, row_major bool2x2>
  %1 = load %0 : bool2x2
  %2 = access %g0, 1:uint, 0:int : ptr<storage, row_major bool2x2>
  store %2, %1
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)",
                          "bools_in_buffers");
    CHECK(r.refusal == "");
    CHECK(r.changed);
    INFO(r.text);
    CHECK(r.text.find("{ m: row_major uint2x2 }") != std::string::npos);
    CHECK(r.text.find("ptr<storage, row_major uint2x2>") != std::string::npos);
    CHECK(r.text.find("= convert %1 : bool2x2") != std::string::npos);
    CHECK(r.text.find(": uint2x2\n  store %") != std::string::npos);
}

}  // namespace
}  // namespace oneshader::raise::test
