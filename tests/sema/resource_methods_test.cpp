#include "intrinsic_fixture.hpp"

using namespace intrinsic_test;
using support::DiagCode;

namespace {

CallArg sampler(Fixture& f) { return {f.types.resource(ResourceKind::SamplerState), false}; }
CallArg cmp_sampler(Fixture& f) { return {f.types.resource(ResourceKind::SamplerComparisonState), false}; }

std::string placeholder(Fixture& f, const ResourceType* r, std::string_view word) {
    const Type* t = method_placeholder(f.types, r, word);
    return t ? type_name(t) : std::string("none");
}

TEST_CASE("resource methods: names in first-row order, each once, and rows of a name in table order",
          "[sema][methods]") {
    std::span<const MethodInfo> table = method_table();
    std::span<const std::string_view> names = method_name_order();
    std::vector<std::string_view> expected;
    for (const MethodInfo& m : table)
        if (std::find(expected.begin(), expected.end(), m.name) == expected.end()) expected.push_back(m.name);
    REQUIRE(names.size() == expected.size());
    for (std::size_t i = 0; i < names.size(); ++i) CHECK(names[i] == expected[i]);
    // find_methods answers from rows sorted by name at compile time: the same rows as a scan.
    for (std::string_view name : names) {
        for (ResourceKind kind : {ResourceKind::Texture2D, ResourceKind::RWStructuredBuffer, ResourceKind::RWByteAddressBuffer,
                                  ResourceKind::Buffer, ResourceKind::TextureCubeArray}) {
            std::vector<const MethodInfo*> found = find_methods(kind, name);
            for (const MethodInfo* m : found) CHECK(m->name == name);
            CHECK(std::is_sorted(found.begin(), found.end()));  // table order: rows are one array
            CHECK(has_method(kind, name) == !found.empty());
        }
    }
}

}  // namespace

TEST_CASE("every method row parses for every resource kind it names", "[methods]") {
    Fixture f;
    for (const MethodInfo& m : method_table()) {
        for (unsigned k = 0; k <= unsigned(ResourceKind::RWByteAddressBuffer); ++k) {
            if (!(m.kinds & kind_bit(ResourceKind(k)))) continue;
            const ResourceType* r = f.types.resource(ResourceKind(k), is_structured_buffer(ResourceKind(k))
                                                                          ? f.t("float4")
                                                                          : nullptr);
            const std::vector<std::string_view> words = {"E",      "E4",        "EScalar",  "Coord", "Grad",
                                                         "Offset", "LoadCoord", "Location", "Tpl"};
            INFO(method_signature_text(m) << " on " << resource_kind_name(ResourceKind(k)));
            Signature sig = parse_signature(m.result, m.params, words);
            CHECK(sig.valid);
            // Every placeholder the row uses stands for a type on this kind of resource.
            std::vector<const Pattern*> patterns = {&sig.result};
            for (const Pattern& p : sig.params) patterns.push_back(&p);
            for (const Pattern* p : patterns) {
                if (p->kind != PatternKind::Placeholder) continue;
                INFO("placeholder " << p->word);
                CHECK((p->word == "Tpl" || method_placeholder(f.types, r, p->word) != nullptr));
            }
        }
    }
}

TEST_CASE("coordinate types per texture kind", "[methods][coords]") {
    Fixture f;
    const ResourceType* t1 = f.res(ResourceKind::Texture1D, "float4");
    const ResourceType* t2a = f.res(ResourceKind::Texture2DArray, "float4");
    const ResourceType* t3 = f.res(ResourceKind::Texture3D, "float4");
    const ResourceType* cube = f.res(ResourceKind::TextureCube, "float4");
    const ResourceType* cubea = f.res(ResourceKind::TextureCubeArray, "float4");
    CHECK(placeholder(f, t1, "Coord") == "float");
    CHECK(placeholder(f, t1, "LoadCoord") == "int2");
    CHECK(placeholder(f, t2a, "Coord") == "float3");
    CHECK(placeholder(f, t2a, "Offset") == "int2");
    CHECK(placeholder(f, t2a, "Grad") == "float2");
    CHECK(placeholder(f, t2a, "LoadCoord") == "int4");
    CHECK(placeholder(f, t3, "Offset") == "int3");
    CHECK(placeholder(f, cube, "Coord") == "float3");
    CHECK(placeholder(f, cubea, "Coord") == "float4");
    CHECK(placeholder(f, f.res(ResourceKind::RWTexture2DArray, "float"), "Location") == "int3");
}

