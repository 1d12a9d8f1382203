// Layouts reproduced from DXC's own SPIR-V tests (tools/clang/test/CodeGenSPIRV in
// microsoft/DirectXShaderCompiler). Each case builds the HLSL structs of the named test and checks
// the Offset / ArrayStride / MatrixStride values its CHECK lines expect. DXC's SPIR-V says RowMajor
// where HLSL says column_major (it transposes); the packing checked here is the HLSL one.
#include <catch2/catch.hpp>

#include "types_fixture.hpp"

using namespace types_test;
using V = std::vector<std::uint32_t>;

// vk.layout.vector.relaxed.hlsl (default flags): the same struct in a cbuffer and a structured
// buffer, showing where relaxed packing lets vectors share 16-byte rows.
TEST_CASE("DXC vk.layout.vector.relaxed", "[layout][dxc]") {
    Fixture fx;
    auto f = [&](const char* s) { return fx.t(s); };
    const StructType* s = fx.make(
        "S", {F("f0", f("float")),           F("f1", f("float3")),        F("f2", f("float3")),
              F("f3", f("float1")),          F("f4", f("float")),         F("f5", f("float2")),
              F("f6", f("float1")),          F("f7", f("float2")),        F("f8", f("float2")),
              F("f9", f("float2")),          F("f10", f("float3")),       F("f11", f("float")),
              F("f12", f("float1")),         F("f13", f("float4")),       F("f14", f("float3")),
              F("f15", f("float")),          F("f16", fx.arr(f("float1"), 1)), F("f17", fx.arr(f("float3"), 1)),
              F("f18", fx.arr(f("float3"), 1)), F("f19", fx.arr(f("float"), 1)), F("f20", fx.arr(f("float1"), 2)),
              F("f21", fx.arr(f("float3"), 2)), F("f22", fx.arr(f("float3"), 2)), F("f23", fx.arr(f("float"), 2))});
    CHECK(offsets(fx.cb(s)) == V{0,  4,  16, 28,  32,  36,  44,  48,  56,  64,  80,  92,
                                 96, 112, 128, 140, 144, 160, 176, 192, 208, 240, 272, 304});
    CHECK(offsets(fx.sb(s)) == V{0,  4,  16, 28,  32,  36,  44,  48,  56,  64,  80,  92,
                                 96, 112, 128, 140, 144, 160, 176, 192, 196, 208, 240, 272});
    const StructType* t = fx.make("T", {F("s", s)});
    CHECK(fx.layouts.structured_stride(t) == 288);  // OpDecorate %_runtimearr_T ArrayStride 288
}

// vk.layout.cbuffer.nested.std140.hlsl (default flags): nested arrays of matrices and structs.
TEST_CASE("DXC vk.layout.cbuffer.nested.std140", "[layout][dxc]") {
    Fixture fx;
    const StructType* r = fx.make("R", {F("rf1", fx.arr(fx.rm("float2x3"), 3)), F("rf2", fx.arr(fx.cm("float2x3"), 4)),
                                        F("rf3", fx.arr(fx.t("float2x3"), 2)), F("rf4", fx.arr(fx.rm("int2x3"), 2)),
                                        F("rf5", fx.t("int"))});
    const StructType* s = fx.make("S", {F("sf1", fx.arr(fx.t("float3"), 3)), F("sf2", fx.arr(fx.t("float"), 3)),
                                        F("sf3", fx.arr(r, 4)), F("sf4", fx.arr(fx.rm("float3x2"), 2)),
                                        F("sf5", fx.arr(fx.cm("float3x2"), 3)), F("sf6", fx.arr(fx.t("float3x2"), 4)),
                                        F("sf7", fx.t("float"))});
    const StructType* t = fx.make("T", {F("tf1", fx.arr(r, 2)), F("tf2", fx.arr(s, 3)), F("tf3", fx.t("uint"))});
    const StructType* cbuf = fx.make("MyCbuffer", {F("t", fx.arr(t, 2)), F("z", fx.t("bool"))});

    const TypeLayout& rl = fx.cb(r);
    CHECK(offsets(rl) == V{0, 96, 288, 384, 448});
    CHECK(rl.size == 464);
    CHECK(member(rl, "rf1").stride == 32);  // _arr_mat2v3float_uint_3 ArrayStride 32
    CHECK(member(rl, "rf2").stride == 48);  // _arr_mat2v3float_uint_4 ArrayStride 48
    CHECK(member(rl, "rf3").stride == 48);  // _arr_mat2v3float_uint_2 ArrayStride 48
    CHECK(member(rl, "rf4").stride == 32);  // _arr__arr_v3int_uint_2_uint_2 ArrayStride 32
    for (const char* m : {"rf1", "rf2", "rf3"}) {
        INFO(m);
        CHECK(member(rl, m).element->matrix_stride == 16);
    }
    CHECK(member(rl, "rf1").element->packing == oneshader::MatrixPacking::RowMajor);
    CHECK(member(rl, "rf2").element->packing == oneshader::MatrixPacking::ColumnMajor);
    CHECK(member(rl, "rf3").element->packing == oneshader::MatrixPacking::ColumnMajor);
    CHECK(member(rl, "rf4").element->matrix_stride == 16);  // _arr_v3int_uint_2 ArrayStride 16

    const TypeLayout& sl = fx.cb(s);
    CHECK(offsets(sl) == V{0, 48, 96, 1952, 2048, 2144, 2272});
    CHECK(member(sl, "sf1").stride == 16);
    CHECK(member(sl, "sf2").stride == 16);
    CHECK(member(sl, "sf3").stride == 464);
    CHECK(member(sl, "sf4").stride == 48);
    CHECK(member(sl, "sf5").stride == 32);
    CHECK(member(sl, "sf6").stride == 32);

    const TypeLayout& tl = fx.cb(t);
    CHECK(offsets(tl) == V{0, 928, 7792});
    CHECK(member(tl, "tf2").stride == 2288);  // _arr_S_uint_3 ArrayStride 2288
    const TypeLayout& cl = fx.cb(cbuf);
    CHECK(offsets(cl) == V{0, 15616});
    CHECK(member(cl, "t").stride == 7808);  // _arr_T_uint_2 ArrayStride 7808
}

