#include <catch2/catch.hpp>

#include "types_fixture.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

using namespace types_test;

TEST_CASE("the same type asked for twice is the same pointer", "[types]") {
    Fixture fx;
    TypeContext& ty = fx.types;
    CHECK(ty.scalar(ScalarKind::Float) == ty.scalar(ScalarKind::Float));
    CHECK(ty.vector(ScalarKind::Float, 4) == ty.vector(ty.scalar(ScalarKind::Float), 4));
    CHECK(ty.matrix(ScalarKind::UInt, 2, 3) == ty.matrix(ScalarKind::UInt, 2, 3));
    CHECK(ty.matrix(ScalarKind::UInt, 2, 3) != ty.matrix(ScalarKind::UInt, 3, 2));
    CHECK(ty.array(ty.vector(ScalarKind::Float, 3), 4) == ty.array(ty.vector(ScalarKind::Float, 3), 4));
    CHECK(ty.array(ty.vector(ScalarKind::Float, 3), 4) != ty.array(ty.vector(ScalarKind::Float, 3), 5));
    CHECK(ty.array(ty.scalar(ScalarKind::Int), 0) == ty.array(ty.scalar(ScalarKind::Int), 0));

    const Type* f4 = ty.vector(ScalarKind::Float, 4);
    CHECK(ty.resource(ResourceKind::Texture2D, f4) == ty.resource(ResourceKind::Texture2D, f4));
    CHECK(ty.resource(ResourceKind::Texture2D, f4) != ty.resource(ResourceKind::RWTexture2D, f4));
    CHECK(ty.resource(ResourceKind::Texture2DMS, f4, 4) != ty.resource(ResourceKind::Texture2DMS, f4, 8));
    CHECK(ty.resource(ResourceKind::SamplerState) == ty.resource(ResourceKind::SamplerState));
    CHECK(ty.pointer(AddressSpace::Function, f4) == ty.pointer(AddressSpace::Function, f4));
    CHECK(ty.pointer(AddressSpace::Function, f4) != ty.pointer(AddressSpace::Private, f4));

    ParamType p1[] = {{f4, ParamDirection::In}, {ty.scalar(ScalarKind::Int), ParamDirection::Out}};
    ParamType p2[] = {{f4, ParamDirection::In}, {ty.scalar(ScalarKind::Int), ParamDirection::Out}};
    ParamType p3[] = {{f4, ParamDirection::In}, {ty.scalar(ScalarKind::Int), ParamDirection::InOut}};
    CHECK(ty.function(ty.void_type(), p1) == ty.function(ty.void_type(), p2));
    CHECK(ty.function(ty.void_type(), p1) != ty.function(ty.void_type(), p3));
    CHECK(ty.function(f4, p1) != ty.function(ty.void_type(), p1));
}

TEST_CASE("structs are nominal", "[types]") {
    Fixture fx;
    const StructType* a = fx.make("Light", {F("color", fx.t("float3"))});
    const StructType* b = fx.make("Light", {F("color", fx.t("float3"))});
    const StructType* c = fx.make("Lamp", {F("color", fx.t("float3"))});
    CHECK(a != b);
    CHECK(a != c);
    CHECK(a->id < b->id);
    CHECK(b->id < c->id);
    CHECK(a->members.size() == 1);
    CHECK(a->members[0].name.str() == "color");
    // Interned composites of distinct structs stay distinct.
    CHECK(fx.types.array(a, 2) != fx.types.array(b, 2));
    CHECK(fx.types.resource(ResourceKind::StructuredBuffer, a) != fx.types.resource(ResourceKind::StructuredBuffer, b));
}

TEST_CASE("an incomplete struct has no layout until it is defined", "[types]") {
    Fixture fx;
    StructType* s = fx.types.create_struct(fx.names.intern("Later"));
    CHECK_FALSE(s->defined);
    CHECK(fx.layouts.layout(s, LayoutRule::Storage) == nullptr);
}

TEST_CASE("out-of-range shapes give null so the caller can report them", "[types]") {
    Fixture fx;
    CHECK(fx.types.vector(ScalarKind::Float, 0) == nullptr);
    CHECK(fx.types.vector(ScalarKind::Float, 5) == nullptr);
    CHECK(fx.types.matrix(ScalarKind::Float, 5, 1) == nullptr);
    CHECK(fx.types.matrix(ScalarKind::Float, 2, 0) == nullptr);
    CHECK(fx.types.array(fx.types.void_type(), 3) == nullptr);
}