TEST_CASE("Texture2D.Sample with and without offset", "[methods][sample]") {
    Fixture f;
    const ResourceType* tex = f.res(ResourceKind::Texture2D, "float4");
    CHECK(f.method_result(tex, "Sample", {sampler(f), f.v("float2")}) == "float4");
    CHECK(f.method_result(tex, "Sample", {sampler(f), f.v("float2"), f.v("int2")}) == "float4");
    CHECK(f.method_result(tex, "Sample", {sampler(f), f.v("float2"), f.v("int2"), f.v("float")}) == "float4");
    auto r = f.method(tex, "Sample", {sampler(f), f.v("float2"), f.v("int2"), f.v("float"), f.lv("uint")});
    REQUIRE(r);
    CHECK(r->params[4].direction == oneshader::sema::ParamDirection::Out);
    CHECK(f.diag_count() == 0);
}

TEST_CASE("the element type decides the sampled result", "[methods][sample]") {
    Fixture f;
    CHECK(f.method_result(f.res(ResourceKind::Texture2D, "float"), "Sample", {sampler(f), f.v("float2")}) == "float");
    CHECK(f.method_result(f.res(ResourceKind::Texture2D), "Sample", {sampler(f), f.v("float2")}) == "float4");
    CHECK(f.method_result(f.res(ResourceKind::Texture2DArray, "half3"), "SampleLevel",
                          {sampler(f), f.v("float3"), f.v("literal float")}) == "half3");
}

TEST_CASE("Texture2DArray samples with float3 and offsets with int2", "[methods][sample]") {
    Fixture f;
    const ResourceType* tex = f.res(ResourceKind::Texture2DArray, "float4");
    auto r = f.method(tex, "SampleGrad", {sampler(f), f.v("float3"), f.v("float2"), f.v("float2"), f.v("int2")});
    REQUIRE(r);
    CHECK(type_name(r->params[1].type) == "float3");
    CHECK(type_name(r->params[2].type) == "float2");
    CHECK(type_name(r->params[4].type) == "int2");
    CHECK(std::vector(r->ranks.begin(), r->ranks.end()) == std::vector<ConversionRank>(5, ConversionRank::Exact));
}

TEST_CASE("cube textures take no offsets", "[methods][sample]") {
    Fixture f;
    const ResourceType* cube = f.res(ResourceKind::TextureCube, "float4");
    CHECK(f.method_result(cube, "Sample", {sampler(f), f.v("float3")}) == "float4");
    CHECK(f.method_result(cube, "Sample", {sampler(f), f.v("float3"), f.v("int2")}) == "error");
    CHECK(f.code() == DiagCode::method_no_match);
    CHECK(f.method_result(cube, "SampleBias", {sampler(f), f.v("float3"), f.v("float")}) == "float4");
}

TEST_CASE("comparison sampling returns a scalar and needs a comparison sampler", "[methods][sample]") {
    Fixture f;
    const ResourceType* shadow = f.res(ResourceKind::Texture2D, "float");
    CHECK(f.method_result(shadow, "SampleCmp", {cmp_sampler(f), f.v("float2"), f.v("float")}) == "float");
    CHECK(f.method_result(shadow, "SampleCmpLevelZero", {cmp_sampler(f), f.v("float2"), f.v("float"), f.v("int2")}) ==
          "float");
    CHECK(f.method_result(f.res(ResourceKind::TextureCubeArray, "float4"), "SampleCmpLevelZero",
                          {cmp_sampler(f), f.v("float4"), f.v("float")}) == "float");
    CHECK(f.method_result(shadow, "SampleCmp", {sampler(f), f.v("float2"), f.v("float")}) == "error");
    CHECK(f.message().starts_with("No form of 'Texture2D<float>.SampleCmp' takes (SamplerState, float2, float)"));
}

