// Layouts printed in the OneShader documentation (the OneShader 1.2 specification), page by page.
#include <catch2/catch.hpp>

#include "types_fixture.hpp"

using namespace types_test;
using V = std::vector<std::uint32_t>;

// "Getting started" and "Generated bindings" → "Example": Frame is 80 bytes with Tint at 64, and
// 64 bytes with the matrix alone.
TEST_CASE("spec: Sprite Frame", "[layout][spec]") {
    Fixture fx;
    const StructType* frame = fx.make("Frame", {F("ViewProjection", fx.t("float4x4")), F("Tint", fx.t("float4"))});
    const TypeLayout& l = fx.cb(frame);
    CHECK(offsets(l) == V{0, 64});
    CHECK(l.size == 80);
    const TypeLayout& m = member(l, "ViewProjection");
    CHECK(m.kind == LayoutKind::Matrix);
    CHECK(m.size == 64);
    CHECK(m.matrix_stride == 16);
    CHECK(m.packing == oneshader::MatrixPacking::ColumnMajor);
    CHECK(fx.cb(fx.make("Frame", {F("ViewProjection", fx.t("float4x4"))})).size == 64);
}

// "Match HLSL constant buffers with C# structs": the Light cbuffer and DXC's decorations for it.
TEST_CASE("spec: cbuffer packing cookbook (Light)", "[layout][spec]") {
    Fixture fx;
    const StructType* light =
        fx.make("Light", {F("LightDirection", fx.t("float3")), F("Intensity", fx.t("float")),
                          F("ShadowBias", fx.t("float2")), F("Ambient", fx.t("float3")),
                          F("Weights", fx.arr(fx.t("float"), 4)), F("LightViewProjection", fx.t("float4x4"))});
    const TypeLayout& l = fx.cb(light);
    CHECK(offsets(l) == V{0, 12, 16, 32, 48, 112});
    CHECK(l.size == 176);
    CHECK(member(l, "Weights").stride == 16);
    CHECK(member(l, "Weights").length == 4);
    CHECK(member(l, "LightViewProjection").matrix_stride == 16);
}

// "Reflection file format": Frame size=128, ViewProjection at 0, Weights (length 3, stride 16) at 80.
TEST_CASE("spec: reflection format example", "[layout][spec]") {
    Fixture fx;
    const StructType* frame = fx.make("Frame", {F("ViewProjection", fx.t("float4x4")), F("Tint", fx.t("float4")),
                                                F("Weights", fx.arr(fx.t("float"), 3))});
    const TypeLayout& l = fx.cb(frame);
    CHECK(l.size == 128);
    CHECK(l.alignment == 16);
    CHECK(l.members[2].offset == 80);
    CHECK(member(l, "Weights").kind == LayoutKind::Array);
    CHECK(member(l, "Weights").stride == 16);
    CHECK(member(l, "Weights").element->kind == LayoutKind::Scalar);
    CHECK(member(l, "Weights").element->scalar == ScalarKind::Float);
}

// "Push constants on Vulkan, Metal and WebGPU": PerDraw is 96 bytes.
TEST_CASE("spec: push constant PerDraw", "[layout][spec]") {
    Fixture fx;
    const StructType* per_draw =
        fx.make("PerDraw", {F("Model", fx.t("float4x4")), F("Tint", fx.t("float4")), F("Index", fx.t("uint"))});
    const TypeLayout& l = fx.sb(per_draw);
    CHECK(offsets(l) == V{0, 64, 80});
    CHECK(l.size == 96);
}