// vk.layout.64bit-types.std140.hlsl (default flags): doubles and 64-bit integers in a cbuffer.
TEST_CASE("DXC vk.layout.64bit-types.std140", "[layout][dxc]") {
    Fixture fx;
    const StructType* cb = fx.make(
        "MyCBuffer", {F("f1", fx.t("float")), F("f2", fx.t("uint64_t")), F("f3", fx.arr(fx.t("double"), 3)),
                      F("f4", fx.t("float")), F("f5", fx.t("int64_t3")), F("f6", fx.t("double3x2")),
                      F("f7", fx.t("double2x1")), F("f8", fx.t("float")), F("f9", fx.arr(fx.rm("double2x3"), 2)),
                      F("f10", fx.arr(fx.t("int64_t2"), 1))});
    const TypeLayout& l = fx.cb(cb);
    CHECK(offsets(l) == V{0, 8, 16, 64, 96, 128, 192, 208, 224, 352});
    CHECK(member(l, "f3").stride == 16);
    CHECK(member(l, "f6").matrix_stride == 32);
    CHECK(member(l, "f9").stride == 64);
    CHECK(member(l, "f9").element->matrix_stride == 32);
    CHECK(member(l, "f10").stride == 16);
    CHECK(member(l, "f7").kind == LayoutKind::Vector);  // a 2x1 matrix is stored as a double2
    CHECK(l.alignment == 32);
    CHECK(l.size == 384);  // the test's own size column
}

// vk.layout.64bit-types.std430.hlsl (default flags): the same members in a structured buffer.
TEST_CASE("DXC vk.layout.64bit-types.std430", "[layout][dxc]") {
    Fixture fx;
    const StructType* s = fx.make(
        "S", {F("f1", fx.t("float")), F("f2", fx.t("uint64_t")), F("f3", fx.arr(fx.t("double"), 3)),
              F("f4", fx.t("float")), F("f5", fx.t("int64_t3")), F("f6", fx.t("double3x2")),
              F("f7", fx.t("double2x1")), F("f8", fx.t("float")), F("f9", fx.arr(fx.rm("double2x3"), 2)),
              F("f10", fx.arr(fx.t("int64_t2"), 1))});
    const TypeLayout& l = fx.sb(s);
    CHECK(offsets(l) == V{0, 8, 16, 40, 64, 96, 160, 176, 192, 320});
    CHECK(member(l, "f3").stride == 8);
    CHECK(member(l, "f6").matrix_stride == 32);
    CHECK(member(l, "f9").stride == 64);
    CHECK(member(l, "f10").stride == 16);
    CHECK(fx.layouts.structured_stride(s) == 352);
}

// vk.layout.16bit-types.cbuffer.hlsl (-enable-16bit-types).
TEST_CASE("DXC vk.layout.16bit-types.cbuffer", "[layout][dxc]") {
    Fixture fx(true);
    const StructType* cb =
        fx.make("MyCBuffer", {F("gVal1", fx.t("uint16_t2")), F("gVal2", fx.t("int16_t")), F("gVal3", fx.t("half3x2"))});
    const TypeLayout& l = fx.cb(cb);
    CHECK(offsets(l) == V{0, 4, 16});
    CHECK(member(l, "gVal3").matrix_stride == 16);
}