TEST_CASE("Texture3D has no comparison sampling or gather", "[methods][sample]") {
    Fixture f;
    const ResourceType* vol = f.res(ResourceKind::Texture3D, "float4");
    CHECK(f.method_result(vol, "SampleLevel", {sampler(f), f.v("float3"), f.v("float"), f.v("int3")}) == "float4");
    CHECK(f.method_result(vol, "Gather", {sampler(f), f.v("float3")}) == "error");
    CHECK(f.message() == "'Gather' is not a method of 'Texture3D<float4>'. It is a method of Texture2D, "
                         "Texture2DArray, TextureCube, TextureCubeArray.");
}

TEST_CASE("implicit-derivative sampling is pixel-only (OSH0372)", "[methods][stages]") {
    Fixture f;
    const ResourceType* tex = f.res(ResourceKind::Texture2D, "float4");
    CHECK(f.method(tex, "Sample", {sampler(f), f.v("float2")}, nullptr, Stage::Pixel));
    CHECK(f.method(tex, "SampleLevel", {sampler(f), f.v("float2"), f.v("float")}, nullptr, Stage::Vertex));
    CHECK_FALSE(f.method(tex, "Sample", {sampler(f), f.v("float2")}, nullptr, Stage::Vertex));
    CHECK(f.only_diag() ==
          "t.hlsl(1,15): error OSH0372: 'Sample' computes derivatives and is only available in pixel shaders, and this "
          "is a vertex shader. Use SampleLevel, SampleGrad or SampleCmpLevelZero, which take the level explicitly.");
    CHECK_FALSE(f.method(tex, "CalculateLevelOfDetail", {sampler(f), f.v("float2")}, nullptr, Stage::Compute));
}

TEST_CASE("CalculateLevelOfDetail takes either sampler and no array layer", "[methods]") {
    Fixture f;
    const ResourceType* tex = f.res(ResourceKind::Texture2DArray, "float4");
    auto r = f.method(tex, "CalculateLevelOfDetail", {cmp_sampler(f), f.v("float2")});
    REQUIRE(r);
    CHECK(type_name(r->result) == "float");
    CHECK(r->ranks[0] == ConversionRank::Exact);
    CHECK(f.method_result(tex, "CalculateLevelOfDetailUnclamped", {sampler(f), f.v("float2")}) == "float");
    auto rows = find_methods(ResourceKind::Texture2D, "CalculateLevelOfDetail");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0]->targets.wgsl == "unsupported:OSH5202");
}

TEST_CASE("Gather returns four values of the element's component", "[methods][gather]") {
    Fixture f;
    CHECK(f.method_result(f.res(ResourceKind::Texture2D, "float"), "Gather", {sampler(f), f.v("float2")}) == "float4");
    CHECK(f.method_result(f.res(ResourceKind::Texture2D, "uint2"), "GatherGreen", {sampler(f), f.v("float2")}) ==
          "uint4");
    CHECK(f.method_result(f.res(ResourceKind::Texture2DArray, "float4"), "GatherAlpha",
                          {sampler(f), f.v("float3"), f.v("int2"), f.v("int2"), f.v("int2"), f.v("int2")}) == "float4");
    CHECK(f.method_result(f.res(ResourceKind::TextureCube, "float"), "GatherCmp",
                          {cmp_sampler(f), f.v("float3"), f.v("float")}) == "float4");
    CHECK(f.method_result(f.res(ResourceKind::Texture2D, "float"), "GatherCmpRed",
                          {cmp_sampler(f), f.v("float2"), f.v("float"), f.v("int2")}) == "float4");
}