// "16-bit and 64-bit types": Particle 16 bytes with Life at 6 and Flags at 8, Step 16 bytes with
// Count at 4, Sums 16 bytes with Energy at 8; both structured buffers have a stride of 16.
TEST_CASE("spec: 16-bit and 64-bit members", "[layout][spec]") {
    Fixture fx(true);
    const StructType* particle =
        fx.make("Particle", {F("Velocity", fx.t("half3")), F("Life", fx.t("half")), F("Flags", fx.t("uint"))});
    const TypeLayout& p = fx.sb(particle);
    CHECK(offsets(p) == V{0, 6, 8});
    CHECK(p.size == 16);
    CHECK(fx.layouts.structured_stride(particle) == 16);

    const StructType* step = fx.make("Step", {F("DeltaTime", fx.t("half")), F("Count", fx.t("uint"))});
    CHECK(offsets(fx.cb(step)) == V{0, 4});
    CHECK(fx.cb(step).size == 16);

    Fixture plain;
    const StructType* sums = plain.make("Sums", {F("Bytes", plain.t("uint64_t")), F("Energy", plain.t("double"))});
    CHECK(offsets(plain.sb(sums)) == V{0, 8});
    CHECK(plain.layouts.structured_stride(sums) == 16);
}

// "Generated bindings" → "Push constants": the std430 rules, not the constant-buffer ones. The two
// differ where std140 rounds arrays and structs up to 16 bytes.
TEST_CASE("push constants use std430 array and struct rules", "[layout][spec]") {
    Fixture fx;
    const StructType* inner = fx.make("Inner", {F("x", fx.t("float"))});
    const StructType* pc = fx.make("PC", {F("a", fx.arr(fx.t("float"), 2)), F("b", fx.t("float")), F("c", inner),
                                          F("d", fx.t("float"))});
    CHECK(offsets(fx.sb(pc)) == V{0, 8, 12, 16});
    CHECK(fx.sb(pc).size == 20);
    CHECK(offsets(fx.cb(pc)) == V{0, 32, 48, 64});
    CHECK(fx.cb(pc).size == 80);
    // A float3 shares its row with the scalar after it in both rules.
    const StructType* v = fx.make("V", {F("a", fx.t("float3")), F("b", fx.t("float"))});
    CHECK(offsets(fx.sb(v)) == V{0, 12});
    CHECK(offsets(fx.cb(v)) == V{0, 12});
}

TEST_CASE("layout rule per resource kind", "[layout]") {
    CHECK(layout_rule_for(ResourceKind::ConstantBuffer) == LayoutRule::Constant);
    CHECK(layout_rule_for(ResourceKind::StructuredBuffer) == LayoutRule::Storage);
    CHECK(layout_rule_for(ResourceKind::RWStructuredBuffer) == LayoutRule::Storage);
    CHECK(layout_rule_for(ResourceKind::AppendStructuredBuffer) == LayoutRule::Storage);
    CHECK(layout_rule_for(ResourceKind::RWByteAddressBuffer) == LayoutRule::Storage);
}

// packoffset(cN.c) is byte 16 * N + 4 * c; members without one continue after the previous member.
TEST_CASE("packoffset places members", "[layout][packoffset]") {
    Fixture fx;
    // The cbuffer of DXC's vk.layout.cbuffer.packoffset.hlsl.
    const StructType* cb = fx.make("MyCBuffer", {F("data1", fx.t("float4")), F("data2", fx.t("float4")).pack(1),
                                                 F("data3", fx.t("float")).pack(2, 1)});
    CHECK(offsets(fx.cb(cb)) == V{0, 16, 36});
    CHECK(fx.cb(cb).size == 48);
    CHECK(find_overlaps(fx.cb(cb)).empty());

    const StructType* after = fx.make("After", {F("a", fx.t("float")).pack(4), F("b", fx.t("float")),
                                                F("c", fx.t("float3"))});
    CHECK(offsets(fx.cb(after)) == V{64, 68, 72 + 8});  // c would straddle 80, so it starts the next row
    CHECK(fx.cb(after).size == 96);
}