// vk.layout.16bit-types.sbuffer.hlsl (-enable-16bit-types).
TEST_CASE("DXC vk.layout.16bit-types.sbuffer", "[layout][dxc]") {
    Fixture fx(true);
    const StructType* s =
        fx.make("S", {F("val1", fx.t("float16_t3x2")), F("val2", fx.t("uint16_t2")), F("val3", fx.t("int16_t"))});
    const StructType* t = fx.make("T", {F("nested", s), F("val", fx.t("float4"))});
    const TypeLayout& sl = fx.sb(s);
    CHECK(offsets(sl) == V{0, 16, 20});
    CHECK(member(sl, "val1").matrix_stride == 8);
    CHECK(offsets(fx.sb(t)) == V{0, 32});
    CHECK(fx.layouts.structured_stride(t) == 48);
}

// empty_struct.hlsl (DXC pull request #6635): an empty struct is aligned like any struct in a
// cbuffer (16) and takes no bytes.
TEST_CASE("DXC empty_struct", "[layout][dxc]") {
    Fixture fx;
    const StructType* empty = fx.make("empty_struct", {});
    const StructType* cb =
        fx.make("cb", {F("a", fx.t("float3")), F("b", empty), F("c", fx.t("float2")), F("test", fx.t("float4"))});
    CHECK(offsets(fx.cb(cb)) == V{0, 16, 16, 32});
    CHECK(fx.cb(empty).size == 0);
    CHECK(fx.cb(empty).alignment == 16);
    CHECK(fx.sb(empty).alignment == 1);
}

// vk.layout.sbuffer.std430.hlsl. That test runs with -fvk-use-gl-layout (strict std430), but no
// vector in these structs fits in a partly used 16-byte row, so the relaxed default gives the
// same offsets, which this case checks.
TEST_CASE("DXC vk.layout.sbuffer.std430", "[layout][dxc]") {
    Fixture fx;
    const StructType* r = fx.make("R", {F("rf", fx.t("float2"))});
    const StructType* s =
        fx.make("S", {F("sf1", r), F("sf2", fx.t("float")), F("sf3", fx.t("float3")), F("sf4", fx.t("float"))});
    const StructType* t = fx.make("T", {F("tf1", fx.t("int")), F("tf2", fx.arr(r, 3)), F("tf3", fx.t("float3x2")),
                                        F("tf4", fx.rm("int3x2")), F("tf5", s), F("tf6", fx.t("float"))});
    const StructType* sbuf = fx.make(
        "SBuffer", {F("a", fx.t("bool")), F("b", fx.t("uint1")), F("c", fx.t("float3")), F("d", fx.rm("float2x3")),
                    F("e", fx.cm("float2x3")), F("f", fx.t("float2x1")), F("g", fx.arr(fx.rm("float2x3"), 3)),
                    F("h", fx.arr(fx.cm("float2x2"), 4)), F("i", fx.arr(fx.rm("int2x3"), 5)), F("t", t),
                    F("z", fx.t("float"))});
    CHECK(offsets(fx.sb(r)) == V{0});
    CHECK(offsets(fx.sb(s)) == V{0, 8, 16, 28});
    const TypeLayout& tl = fx.sb(t);
    CHECK(offsets(tl) == V{0, 8, 32, 64, 96, 128});
    CHECK(member(tl, "tf2").stride == 8);
    CHECK(member(tl, "tf3").matrix_stride == 16);
    const TypeLayout& l = fx.sb(sbuf);
    CHECK(offsets(l) == V{0, 4, 16, 32, 64, 88, 96, 192, 256, 416, 560});
    CHECK(member(l, "d").matrix_stride == 16);
    CHECK(member(l, "e").matrix_stride == 8);
    CHECK(member(l, "g").stride == 32);
    CHECK(member(l, "g").element->matrix_stride == 16);
    CHECK(member(l, "h").stride == 16);
    CHECK(member(l, "h").element->matrix_stride == 8);
    CHECK(member(l, "i").stride == 32);
    CHECK(fx.layouts.structured_stride(sbuf) == 576);
}