TEST_CASE("Texture Load takes texel, layer and mip as ints", "[methods][load]") {
    Fixture f;
    CHECK(f.method_result(f.res(ResourceKind::Texture2D, "float4"), "Load", {f.v("int3")}) == "float4");
    CHECK(f.method_result(f.res(ResourceKind::Texture2DArray, "float4"), "Load", {f.v("int4"), f.v("int2")}) ==
          "float4");
    CHECK(f.method_result(f.res(ResourceKind::Texture1D, "float"), "Load", {f.v("int2")}) == "float");
    auto r = f.method(f.res(ResourceKind::Texture2D, "float4"), "Load", {f.v("uint3")});
    REQUIRE(r);
    CHECK(r->ranks[0] == ConversionRank::Conversion);
    CHECK(f.method_result(f.res(ResourceKind::TextureCube, "float4"), "Load", {f.v("int3")}) == "error");
    CHECK(f.code() == DiagCode::unknown_method);
}

TEST_CASE("multisampled textures load a sample and report sample counts", "[methods][load]") {
    Fixture f;
    const ResourceType* ms = f.res(ResourceKind::Texture2DMS, "float4");
    CHECK(f.method_result(ms, "Load", {f.v("int2"), f.v("literal int")}) == "float4");
    CHECK(f.method_result(ms, "Load", {f.v("int2"), f.v("int"), f.v("int2")}) == "float4");
    CHECK(f.method_result(ms, "GetSamplePosition", {f.v("int")}) == "float2");
    CHECK(f.method_result(ms, "GetDimensions", {f.lv("uint"), f.lv("uint"), f.lv("uint")}) == "void");
    CHECK(f.method_result(f.res(ResourceKind::Texture2DMSArray, "float4"), "Load", {f.v("int3"), f.v("int")}) ==
          "float4");
    CHECK(f.method_result(ms, "Sample", {sampler(f), f.v("float2")}) == "error");
}

TEST_CASE("RW textures load by texel and layer without a mip", "[methods][load]") {
    Fixture f;
    const ResourceType* img = f.res(ResourceKind::RWTexture2D, "float4");
    CHECK(f.method_result(img, "Load", {f.v("int2")}) == "float4");
    CHECK(f.method_result(img, "Load", {f.v("int2"), f.lv("uint")}) == "float4");
    CHECK(f.method_result(f.res(ResourceKind::RWTexture3D, "uint"), "Load", {f.v("int3")}) == "uint");
}

TEST_CASE("GetDimensions: mip-level and plain forms, uint, int or float", "[methods][dimensions]") {
    Fixture f;
    const ResourceType* tex = f.res(ResourceKind::Texture2D, "float4");
    CHECK(f.method_result(tex, "GetDimensions", {f.lv("uint"), f.lv("uint")}) == "void");
    // int outputs, as DXC takes them (converted from the query's uint).
    CHECK(f.method_result(tex, "GetDimensions", {f.lv("int"), f.lv("int")}) == "void");
    CHECK(f.method_result(tex, "GetDimensions", {f.v("uint"), f.lv("int"), f.lv("int"), f.lv("int")}) == "void");
    CHECK(f.method_result(tex, "GetDimensions", {f.lv("float"), f.lv("float")}) == "void");
    CHECK(f.method_result(tex, "GetDimensions", {f.v("uint"), f.lv("uint"), f.lv("uint"), f.lv("uint")}) == "void");
    CHECK(f.method_result(f.res(ResourceKind::Texture2DArray, "float4"), "GetDimensions",
                          {f.v("literal int"), f.lv("float"), f.lv("float"), f.lv("float"), f.lv("float")}) == "void");
    CHECK(f.method_result(f.res(ResourceKind::Texture3D, "float4"), "GetDimensions",
                          {f.lv("uint"), f.lv("uint"), f.lv("uint")}) == "void");
    CHECK(f.method_result(f.res(ResourceKind::TextureCube, "float4"), "GetDimensions",
                          {f.v("uint"), f.lv("uint"), f.lv("uint"), f.lv("uint")}) == "void");
    CHECK(f.method_result(f.res(ResourceKind::Texture1DArray, "float4"), "GetDimensions", {f.lv("uint"), f.lv("uint")}) ==
          "void");
    CHECK(f.diag_count() == 0);
}

