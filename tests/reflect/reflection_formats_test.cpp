#include <catch2/catch.hpp>

#include "oneshader/reflection.hpp"

using namespace oneshader;

namespace {

ReflectedType scalar(ScalarKind k, std::uint32_t size) {
    ReflectedType t;
    t.kind = ReflectedTypeKind::Scalar;
    t.scalar = k;
    t.size = t.alignment = size;
    return t;
}

// The getting-started Sprite.hlsl as the spec prints its reflection.
ShaderReflection sprite() {
    ShaderReflection r;
    r.source = "Sprite.hlsl";
    r.targets = {Target::SpirV};

    ReflectedType mat;
    mat.kind = ReflectedTypeKind::Matrix;
    mat.scalar = ScalarKind::Float;
    mat.components = 4;
    mat.columns = 4;
    mat.matrix_stride = 16;
    mat.size = 64;
    mat.alignment = 16;
    ReflectedType vec;
    vec.kind = ReflectedTypeKind::Vector;
    vec.scalar = ScalarKind::Float;
    vec.components = 4;
    vec.size = vec.alignment = 16;
    ReflectedType frame;
    frame.kind = ReflectedTypeKind::Struct;
    frame.name = "Frame";
    frame.size = 80;
    frame.alignment = 16;
    frame.members.push_back({"ViewProjection", 0, mat});
    frame.members.push_back({"Tint", 64, vec});

    ResourceInfo cb;
    cb.name = "Frame";
    cb.kind = ResourceKind::ConstantBuffer;
    cb.resource_type = ResourceTypeKind::ConstantBuffer;
    cb.stages = StageVertex;
    cb.slots = {{Target::SpirV, 0, 0}};
    cb.layout = frame;
    ResourceInfo atlas;
    atlas.name = "Atlas";
    atlas.kind = ResourceKind::SampledTexture;
    atlas.hlsl_type = "Texture2D<float4>";
    atlas.resource_type = ResourceTypeKind::Texture2D;
    atlas.stages = StagePixel;
    atlas.slots = {{Target::SpirV, 0, 1}};
    ResourceInfo sampler;
    sampler.name = "AtlasSampler";
    sampler.kind = ResourceKind::Sampler;
    sampler.hlsl_type = "SamplerState";
    sampler.resource_type = ResourceTypeKind::SamplerState;
    sampler.stages = StagePixel;
    sampler.slots = {{Target::SpirV, 0, 2}};
    r.resources = {cb, atlas, sampler};

    EntryPointInfo vs;
    vs.name = "VSMain";
    vs.stage = Stage::Vertex;
    vs.vertex_stride = 20;
    StageVariable pos{"i.Position", "POSITION", 0, 0u, BuiltIn::None, ScalarKind::Float, 2,
                      VertexFormat::Float32x2, 0, Interpolation::Default};
    StageVariable uv{"i.Uv", "TEXCOORD", 0, 1u, BuiltIn::None, ScalarKind::Float, 2,
                     VertexFormat::Float32x2, 8, Interpolation::Default};
    StageVariable color{"i.Color", "COLOR", 0, 2u, BuiltIn::None, ScalarKind::Float, 4,
                        VertexFormat::Unorm8x4, 16, Interpolation::Default};
    StageVariable out_pos{"Position", "SV_Position", 0, std::nullopt, BuiltIn::Position, ScalarKind::Float, 4,
                          VertexFormat::None, 0, Interpolation::Default};
    vs.inputs = {pos, uv, color};
    vs.outputs = {out_pos};
    vs.used_resources = {"Frame"};
    EntryPointInfo ps;
    ps.name = "PSMain";
    ps.stage = Stage::Pixel;
    ps.used_resources = {"Atlas", "AtlasSampler"};
    r.entry_points = {vs, ps};
    return r;
}

}  // namespace