TEST_CASE("orientation is part of a matrix type and value_type strips it", "[types]") {
    Fixture fx;
    const Type* plain = fx.t("float3x4");
    const Type* row = fx.rm("float3x4");
    const Type* col = fx.cm("float3x4");
    CHECK(row != plain);
    CHECK(col != plain);
    CHECK(row != col);
    CHECK(row->value_type() == plain);
    CHECK(col->value_type() == plain);
    CHECK(plain->value_type() == plain);
    CHECK(fx.rm("float3x4") == row);

    // Inside arrays too, at every depth.
    const Type* rows = fx.arr(fx.arr(row, 3), 2);
    CHECK(rows->value_type() == fx.arr(fx.arr(plain, 3), 2));
    CHECK(fx.types.with_orientation(fx.arr(plain, 3), MatrixOrientation::RowMajor) == fx.arr(row, 3));
    // Non-matrix types are left alone.
    CHECK(fx.types.with_orientation(fx.t("float4"), MatrixOrientation::RowMajor) == fx.t("float4"));
    // A struct is nominal, so its value type is itself even when it holds a row_major member.
    const StructType* s = fx.make("S", {F("m", row)});
    CHECK(s->value_type() == s);
}

TEST_CASE("16-bit option decides the width of half and the min-precision types", "[types]") {
    Fixture relaxed(false);
    Fixture native(true);
    for (ScalarKind k : {ScalarKind::Half, ScalarKind::Min16Float, ScalarKind::Min10Float, ScalarKind::Min16Int,
                         ScalarKind::Min12Int, ScalarKind::Min16UInt}) {
        INFO(scalar_kind_name(k));
        CHECK(relaxed.types.scalar(k)->bits == 32);
        CHECK(relaxed.types.scalar(k)->relaxed);
        CHECK(native.types.scalar(k)->bits == 16);
        CHECK_FALSE(native.types.scalar(k)->relaxed);
    }
    CHECK(relaxed.types.scalar(ScalarKind::Int16)->bits == 16);
    CHECK(relaxed.types.scalar(ScalarKind::Double)->bits == 64);
    CHECK(relaxed.types.scalar(ScalarKind::UInt64)->bits == 64);
    CHECK(relaxed.types.scalar(ScalarKind::Float)->bits == 32);
    CHECK_FALSE(relaxed.types.scalar(ScalarKind::Float)->relaxed);
}

TEST_CASE("printer gives HLSL spellings", "[types][print]") {
    Fixture fx;
    TypeContext& ty = fx.types;
    CHECK(type_name(fx.t("float4")) == "float4");
    CHECK(type_name(fx.t("float4x4")) == "float4x4");
    CHECK(type_name(fx.rm("float3x4")) == "row_major float3x4");
    CHECK(type_name(fx.cm("float3x4")) == "column_major float3x4");
    CHECK(type_name(fx.t("min16float2")) == "min16float2");
    CHECK(type_name(fx.t("dword")) == "uint");
    CHECK(type_name(fx.t("float1")) == "float1");
    CHECK(type_name(ty.scalar(ScalarKind::LiteralFloat)) == "literal float");
    CHECK(type_name(ty.vector(ScalarKind::LiteralInt, 3)) == "vector<literal int, 3>");
    CHECK(type_name(ty.void_type()) == "void");

    const Type* f4 = fx.t("float4");
    CHECK(type_name(ty.resource(ResourceKind::Texture2D, f4)) == "Texture2D<float4>");
    CHECK(type_name(ty.resource(ResourceKind::Texture2DMS, f4, 4)) == "Texture2DMS<float4, 4>");
    CHECK(type_name(ty.resource(ResourceKind::SamplerComparisonState)) == "SamplerComparisonState");
    CHECK(type_name(ty.resource(ResourceKind::RWByteAddressBuffer)) == "RWByteAddressBuffer");
    const StructType* light = fx.make("Light", {F("color", fx.t("float3"))});
    CHECK(type_name(ty.resource(ResourceKind::StructuredBuffer, light)) == "StructuredBuffer<Light>");
    CHECK(type_name(ty.resource(ResourceKind::ConstantBuffer, light)) == "ConstantBuffer<Light>");

    CHECK(type_name(fx.arr(fx.arr(fx.t("float"), 3), 2)) == "float[2][3]");
    CHECK(type_name(fx.arr(fx.rm("float2x3"), 4)) == "row_major float2x3[4]");
    CHECK(type_name(fx.arr(light, 0)) == "Light[]");
    CHECK(type_name(fx.make("", {})) == "struct <anonymous>");

    ParamType params[] = {{fx.t("float2"), ParamDirection::In}, {fx.t("float"), ParamDirection::Out},
                          {fx.t("int"), ParamDirection::InOut}};
    CHECK(type_name(ty.function(f4, params)) == "float4(float2, out float, inout int)");
    CHECK(type_name(ty.pointer(AddressSpace::Function, fx.t("int"))) == "ptr<function, int>");
    CHECK(type_name(ty.pointer(AddressSpace::StorageBuffer, light)) == "ptr<storage, Light>");
}