TEST_CASE("packoffset overlap detection", "[layout][packoffset]") {
    Fixture fx;
    // float4 at c0 and a float at c0.w share byte 12.
    const StructType* partial =
        fx.make("Partial", {F("v", fx.t("float4")).pack(0), F("w", fx.t("float")).pack(0, 3)});
    auto o = find_overlaps(fx.cb(partial));
    REQUIRE(o.size() == 1);
    CHECK(o[0].first == 0);
    CHECK(o[0].second == 1);

    // A float3 then a float in .w touch but do not overlap.
    const StructType* touching =
        fx.make("Touching", {F("v", fx.t("float3")).pack(0), F("w", fx.t("float")).pack(0, 3)});
    CHECK(find_overlaps(fx.cb(touching)).empty());

    // Declared out of order without sharing bytes is fine (DXC's own check would complain).
    const StructType* reversed = fx.make("Reversed", {F("a", fx.t("float4")).pack(1), F("b", fx.t("float4")).pack(0)});
    CHECK(offsets(fx.cb(reversed)) == V{16, 0});
    CHECK(find_overlaps(fx.cb(reversed)).empty());
    CHECK(fx.cb(reversed).size == 32);

    // A later member can overlap more than one earlier one; pairs come ordered by the later member.
    const StructType* wide = fx.make("Wide", {F("a", fx.t("float")).pack(0), F("b", fx.t("float")).pack(0, 2),
                                              F("m", fx.t("float4x4")).pack(0)});
    auto w = find_overlaps(fx.cb(wide));
    REQUIRE(w.size() == 2);
    CHECK((w[0].first == 0 && w[0].second == 2));
    CHECK((w[1].first == 1 && w[1].second == 2));

    // Members of size 0 overlap nothing.
    const StructType* empty = fx.make("E", {});
    const StructType* with_empty = fx.make("WithEmpty", {F("a", fx.t("float4")).pack(0), F("e", empty).pack(0)});
    CHECK(find_overlaps(fx.cb(with_empty)).empty());
}

// [[vk::offset(n)]] wins over the computed offset, in every rule; the next member follows it.
TEST_CASE("vk::offset overrides", "[layout][vk_offset]") {
    Fixture fx;
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("b", fx.t("float")).at(16), F("c", fx.t("float"))});
    CHECK(offsets(fx.cb(s)) == V{0, 16, 20});
    CHECK(offsets(fx.sb(s)) == V{0, 16, 20});
    CHECK(fx.sb(s).size == 24);

    // Backwards: the member after it follows it; the struct still covers the furthest byte.
    const StructType* back = fx.make("Back", {F("a", fx.t("float4")), F("b", fx.t("float")).at(0), F("c", fx.t("float"))});
    CHECK(offsets(fx.sb(back)) == V{0, 0, 4});
    CHECK(fx.sb(back).size == 16);
    auto o = find_overlaps(fx.sb(back));
    REQUIRE(o.size() == 2);
    CHECK((o[0].first == 0 && o[0].second == 1));
    CHECK((o[1].first == 0 && o[1].second == 2));

    // vk::offset beats packoffset when both are written.
    const StructType* both = fx.make("Both", {F("a", fx.t("float")).at(8).pack(3)});
    CHECK(offsets(fx.cb(both)) == V{8});
}

// DXC places the base struct as an implicit first member.
TEST_CASE("base struct is the first member", "[layout]") {
    Fixture fx;
    const StructType* base = fx.make("Base", {F("p", fx.t("float3"))});
    const StructType* derived = fx.make("Derived", {F("w", fx.t("float"))}, base);
    const TypeLayout& l = fx.sb(derived);
    REQUIRE(l.members.size() == 2);
    CHECK(l.members[0].name == "Base");
    CHECK(l.members[0].source_index == MemberLayout::kBaseMember);
    CHECK(l.members[0].type->kind == LayoutKind::Struct);
    CHECK(l.members[1].source_index == 0);
    CHECK(offsets(l) == V{0, 16});  // Base is 16 bytes: a float3 aligns it to 16
    CHECK(l.size == 32);
}