TEST_CASE("JSON has the spec's keys, order and shape", "[reflect][json]") {
    std::string json = write_reflection_json(sprite());
    CHECK(json.starts_with("{\n  \"schemaVersion\": 1,\n  \"source\": \"Sprite.hlsl\",\n  \"targets\": [\"SpirV\"],\n"));
    // The entry point as the spec's "As JSON from the command line" prints it.
    const char* expected_entry =
        "  \"entryPoints\": [\n"
        "    {\n"
        "      \"name\": \"VSMain\",\n"
        "      \"stage\": \"Vertex\",\n"
        "      \"vertexStride\": 20,\n"
        "      \"inputs\": [\n"
        "        {\n"
        "          \"name\": \"i.Position\",\n"
        "          \"semantic\": \"POSITION\",\n"
        "          \"semanticIndex\": 0,\n"
        "          \"location\": 0,\n"
        "          \"builtIn\": \"None\",\n"
        "          \"scalar\": \"Float\",\n"
        "          \"components\": 2,\n"
        "          \"format\": \"Float32x2\",\n"
        "          \"offset\": 0,\n"
        "          \"interpolation\": \"Default\"\n"
        "        },\n";
    CHECK(json.find(expected_entry) != std::string::npos);
    CHECK(json.find("\"stages\": [\"Pixel\"]") != std::string::npos);
    CHECK(json.find("\"counterSlots\": []") != std::string::npos);
    CHECK(json.find("\"matrixStride\": 16") != std::string::npos);
    CHECK(json.find("\"specConstants\"") == std::string::npos);  // only when the shader has some
    CHECK(json.find("\"mslFunctionName\"") == std::string::npos);  // only with Msl selected
    CHECK(json.back() == '\n');
    CHECK(json.find('\r') == std::string::npos);
}

TEST_CASE("JSON built-ins have no location and other stages no stride", "[reflect][json]") {
    std::string json = write_reflection_json(sprite());
    auto out = json.find("\"name\": \"Position\"");
    REQUIRE(out != std::string::npos);
    auto next = json.find('}', out);
    CHECK(json.substr(out, next - out).find("location") == std::string::npos);
    auto ps = json.find("\"name\": \"PSMain\"");
    REQUIRE(ps != std::string::npos);
    CHECK(json.find("vertexStride", ps) == std::string::npos);
    CHECK(json.find("workgroupSize") == std::string::npos);
}

TEST_CASE("JSON writes compute workgroup sizes and escapes strings", "[reflect][json]") {
    ShaderReflection r;
    r.source = "a\"b\\c\n.hlsl";
    EntryPointInfo cs;
    cs.name = "CSMain";
    cs.stage = Stage::Compute;
    cs.workgroup_size[0] = 8;
    cs.workgroup_size[1] = 4;
    cs.workgroup_size[2] = 1;
    r.entry_points = {cs};
    std::string json = write_reflection_json(r);
    CHECK(json.find("\"source\": \"a\\\"b\\\\c\\n.hlsl\"") != std::string::npos);
    CHECK(json.find("\"workgroupSize\": [8, 4, 1]") != std::string::npos);
    CHECK(json.find("\"resources\": []") != std::string::npos);
}

TEST_CASE("the same model gives the same bytes", "[reflect]") {
    CHECK(write_reflection_json(sprite()) == write_reflection_json(sprite()));
    CHECK(write_reflection_file(sprite()) == write_reflection_file(sprite()));
}

TEST_CASE("the line format starts as the spec shows", "[reflect][lines]") {
    std::string text = write_reflection_file(sprite());
    CHECK(text.starts_with("oneshader-reflection 1\nsource name=\"Sprite.hlsl\"\ntargets list=SpirV\n"
                           "resource name=\"Frame\" kind=ConstantBuffer count=1 stages=Vertex rtype=ConstantBuffer hlsl=\"\"\n"
                           "  slot target=SpirV set=0 binding=0\n  layout\n"
                           "    type kind=Struct scalar=Float rows=0 cols=0 name=\"Frame\" size=80 align=16 length=0 "
                           "stride=0 mstride=0 packing=ColumnMajor\n"
                           "      member name=\"ViewProjection\" offset=0\n"));
    CHECK(text.find("  input name=\"i.Position\" semantic=\"POSITION\" index=0 location=0 builtin=None scalar=Float "
                    "components=2 format=Float32x2 offset=0 interp=Default\n") != std::string::npos);
    CHECK(text.find("  output name=\"Position\" semantic=\"SV_Position\" index=0 location=- builtin=Position") !=
          std::string::npos);
    CHECK(text.find("  uses name=\"Frame\"\n") != std::string::npos);
}