TEST_CASE("resource kind names go both ways", "[types][print]") {
    for (int i = 0; i <= static_cast<int>(ResourceKind::SamplerComparisonState); ++i) {
        auto k = static_cast<ResourceKind>(i);
        auto back = resource_kind_from_name(resource_kind_name(k));
        REQUIRE(back.has_value());
        CHECK(*back == k);
    }
    CHECK_FALSE(resource_kind_from_name("Texture4D").has_value());
    CHECK(resource_kind_from_name("RWTexture2DArray") == ResourceKind::RWTexture2DArray);
}

TEST_CASE("component queries", "[types][query]") {
    Fixture fx(true);
    CHECK(component_type(fx.t("float3x4")) == fx.types.scalar(ScalarKind::Float));
    CHECK(component_type(fx.t("uint2")) == fx.types.scalar(ScalarKind::UInt));
    CHECK(component_type(fx.arr(fx.t("float"), 2)) == nullptr);
    CHECK(component_count(fx.t("float3x4")) == 12);
    CHECK(component_count(fx.t("int2")) == 2);
    CHECK(component_count(fx.t("bool")) == 1);
    const StructType* base = fx.make("B", {F("a", fx.t("float2"))});
    const StructType* s = fx.make("S", {F("m", fx.t("float2x2")), F("v", fx.arr(fx.t("int3"), 2))}, base);
    CHECK(flattened_scalar_count(s) == 2 + 4 + 6);
    CHECK(component_count(s) == 0);

    CHECK(is_numeric(fx.t("half3")));
    CHECK_FALSE(is_numeric(fx.t("bool2")));
    CHECK(is_bool(fx.t("bool2")));
    CHECK(is_integer(fx.t("min16uint")));
    CHECK_FALSE(is_signed(fx.t("min16uint")));
    CHECK(is_signed(fx.t("int64_t2")));
    CHECK(is_signed(fx.t("half")));
    CHECK(is_float(fx.t("float16_t2x2")));
    CHECK_FALSE(is_float(fx.t("int")));
    CHECK(bit_width(fx.t("half")) == 16);
    CHECK(bit_width(fx.t("uint64_t3")) == 64);
    CHECK(bit_width(fx.t("float")) == 32);
    CHECK(bit_width(s) == 0);
}

TEST_CASE("array rank and the 16-dimension limit", "[types][query]") {
    Fixture fx;
    const Type* t = fx.t("float");
    for (std::uint32_t i = 0; i < kMaxArrayDimensions; ++i) {
        REQUIRE(can_add_array_dimension(t));
        t = fx.arr(t, 2);
    }
    CHECK(array_rank(t) == 16);
    CHECK_FALSE(can_add_array_dimension(t));
    CHECK(innermost_element(t) == fx.t("float"));
}

TEST_CASE("resource queries", "[types][query]") {
    Fixture fx;
    CHECK(is_texture(ResourceKind::TextureCubeArray));
    CHECK(is_storage_texture(ResourceKind::RWTexture3D));
    CHECK_FALSE(is_storage_texture(ResourceKind::Texture3D));
    CHECK(is_writable(ResourceKind::AppendStructuredBuffer));
    CHECK_FALSE(is_writable(ResourceKind::StructuredBuffer));
    CHECK(has_counter(ResourceKind::ConsumeStructuredBuffer));
    CHECK_FALSE(has_counter(ResourceKind::RWStructuredBuffer));
    CHECK(is_arrayed(ResourceKind::Texture2DMSArray));
    CHECK(is_multisampled(ResourceKind::Texture2DMSArray));
    CHECK(texture_coordinate_count(ResourceKind::TextureCube) == 3);
    CHECK(texture_coordinate_count(ResourceKind::RWTexture1DArray) == 1);
    CHECK(texture_coordinate_count(ResourceKind::Buffer) == 0);
    CHECK(takes_element_type(ResourceKind::ConstantBuffer));
    CHECK_FALSE(takes_element_type(ResourceKind::ByteAddressBuffer));
    CHECK(is_sampler(ResourceKind::SamplerComparisonState));

    const Type* tex = fx.types.resource(ResourceKind::Texture2D, fx.t("float4"));
    CHECK(is_resource_or_array(fx.arr(tex, 4)));
    const StructType* holder = fx.make("H", {F("t", fx.arr(tex, 2)), F("x", fx.t("float"))});
    CHECK(contains_resource(holder));
    CHECK_FALSE(contains_resource(fx.make("P", {F("x", fx.t("float"))})));
}