TEST_CASE("default matrix packing (-Zpr / -Zpc)", "[layout][matrix]") {
    Fixture zpc;
    Fixture zpr(false, oneshader::MatrixPacking::RowMajor);
    const StructType* a = zpc.make("A", {F("m", zpc.t("float2x3"))});
    const StructType* b = zpr.make("A", {F("m", zpr.t("float2x3")), F("c", zpr.cm("float2x3"))});
    const TypeLayout& col = member(zpc.cb(a), "m");
    CHECK(col.packing == oneshader::MatrixPacking::ColumnMajor);
    CHECK(col.size == 48);  // three columns of float2, each in its own row
    const TypeLayout& row = member(zpr.cb(b), "m");
    CHECK(row.packing == oneshader::MatrixPacking::RowMajor);
    CHECK(row.size == 32);  // two rows of float3
    CHECK(member(zpr.cb(b), "c").packing == oneshader::MatrixPacking::ColumnMajor);
    CHECK(offsets(zpr.cb(b)) == V{0, 32});
    // std430 keeps the natural vector stride.
    CHECK(member(zpc.sb(a), "m").matrix_stride == 8);
    CHECK(member(zpc.sb(a), "m").size == 24);
}

TEST_CASE("one-row and one-column matrices are vectors, 1x1 a scalar", "[layout][matrix]") {
    Fixture fx;
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("b", fx.t("float1x3")), F("c", fx.t("float4x1")),
                                        F("d", fx.t("float1x1")), F("e", fx.t("int1"))});
    const TypeLayout& l = fx.cb(s);
    CHECK(offsets(l) == V{0, 4, 16, 32, 36});
    CHECK(member(l, "b").kind == LayoutKind::Vector);
    CHECK(member(l, "b").components == 3);
    CHECK(member(l, "c").components == 4);
    CHECK(member(l, "d").kind == LayoutKind::Scalar);
    CHECK(member(l, "e").kind == LayoutKind::Scalar);
}

TEST_CASE("scalars in memory: bool is a word, min precision follows the 16-bit option", "[layout]") {
    Fixture relaxed;
    const StructType* s = relaxed.make("S", {F("a", relaxed.t("bool")), F("b", relaxed.t("bool3")),
                                             F("c", relaxed.t("min16float")), F("d", relaxed.t("half2"))});
    CHECK(offsets(relaxed.sb(s)) == V{0, 4, 16, 20});
    CHECK(member(relaxed.sb(s), "b").scalar == ScalarKind::Bool);
    CHECK(member(relaxed.sb(s), "b").size == 12);

    Fixture native(true);
    const StructType* h = native.make("H", {F("a", native.t("half")), F("b", native.t("half3")),
                                            F("c", native.t("float3")), F("d", native.t("half3"))});
    // half3 aligns to its component (2) and may not cross a 16-byte row; the float3 at 8 would
    // cross 16, so it starts that row, and so does the last half3, which would cross 32.
    CHECK(offsets(native.sb(h)) == V{0, 2, 16, 32});
    CHECK(native.layouts.structured_stride(native.t("half")) == 2);
}

TEST_CASE("64-bit vectors keep their full alignment", "[layout]") {
    Fixture fx;
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("b", fx.t("double2")), F("c", fx.t("float")),
                                        F("d", fx.t("double3"))});
    CHECK(offsets(fx.sb(s)) == V{0, 16, 32, 64});
    CHECK(fx.sb(s).alignment == 32);
    CHECK(fx.sb(s).size == 96);
}

TEST_CASE("arrays: std140 rounds the stride to 16, std430 keeps the element size", "[layout][array]") {
    Fixture fx;
    const StructType* a = fx.make("A", {F("x", fx.t("float"))});
    CHECK(fx.cb(fx.arr(a, 3)).stride == 16);
    CHECK(fx.cb(fx.arr(a, 3)).size == 48);
    CHECK(fx.sb(fx.arr(a, 3)).stride == 4);
    CHECK(fx.sb(fx.arr(fx.t("float3"), 2)).stride == 16);
    CHECK(fx.sb(fx.arr(fx.arr(fx.t("float2"), 3), 2)).stride == 24);
    // Unsized: a stride and no size.
    const TypeLayout& runtime = fx.sb(fx.arr(fx.t("float2"), 0));
    CHECK(runtime.length == 0);
    CHECK(runtime.stride == 8);
    CHECK(runtime.size == 0);
    CHECK(fx.layouts.structured_stride(fx.t("float3")) == 16);
    CHECK(fx.layouts.structured_stride(fx.t("float")) == 4);
}