TEST_CASE("the line format reads back to the same model", "[reflect][lines]") {
    ShaderReflection r = sprite();
    // Exercise every record kind: arrays, counters, push constants, spec constants, features.
    ReflectedType arr;
    arr.kind = ReflectedTypeKind::Array;
    arr.length = 3;
    arr.stride = 16;
    arr.size = 48;
    arr.alignment = 16;
    arr.element = std::make_unique<ReflectedType>(scalar(ScalarKind::Float, 4));
    r.resources[0].layout->members.push_back({"Weights", 80, arr});
    ResourceInfo hits;
    hits.name = "Hits";
    hits.kind = ResourceKind::StorageBuffer;
    hits.hlsl_type = "AppendStructuredBuffer<uint>";
    hits.resource_type = ResourceTypeKind::AppendStructuredBuffer;
    hits.stages = StageCompute | StagePixel;
    hits.slots = {{Target::SpirV, 0, 3}};
    hits.counter_slots = {{Target::SpirV, 0, 4}};
    hits.layout = scalar(ScalarKind::UInt, 4);
    hits.image_format = "";
    r.resources.push_back(hits);
    ResourceInfo img;
    img.name = "Output \"main\"";
    img.kind = ResourceKind::StorageTexture;
    img.hlsl_type = "RWTexture2D<float4>";
    img.resource_type = ResourceTypeKind::RWTexture2D;
    img.image_format = "rgba8";
    img.count = 4;
    r.resources.push_back(img);
    PushConstantInfo pc;
    pc.name = "PerDraw";
    pc.stages = StageVertex;
    pc.slots = {{Target::Msl, 0, 5}, {Target::Wgsl, 1, 0}};
    pc.layout = scalar(ScalarKind::Int, 4);
    r.push_constants.push_back(pc);
    SpecConstantInfo sc;
    sc.name = "Radius";
    sc.id = 3;
    sc.type = SpecConstantType::Float;
    sc.default_bits = 0x40200000u;
    sc.slots = {{Target::SpirV, 3, "Radius"}};
    r.spec_constants.push_back(sc);
    r.entry_points[0].push_constant = "PerDraw";
    r.entry_points[0].used_spec_constants = {"Radius"};
    r.entry_points[0].features = 3;
    r.entry_points[1].wgsl_entry_point = "PSMain_";
    r.entry_points[1].msl_function_name = "main0";
    r.targets = {Target::SpirV, Target::Msl, Target::Wgsl};

    std::string text = write_reflection_file(r);
    ReflectionReadResult back = read_reflection_file(text);
    INFO(back.error);
    REQUIRE(back.reflection);
    CHECK(*back.reflection == r);
    CHECK(write_reflection_file(*back.reflection) == text);
    CHECK(text.find("entry name=\"PSMain\" stage=Pixel workgroup=0,0,0 stride=0 msl=\"main0\"\n") != std::string::npos);
    CHECK(text.find("entry name=\"VSMain\" stage=Vertex workgroup=0,0,0 stride=20\n") != std::string::npos);
}

TEST_CASE("bit fields carry their bits in both forms and read back", "[reflect][lines][json]") {
    ShaderReflection r = sprite();
    ReflectedType flags;
    flags.kind = ReflectedTypeKind::Struct;
    flags.name = "Flags";
    flags.size = 8;
    flags.alignment = 4;
    flags.members.push_back({"Kind", 0, scalar(ScalarKind::UInt, 4), 0, 4});
    flags.members.push_back({"Count", 0, scalar(ScalarKind::UInt, 4), 4, 12});
    flags.members.push_back({"Delta", 4, scalar(ScalarKind::Int, 4), 0, 6});
    r.resources[0].layout->members.push_back({"Bits", 80, flags});

    std::string json;
    for (char ch : write_reflection_json(r))
        if (ch != ' ' && ch != '\n') json += ch;
    CHECK(json.find("{\"name\":\"Count\",\"offset\":0,\"bitOffset\":4,\"bitWidth\":12,\"type\":{\"kind\":\"Scalar\"") !=
          std::string::npos);
    // Whole members have neither key.
    CHECK(json.find("{\"name\":\"Tint\",\"offset\":64,\"type\":") != std::string::npos);

    std::string text = write_reflection_file(r);
    CHECK(text.find("      member name=\"Bits\" offset=80\n") != std::string::npos);
    CHECK(text.find("          member name=\"Count\" offset=0 bitoffset=4 bitwidth=12\n") != std::string::npos);
    ReflectionReadResult back = read_reflection_file(text);
    INFO(back.error);
    REQUIRE(back.reflection);
    CHECK(*back.reflection == r);

    // Both bit attributes or neither.
    std::string half = text;
    std::string cut = " bitwidth=12";
    half.erase(half.find(cut), cut.size());
    CHECK(read_reflection_file(half).error.find("needs the attribute 'bitwidth'") != std::string::npos);
}