TEST_CASE("GetDimensions: RW textures have no mip form, outputs must be writable", "[methods][dimensions]") {
    Fixture f;
    const ResourceType* img = f.res(ResourceKind::RWTexture2D, "float4");
    CHECK(f.method_result(img, "GetDimensions", {f.lv("uint"), f.lv("uint")}) == "void");
    CHECK(f.method_result(img, "GetDimensions", {f.v("uint"), f.lv("uint"), f.lv("uint"), f.lv("uint")}) == "error");
    CHECK(f.code() == DiagCode::method_no_match);
    CHECK(f.method_result(f.res(ResourceKind::Texture2D, "float4"), "GetDimensions", {f.lv("bool"), f.lv("bool")}) ==
          "error");
    CHECK(f.method_result(img, "GetDimensions", {f.v("uint"), f.v("uint")}) == "error");
}

TEST_CASE("buffers: typed, structured and byte-address sizes", "[methods][dimensions]") {
    Fixture f;
    CHECK(f.method_result(f.res(ResourceKind::Buffer, "float4"), "GetDimensions", {f.lv("uint")}) == "void");
    CHECK(f.method_result(f.res(ResourceKind::StructuredBuffer, "float4"), "GetDimensions",
                          {f.lv("uint"), f.lv("uint")}) == "void");
    CHECK(f.method_result(f.types.resource(ResourceKind::ByteAddressBuffer), "GetDimensions", {f.lv("uint")}) ==
          "void");
    auto rows = find_methods(ResourceKind::StructuredBuffer, "GetDimensions");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0]->targets.msl == "unsupported:OSH5102");
}

TEST_CASE("typed and structured buffer loads", "[methods][load]") {
    Fixture f;
    CHECK(f.method_result(f.res(ResourceKind::Buffer, "float4"), "Load", {f.v("int")}) == "float4");
    CHECK(f.method_result(f.res(ResourceKind::RWBuffer, "uint"), "Load", {f.v("uint"), f.lv("uint")}) == "uint");
    oneshader::support::Interner names(f.arena);
    StructType* light = f.types.create_struct(names.intern("Light"));
    StructMember m;
    m.name = names.intern("color");
    m.type = f.t("float3");
    f.types.define_struct(light, nullptr, std::span<const StructMember>(&m, 1));
    CHECK(f.method_result(f.types.resource(ResourceKind::StructuredBuffer, light), "Load", {f.v("uint")}) == "Light");
}

TEST_CASE("counters, Append and Consume", "[methods][structured]") {
    Fixture f;
    CHECK(f.method_result(f.res(ResourceKind::RWStructuredBuffer, "uint"), "IncrementCounter", {}) == "uint");
    CHECK(f.method_result(f.res(ResourceKind::RWStructuredBuffer, "uint"), "DecrementCounter", {}) == "uint");
    CHECK(f.method_result(f.res(ResourceKind::AppendStructuredBuffer, "float4"), "Append", {f.v("float4")}) == "void");
    CHECK(f.method_result(f.res(ResourceKind::ConsumeStructuredBuffer, "float2"), "Consume", {}) == "float2");
    CHECK(f.method_result(f.res(ResourceKind::StructuredBuffer, "uint"), "IncrementCounter", {}) == "error");
    CHECK(f.message() == "'IncrementCounter' is not a method of 'StructuredBuffer<uint>'. It is a method of "
                         "RWStructuredBuffer.");
}