TEST_CASE("pointer facts: resource references and other pointers, through arrays, members and bases", "[types][query]") {
    Fixture fx;
    TypeContext& ty = fx.types;
    const Type* tex = ty.resource(ResourceKind::Texture2D, fx.t("float4"));
    const Type* ref = ty.pointer(AddressSpace::UniformConstant, tex);
    const Type* ref_array = ty.pointer(AddressSpace::UniformConstant, fx.arr(tex, 3));
    const Type* local = ty.pointer(AddressSpace::Function, tex);
    const Type* float_ptr = ty.pointer(AddressSpace::Private, fx.t("float"));
    CHECK(pointer_facts(ref) == kHoldsResourceRef);
    CHECK(pointer_facts(ref_array) == kHoldsResourceRef);
    CHECK(pointer_facts(fx.arr(ref, 2)) == kHoldsResourceRef);
    // A pointer to a local holding a resource, and a pointer to data, are other pointers.
    CHECK(pointer_facts(local) == kHoldsOtherPointer);
    CHECK(pointer_facts(float_ptr) == kHoldsOtherPointer);
    CHECK(pointer_facts(tex) == 0);
    CHECK(pointer_facts(fx.t("float4")) == 0);
    CHECK(pointer_facts(nullptr) == 0);

    const StructType* refs = fx.make("Refs", {F("t", ref), F("x", fx.t("float"))});
    CHECK(pointer_facts(refs) == kHoldsResourceRef);
    const StructType* both = fx.make("Both", {F("r", fx.arr(refs, 4)), F("p", float_ptr)});
    CHECK(pointer_facts(both) == (kHoldsResourceRef | kHoldsOtherPointer));
    const StructType* derived = fx.make("Derived", {F("y", fx.t("int"))}, refs);
    CHECK(pointer_facts(derived) == kHoldsResourceRef);
    CHECK(pointer_facts(fx.make("Plain", {F("x", fx.t("float")), F("t", tex)})) == 0);
}

TEST_CASE("rasterizer-ordered views are their RW kind, marked, with their own spelling", "[types][rov]") {
    Fixture fx;
    TypeContext& ty = fx.types;
    const Type* f4 = ty.vector(ScalarKind::Float, 4);
    const ResourceType* rov = ty.resource(ResourceKind::RWTexture2D, f4, 0, true);
    CHECK(rov == ty.resource(ResourceKind::RWTexture2D, f4, 0, true));
    CHECK(rov != ty.resource(ResourceKind::RWTexture2D, f4));
    CHECK(rov->resource == ResourceKind::RWTexture2D);
    CHECK(rov->rasterizer_ordered);
    CHECK_FALSE(ty.resource(ResourceKind::RWTexture2D, f4)->rasterizer_ordered);
    CHECK(type_name(rov) == "RasterizerOrderedTexture2D<float4>");
    CHECK(type_name(ty.resource(ResourceKind::RWByteAddressBuffer, nullptr, 0, true)) ==
          "RasterizerOrderedByteAddressBuffer");
    CHECK(rasterizer_ordered_kind_from_name("RasterizerOrderedStructuredBuffer") == ResourceKind::RWStructuredBuffer);
    CHECK(rasterizer_ordered_kind_from_name("RasterizerOrderedTexture1DArray") == ResourceKind::RWTexture1DArray);
    CHECK_FALSE(rasterizer_ordered_kind_from_name("RWTexture2D").has_value());
    CHECK(resource_kind_from_name("TextureBuffer") == ResourceKind::TextureBuffer);
    CHECK(is_block_buffer(ResourceKind::TextureBuffer));
    CHECK(is_block_buffer(ResourceKind::ConstantBuffer));
    CHECK_FALSE(is_block_buffer(ResourceKind::StructuredBuffer));
    CHECK_FALSE(is_writable(ResourceKind::TextureBuffer));
    CHECK(layout_rule_for(ResourceKind::TextureBuffer) == LayoutRule::Storage);
}