TEST_CASE("the reader ignores unknown records and attributes", "[reflect][lines]") {
    std::string text = write_reflection_file(sprite());
    std::string extended = text;
    extended.insert(extended.find("resource"), "future thing=1\n  nested x=\"y\"\n");
    auto pos = extended.find("  slot target=SpirV set=0 binding=0");
    extended.insert(pos + std::string("  slot target=SpirV set=0 binding=0").size(), " extra=7");
    ReflectionReadResult back = read_reflection_file(extended);
    INFO(back.error);
    REQUIRE(back.reflection);
    CHECK(*back.reflection == sprite());
}

TEST_CASE("the reader rejects other versions and malformed records with the line", "[reflect][lines]") {
    CHECK(read_reflection_file("oneshader-reflection 2\n").error ==
          "line 1: unsupported version '2': this reader reads version 1");
    CHECK(read_reflection_file("").error.find("empty") != std::string::npos);
    CHECK(read_reflection_file("hello\n").error.starts_with("line 1: not a reflection file"));
    CHECK(read_reflection_file("oneshader-reflection 1\nsource name=\"x\"").error.starts_with("line 2:"));
    CHECK(read_reflection_file("oneshader-reflection 1\nsource name=\"x\n").error ==
          "line 2: unterminated string in 'name'");
    CHECK(read_reflection_file("oneshader-reflection 1\n   source name=\"x\"\n").error ==
          "line 2: indentation must be two spaces per level");
    CHECK(read_reflection_file("oneshader-reflection 1\nresource name=\"x\" kind=Texture count=1 stages=- rtype=Buffer hlsl=\"\"\n")
              .error == "line 2: 'Texture' is not a valid kind value");
    CHECK(read_reflection_file("oneshader-reflection 1\nentry name=\"x\" stage=Vertex workgroup=1,2 stride=0\n")
              .error == "line 2: 'workgroup' must be x,y,z, not '1,2'");
    CHECK(read_reflection_file("oneshader-reflection 1\nentry name=\"x\" stage=Vertex workgroup=0,0,0 stride=-3\n")
              .error == "line 2: 'stride' must be an unsigned 32-bit number, not '-3'");
    CHECK(read_reflection_file("oneshader-reflection 1\nresource name=\"x\" kind=ConstantBuffer count=1 stages=- "
                               "rtype=ConstantBuffer hlsl=\"\"\n  layout\n")
              .error == "line 3: 'layout' needs a type");
}

TEST_CASE("the reader survives deep nesting in hostile input", "[reflect][lines]") {
    std::string text = "oneshader-reflection 1\nresource name=\"x\" kind=ConstantBuffer count=1 stages=- "
                       "rtype=ConstantBuffer hlsl=\"\"\n  layout\n";
    int depth = 2;
    for (int i = 0; i < 200; ++i) {
        text += std::string(depth * 2, ' ') +
                "type kind=Array scalar=Float rows=0 cols=0 name=\"\" size=4 align=4 length=1 stride=4 mstride=0 "
                "packing=ColumnMajor\n";
        text += std::string((depth + 1) * 2, ' ') + "element\n";
        depth += 2;
    }
    ReflectionReadResult back = read_reflection_file(text);
    CHECK_FALSE(back.reflection);
    CHECK(back.error.find("type nesting is too deep") != std::string::npos);
}

TEST_CASE("enum names are the model's member names", "[reflect]") {
    CHECK(to_string(ResourceKind::SampledTexture) == "SampledTexture");
    CHECK(to_string(VertexFormat::Unorm8x4) == "Unorm8x4");
    CHECK(to_string(VertexFormat::Unorm10_10_10_2) == "Unorm10_10_10_2");
    CHECK(to_string(BuiltIn::SubgroupSize) == "SubgroupSize");
    CHECK(to_string(ResourceTypeKind::SamplerComparisonState) == "SamplerComparisonState");
    CHECK(to_string(Interpolation::NoPerspectiveSample) == "NoPerspectiveSample");
}
