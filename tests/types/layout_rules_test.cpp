// The packings of DXC's layout flags, one rule at a time (the driver's layout_rules_test checks
// them end to end against DXC's decorations).
#include <catch2/catch.hpp>

#include "types_fixture.hpp"

using namespace types_test;
using oneshader::BufferLayoutRules;
using oneshader::MatrixPacking;
using V = std::vector<std::uint32_t>;

TEST_CASE("each flag picks DXC's packing for each kind of buffer", "[layout][rules]") {
    CHECK(packing_for(LayoutRule::Constant, BufferLayoutRules::Default) == Packing::RelaxedStd140);
    CHECK(packing_for(LayoutRule::Storage, BufferLayoutRules::Default) == Packing::RelaxedStd430);
    CHECK(packing_for(LayoutRule::Constant, BufferLayoutRules::GL) == Packing::Std140);
    CHECK(packing_for(LayoutRule::Storage, BufferLayoutRules::GL) == Packing::Std430);
    CHECK(packing_for(LayoutRule::Constant, BufferLayoutRules::DX) == Packing::FxcCBuffer);
    CHECK(packing_for(LayoutRule::Storage, BufferLayoutRules::DX) == Packing::FxcSBuffer);
    CHECK(packing_for(LayoutRule::Constant, BufferLayoutRules::Scalar) == Packing::Scalar);
    CHECK(packing_for(LayoutRule::Storage, BufferLayoutRules::Scalar) == Packing::Scalar);
}

TEST_CASE("std140/std430 align a vector to its size", "[layout][rules]") {
    Fixture fx(false, MatrixPacking::ColumnMajor, BufferLayoutRules::GL);
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("b", fx.t("float3")), F("c", fx.t("float"))});
    CHECK(offsets(fx.cb(s)) == V{0, 16, 28});
    CHECK(offsets(fx.sb(s)) == V{0, 16, 28});
    CHECK(fx.sb(s).size == 32);
    // Arrays: std140 rounds the stride up to 16, std430 does not.
    CHECK(fx.cb(fx.arr(fx.t("float2"), 3)).stride == 16);
    CHECK(fx.sb(fx.arr(fx.t("float2"), 3)).stride == 8);
}

TEST_CASE("FXC's cbuffer packing leaves out the padding after the last element", "[layout][rules]") {
    Fixture fx(false, MatrixPacking::ColumnMajor, BufferLayoutRules::DX);
    const TypeLayout& a = fx.cb(fx.arr(fx.t("float"), 3));
    CHECK(a.stride == 16);
    CHECK(a.size == 36);
    CHECK(a.alignment == 16);
    // Two columns of float3: 16 + 12.
    const TypeLayout& m = fx.cb(fx.t("float3x2"));
    CHECK(m.matrix_stride == 16);
    CHECK(m.size == 28);
    // row_major: three rows of float2.
    const TypeLayout& rm = fx.cb(fx.rm("float3x2"));
    CHECK(rm.matrix_stride == 16);
    CHECK(rm.size == 40);
    const StructType* one = fx.make("One", {F("x", fx.t("float"))});
    CHECK(fx.cb(one).size == 4);
    CHECK(fx.cb(one).alignment == 16);
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("b", one), F("c", fx.t("float")),
                                        F("d", fx.arr(fx.t("float"), 2)), F("e", fx.t("float"))});
    CHECK(offsets(fx.cb(s)) == V{0, 16, 20, 32, 52});
    CHECK(fx.cb(s).size == 56);
    CHECK(fx.cb(s).fxc_split_matrix == nullptr);
}

TEST_CASE("FXC's cbuffer packing marks the matrices it stores one component per row", "[layout][rules]") {
    Fixture fx(false, MatrixPacking::ColumnMajor, BufferLayoutRules::DX);
    const Type* split = fx.t("float1x3");
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("b", fx.arr(split, 2))});
    CHECK(fx.cb(s).fxc_split_matrix == split);
    // Stored as one vector: a column-major Nx1, a row-major 1xN; and any of them in storage buffers.
    CHECK(fx.cb(fx.t("float3x1")).fxc_split_matrix == nullptr);
    CHECK(fx.cb(fx.rm("float1x3")).fxc_split_matrix == nullptr);
    CHECK(fx.sb(split).fxc_split_matrix == nullptr);
    Fixture rows(false, MatrixPacking::RowMajor, BufferLayoutRules::DX);
    CHECK(rows.cb(rows.t("float3x1")).fxc_split_matrix != nullptr);
    CHECK(rows.cb(rows.t("float1x3")).fxc_split_matrix == nullptr);
}

TEST_CASE("D3D's structured-buffer and the scalar packing store everything tightly", "[layout][rules]") {
    for (BufferLayoutRules rules : {BufferLayoutRules::DX, BufferLayoutRules::Scalar}) {
        Fixture fx(false, MatrixPacking::ColumnMajor, rules);
        const StructType* s =
            fx.make("S", {F("a", fx.t("float")), F("b", fx.t("float3")), F("c", fx.t("float2x3")),
                          F("d", fx.arr(fx.t("float3"), 2)), F("e", fx.t("double"))});
        const TypeLayout& l = fx.sb(s);
        CHECK(offsets(l) == V{0, 4, 16, 40, 64});
        CHECK(member(l, "c").matrix_stride == 8);
        CHECK(member(l, "c").size == 24);
        CHECK(member(l, "d").stride == 12);
        CHECK(l.alignment == 8);
        CHECK(l.size == 72);
        CHECK(fx.layouts.structured_stride(fx.t("float3")) == 12);
    }
}

TEST_CASE("a struct layout's member is found by its source member, past members without bytes", "[layout]") {
    Fixture fx;
    const StructType* base = fx.make("Base", {F("b", fx.t("float"))});
    const StructType* s = fx.make("S", {F("a", fx.t("float")), F("smp", fx.types.resource(ResourceKind::SamplerState)),
                                        F("c", fx.t("float2"))},
                                  base);
    const TypeLayout& l = fx.sb(s);
    REQUIRE(l.members.size() == 3);  // the base, a and c: the sampler has no bytes
    std::uint32_t at = 99;
    const MemberLayout* m = find_member(l, MemberLayout::kBaseMember, &at);
    REQUIRE(m);
    CHECK(at == 0);
    CHECK(m->name == "Base");
    m = find_member(l, 0, &at);
    REQUIRE(m);
    CHECK(at == 1);
    CHECK(m->name == "a");
    CHECK(find_member(l, 1) == nullptr);  // the sampler
    m = find_member(l, 2, &at);
    REQUIRE(m);
    CHECK(at == 2);
    CHECK(m->name == "c");
    CHECK(find_member(l, 3) == nullptr);
    // Without a base there is no base member, and a large struct finds every member at its place.
    std::vector<F> fields;
    std::vector<std::string> names;
    for (int k = 0; k < 300; ++k) names.push_back("m" + std::to_string(k));
    for (const std::string& n : names) fields.push_back(F(n, fx.t("float")));
    const TypeLayout& big = fx.sb(fx.make("Big", fields));
    CHECK(find_member(big, MemberLayout::kBaseMember) == nullptr);
    for (std::uint32_t k = 0; k < 300; ++k) {
        m = find_member(big, k, &at);
        REQUIRE(m);
        CHECK(at == k);
        CHECK(m->offset == 4 * k);
    }
}