TEST_CASE("byte-address loads, templated loads and stores", "[methods][byteaddress]") {
    Fixture f;
    const ResourceType* bab = f.types.resource(ResourceKind::ByteAddressBuffer);
    const ResourceType* rw = f.types.resource(ResourceKind::RWByteAddressBuffer);
    CHECK(f.method_result(bab, "Load", {f.v("uint")}) == "uint");
    CHECK(f.method_result(bab, "Load2", {f.v("literal int")}) == "uint2");
    CHECK(f.method_result(bab, "Load3", {f.v("uint")}) == "uint3");
    CHECK(f.method_result(bab, "Load4", {f.v("uint"), f.lv("uint")}) == "uint4");
    CHECK(f.method_result(bab, "Load", {f.v("uint")}, f.t("float4")) == "float4");
    CHECK(f.method_result(rw, "Store4", {f.v("uint"), f.v("uint4")}) == "void");
    CHECK(f.method_result(rw, "Store", {f.v("uint"), f.v("float3")}) == "void");
    CHECK(f.method_result(rw, "Store", {f.v("uint"), f.v("float3")}, f.t("float3")) == "void");
    CHECK(f.diag_count() == 0);
    CHECK(f.method_result(bab, "Store", {f.v("uint"), f.v("uint")}) == "error");
    CHECK(f.message() == "'Store' is not a method of 'ByteAddressBuffer'. It is a method of RWByteAddressBuffer.");
    CHECK(f.method_result(bab, "Load2", {f.v("uint")}, f.t("float2")) == "error");
    CHECK(f.message(1) == "'ByteAddressBuffer.Load2' takes no template argument.");
}

TEST_CASE("RWByteAddressBuffer atomics", "[methods][byteaddress]") {
    Fixture f;
    const ResourceType* rw = f.types.resource(ResourceKind::RWByteAddressBuffer);
    CHECK(f.method_result(rw, "InterlockedAdd", {f.v("uint"), f.v("literal int")}) == "void");
    CHECK(f.method_result(rw, "InterlockedAdd", {f.v("literal int"), f.v("uint"), f.lv("uint")}) == "void");
    CHECK(f.method_result(rw, "InterlockedMax", {f.v("uint"), f.v("int"), f.lv("int")}) == "void");
    CHECK(f.method_result(rw, "InterlockedCompareExchange", {f.v("uint"), f.v("uint"), f.v("uint"), f.lv("uint")}) ==
          "void");
    CHECK(f.method_result(rw, "InterlockedCompareStore", {f.v("uint"), f.v("uint"), f.v("uint")}) == "void");
    CHECK(f.method_result(rw, "InterlockedExchange", {f.v("uint"), f.v("uint"), f.lv("uint")}) == "void");
    CHECK(f.diag_count() == 0);
    CHECK((find_methods(ResourceKind::RWByteAddressBuffer, "InterlockedOr")[0]->flags & kAtomic) != 0);
}

TEST_CASE("unknown method: Did you mean", "[methods][unknown]") {
    Fixture f;
    CHECK_FALSE(f.method(f.res(ResourceKind::Texture2D, "float4"), "Sampel", {sampler(f), f.v("float2")}));
    CHECK(f.only_diag() ==
          "t.hlsl(1,15): error OSH0373: 'Sampel' is not a method of 'Texture2D<float4>'. Did you mean 'Sample'?");
    CHECK_FALSE(f.method(f.res(ResourceKind::Texture2D, "float4"), "samplelevel", {}));
    CHECK(f.message(1) == "'samplelevel' is not a method of 'Texture2D<float4>'. Did you mean 'SampleLevel'?");
    CHECK_FALSE(f.method(f.res(ResourceKind::Texture2D, "float4"), "Frobnicate", {}));
    CHECK(f.message(2) == "'Frobnicate' is not a method of 'Texture2D<float4>'.");
}