// vk.layout.cbuffer.std140.hlsl runs with -fvk-use-glsl-layout (strict std140). Its cbuffer
// members land where they do under the relaxed default as well; only the inner struct S differs,
// where relaxed packing moves `float3 sf3` up into the row `float sf2` started.
TEST_CASE("DXC vk.layout.cbuffer.std140, relaxed", "[layout][dxc]") {
    Fixture fx;
    const StructType* r = fx.make("R", {F("rf", fx.t("float2"))});
    const StructType* s =
        fx.make("S", {F("sf1", r), F("sf2", fx.t("float")), F("sf3", fx.t("float3")), F("sf4", fx.t("float"))});
    const StructType* t = fx.make("T", {F("tf1", fx.t("int")), F("tf2", fx.arr(r, 3)), F("tf3", fx.t("float3x2")),
                                        F("tf4", s), F("tf5", fx.t("float")), F("tf6", fx.rm("int3x2"))});
    const StructType* cb = fx.make(
        "MyCBuffer", {F("a", fx.t("bool")), F("b", fx.t("uint1")), F("c", fx.t("float3")), F("d", fx.rm("float2x3")),
                      F("e", fx.cm("float2x3")), F("f", fx.t("float2x1")), F("g", fx.arr(fx.rm("float2x3"), 3)),
                      F("h", fx.arr(fx.cm("float2x2"), 4)), F("t", t), F("y", fx.rm("int2x3")),
                      F("z", fx.t("float"))});
    CHECK(fx.cb(r).size == 16);
    CHECK(offsets(fx.cb(s)) == V{0, 16, 20, 32});  // strict std140: 0, 16, 32, 44
    CHECK(fx.cb(s).size == 48);
    CHECK(offsets(fx.cb(t)) == V{0, 16, 64, 96, 144, 160});
    CHECK(fx.cb(t).size == 208);
    const TypeLayout& l = fx.cb(cb);
    CHECK(offsets(l) == V{0, 4, 16, 32, 64, 112, 128, 224, 352, 560, 592});
    CHECK(member(l, "g").stride == 32);  // _arr_mat2v3float_uint_3 ArrayStride 32
    CHECK(member(l, "h").stride == 32);  // _arr_mat2v2float_uint_4 ArrayStride 32
    CHECK(member(l, "d").matrix_stride == 16);
    CHECK(member(l, "e").matrix_stride == 16);
}

// vk.layout.push-constant.std430.hlsl runs with -fvk-use-glsl-layout; struct T has no vector that
// relaxed packing would move, so its offsets and strides are the same under the default rules.
TEST_CASE("DXC vk.layout.push-constant.std430, struct T", "[layout][dxc]") {
    Fixture fx;
    const StructType* t = fx.make("T", {F("f1", fx.arr(fx.t("float2"), 3)), F("f2", fx.arr(fx.cm("float3x2"), 2)),
                                        F("f4", fx.arr(fx.rm("int3x2"), 2)), F("f3", fx.arr(fx.rm("float3x2"), 2))});
    const TypeLayout& l = fx.sb(t);
    CHECK(offsets(l) == V{0, 32, 96, 144});
    CHECK(member(l, "f1").stride == 8);
    CHECK(member(l, "f2").stride == 32);
    CHECK(member(l, "f2").element->matrix_stride == 16);
    CHECK(member(l, "f4").stride == 24);
    CHECK(member(l, "f3").element->matrix_stride == 8);
}

// vk.push-constant.offset.hlsl (default flags): [[vk::offset]] on push-constant members.
TEST_CASE("DXC vk.push-constant.offset", "[layout][dxc]") {
    Fixture fx;
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("b", fx.t("float2")).at(8), F("f", fx.t("float4")).at(32)});
    const TypeLayout& l = fx.sb(s);
    CHECK(offsets(l) == V{0, 8, 32});
    CHECK(l.size == 48);
}

// vk.layout.cbuffer.packoffset.error.hlsl: DXC reports the two members that land on bytes an
// earlier member holds.
TEST_CASE("DXC vk.layout.cbuffer.packoffset.error", "[layout][dxc][packoffset]") {
    Fixture fx;
    const StructType* cb = fx.make("MyCBuffer", {F("data1", fx.t("float4")).pack(0), F("data2", fx.t("float4")).pack(2),
                                                 F("data3", fx.t("float")).pack(0), F("data4", fx.t("float")).pack(10, 2),
                                                 F("data5", fx.t("float")).pack(10, 2)});
    const TypeLayout& l = fx.cb(cb);
    CHECK(offsets(l) == V{0, 32, 0, 168, 168});
    auto overlaps = find_overlaps(l);
    REQUIRE(overlaps.size() == 2);
    CHECK(overlaps[0].first == 0);
    CHECK(overlaps[0].second == 2);
    CHECK(overlaps[1].first == 3);
    CHECK(overlaps[1].second == 4);
}