TEST_CASE("opaque members take no space", "[layout]") {
    Fixture fx;
    const Type* tex = fx.types.resource(ResourceKind::Texture2D, fx.t("float4"));
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("t", tex), F("b", fx.t("float"))});
    const TypeLayout& l = fx.cb(s);
    REQUIRE(l.members.size() == 2);
    CHECK(offsets(l) == V{0, 4});
    CHECK(l.members[1].source_index == 2);
    CHECK(fx.layouts.layout(tex, LayoutRule::Constant) == nullptr);
    CHECK(fx.layouts.layout(fx.types.void_type(), LayoutRule::Storage) == nullptr);
    CHECK(fx.layouts.layout(fx.types.scalar(ScalarKind::LiteralInt), LayoutRule::Storage) == nullptr);
}

TEST_CASE("layouts are shared per type and rule", "[layout]") {
    Fixture fx;
    const StructType* s = fx.make("S", {F("a", fx.t("float3"))});
    CHECK(&fx.cb(s) == &fx.cb(s));
    CHECK(&fx.cb(s) != &fx.sb(s));
    const StructType* outer = fx.make("O", {F("x", s), F("y", s)});
    CHECK(fx.cb(outer).members[0].type == fx.cb(outer).members[1].type);
    CHECK(fx.cb(outer).members[0].type == &fx.cb(s));
}

TEST_CASE("layout dump", "[layout]") {
    Fixture fx;
    const StructType* inner = fx.make("Inner", {F("v", fx.t("float2"))});
    const StructType* frame =
        fx.make("Frame", {F("ViewProjection", fx.rm("float4x4")), F("Tint", fx.t("float4")),
                          F("Weights", fx.arr(fx.t("float"), 3)), F("In", inner), F("Flag", fx.t("bool"))});
    CHECK(dump_layout(fx.cb(frame)) ==
          "struct Frame size=160 align=16\n"
          "  +0 ViewProjection: matrix float4x4 row_major stride=16 size=64 align=16\n"
          "  +64 Tint: vector float4 size=16 align=16\n"
          "  +80 Weights: array[3] stride=16 size=48 align=16\n"
          "    element: scalar float size=4 align=4\n"
          "  +128 In: struct Inner size=16 align=16\n"
          "    +0 v: vector float2 size=8 align=8\n"
          "  +144 Flag: scalar bool size=4 align=4\n");
}

// The worked example of docs/layout-rules.md.
TEST_CASE("docs: layout-rules worked example", "[layout][docs]") {
    Fixture fx;
    const StructType* inner = fx.make("Inner", {F("uv", fx.t("float2"))});
    const StructType* light =
        fx.make("Light", {F("LightDirection", fx.t("float3")), F("Intensity", fx.t("float")),
                          F("ShadowBias", fx.t("float2")), F("Ambient", fx.t("float3")),
                          F("Weights", fx.arr(fx.t("float"), 4)), F("LightViewProjection", fx.t("float4x4")),
                          F("Extra", inner), F("Scale", fx.t("half"))});
    CHECK(offsets(fx.cb(light)) == V{0, 12, 16, 32, 48, 112, 176, 192});
    CHECK(fx.cb(light).size == 208);

    const StructType* particle =
        fx.make("Particle", {F("Life", fx.t("float")), F("Velocity", fx.t("float3")), F("Mass", fx.t("double"))});
    CHECK(offsets(fx.sb(particle)) == V{0, 4, 16});
    CHECK(fx.sb(particle).size == 32);
    CHECK(fx.layouts.structured_stride(particle) == 32);
}