TEST_CASE("no matching form lists each form as a note", "[methods]") {
    Fixture f;
    CHECK_FALSE(f.method(f.res(ResourceKind::Texture2D, "float4"), "SampleLevel", {sampler(f)}));
    REQUIRE(f.diag_count() == 1);
    const auto& d = f.diags.diagnostics()[0];
    CHECK(d.message == "No form of 'Texture2D<float4>.SampleLevel' takes (SamplerState). The forms are:");
    // Without an offset, with one, and with one and the status of a sparse texture.
    REQUIRE(d.notes.size() == 3);
    CHECK(d.notes[0].message == "candidate E SampleLevel(SamplerState s, Coord location, float lod): takes 3 arguments");
    CHECK(d.notes[2].message.find("out uint status") != std::string::npos);
}

TEST_CASE("method names per kind", "[methods]") {
    auto names = method_names(ResourceKind::RWStructuredBuffer);
    CHECK(names == std::vector<std::string_view>{"DecrementCounter", "GetDimensions", "IncrementCounter", "Load"});
    auto cube = method_names(ResourceKind::TextureCube);
    CHECK(std::find(cube.begin(), cube.end(), "Load") == cube.end());
    CHECK(std::find(cube.begin(), cube.end(), "GatherCmp") != cube.end());
}

TEST_CASE("subscripts: [] on textures and buffers", "[methods][subscript]") {
    Fixture f;
    auto tex = resource_subscript(f.types, f.res(ResourceKind::Texture2D, "float4"));
    REQUIRE(tex);
    CHECK(type_name(tex->index) == "uint2");
    CHECK(type_name(tex->element) == "float4");
    CHECK_FALSE(tex->writable);
    auto img = resource_subscript(f.types, f.res(ResourceKind::RWTexture2DArray, "uint"));
    REQUIRE(img);
    CHECK(type_name(img->index) == "uint3");
    CHECK(img->writable);
    auto buf = resource_subscript(f.types, f.res(ResourceKind::RWBuffer, "float"));
    REQUIRE(buf);
    CHECK(type_name(buf->index) == "uint");
    CHECK(buf->writable);
    CHECK(resource_subscript(f.types, f.res(ResourceKind::StructuredBuffer, "float2")));
    CHECK_FALSE(resource_subscript(f.types, f.res(ResourceKind::TextureCube, "float4")));
    CHECK_FALSE(resource_subscript(f.types, f.types.resource(ResourceKind::ByteAddressBuffer)));
    CHECK_FALSE(resource_subscript(f.types, f.res(ResourceKind::AppendStructuredBuffer, "float")));
}

TEST_CASE("subscripts: .mips[level][texel] and .sample[index][texel]", "[methods][subscript]") {
    Fixture f;
    auto mips = resource_subscript(f.types, f.res(ResourceKind::Texture2DArray, "float4"), SubscriptForm::Mips);
    REQUIRE(mips);
    CHECK(type_name(mips->index) == "uint3");
    CHECK(type_name(mips->element) == "float4");
    auto mips1 = resource_subscript(f.types, f.res(ResourceKind::Texture1D, "float"), SubscriptForm::Mips);
    REQUIRE(mips1);
    CHECK(type_name(mips1->index) == "uint");
    auto sample = resource_subscript(f.types, f.res(ResourceKind::Texture2DMS, "float4"), SubscriptForm::Sample);
    REQUIRE(sample);
    CHECK(type_name(sample->index) == "uint2");
    CHECK_FALSE(resource_subscript(f.types, f.res(ResourceKind::Texture2DMS, "float4"), SubscriptForm::Mips));
    CHECK_FALSE(resource_subscript(f.types, f.res(ResourceKind::Texture2D, "float4"), SubscriptForm::Sample));
    CHECK_FALSE(resource_subscript(f.types, f.res(ResourceKind::RWTexture2D, "float4"), SubscriptForm::Mips));
}
