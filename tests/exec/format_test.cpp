// format_test.cpp - the case format parser, the value encodings and the output comparison.
#include "case_file.hpp"
#include "compare.hpp"
#include "spirv_names.hpp"

#include <catch2/catch.hpp>

#include <cstring>

using namespace oneshader::exec;

namespace {

float read_float(const Bytes& bytes, std::size_t offset)
{
    float f;
    std::memcpy(&f, bytes.data() + offset, 4);
    return f;
}

std::uint32_t read_uint(const Bytes& bytes, std::size_t offset)
{
    std::uint32_t u;
    std::memcpy(&u, bytes.data() + offset, 4);
    return u;
}

const char* minimal = "shader compute/x.hlsl\nentry compute Main\ndispatch Main 1 1 1\n";

}  // namespace

TEST_CASE("case files: buffers with typed lists, offsets and generators", "[format]")
{
    const Case c = parse_case_text(std::string(minimal) +
                                       "buffer Params uniform size=32   # trailing comment\n"
                                       "  uint 7 8\n"
                                       "  at 16\n"
                                       "  float 1.5 -2\n"
                                       "buffer Data|Data@count storage\n"
                                       "  uint iota 4 10 2\n"
                                       "  int fill 2 -3\n"
                                       "  uint 0x10\n"
                                       "output Data type=int\n",
                                   "test.case");
    CHECK(c.name == "test");
    const Resource* params = c.find_resource("Params");
    REQUIRE(params);
    CHECK(params->kind == ResourceKind::uniform_buffer);
    REQUIRE(params->contents.size() == 32);
    CHECK(read_uint(params->contents, 4) == 8);
    CHECK(read_float(params->contents, 16) == 1.5f);
    CHECK(read_float(params->contents, 20) == -2.0f);
    const Resource* data = c.find_resource("Data");
    REQUIRE(data);
    CHECK(data->names.size() == 2);
    REQUIRE(data->contents.size() == 28);
    CHECK(read_uint(data->contents, 12) == 16);
    CHECK(static_cast<std::int32_t>(read_uint(data->contents, 16)) == -3);
    CHECK(read_uint(data->contents, 24) == 16);
}

TEST_CASE("case files: images, samplers, draws and literals", "[format]")
{
    const Case c = parse_case_text("shader 2d/x.hlsl\nentry vertex VS\nentry pixel PS\n"
                                   "image Tex sampled rgba8 2 1\n  float 1 0 0 1  0 0.5 0 1\n"
                                   "sampler S filter=linear address=repeat\n"
                                   "target rgba32f 4 4 clear=0,0,0,1\n"
                                   "draw VS PS 3\n"
                                   "output target type=float tolerance=1e-5 webgpu-tolerance=2e-3\n"
                                   "literal target\n  float 1 2\n",
                                   "draw.case");
    REQUIRE(c.outputs.size() == 1);
    CHECK(c.outputs[0].tolerance == 1e-5);
    CHECK(c.outputs[0].webgpu_tolerance == 2e-3);
    const Resource* tex = c.find_resource("Tex");
    REQUIRE(tex);
    REQUIRE(tex->contents.size() == 8);
    CHECK(tex->contents[0] == 255);
    CHECK(tex->contents[5] == 128);
    CHECK(c.find_resource("S")->filter == "linear");
    REQUIRE(c.target);
    CHECK(c.target->clear[3] == 1.0);
    REQUIRE(c.steps.size() == 1);
    CHECK(c.steps[0].is_draw);
    CHECK(c.steps[0].x == 3);
    CHECK(c.steps[0].y == 1);
    REQUIRE(c.literals.size() == 1);
    CHECK(c.literals[0].bytes.size() == 8);
}

TEST_CASE("case files: malformed lines name the file and line", "[format]")
{
    CHECK_THROWS_WITH(parse_case_text(std::string(minimal) + "buffer B storage\n  uint 1 x\noutput B\n", "bad.case"),
                      Catch::Contains("bad.case:5") && Catch::Contains("not a number"));
    CHECK_THROWS_WITH(parse_case_text(std::string(minimal) + "frobnicate\n", "bad.case"),
                      Catch::Contains("unknown directive"));
    CHECK_THROWS_WITH(parse_case_text(std::string(minimal) + "output Missing\n", "bad.case"),
                      Catch::Contains("no resource"));
    CHECK_THROWS_WITH(parse_case_text(std::string(minimal) + "image I sampled rgba8 2 2\n  float 1\noutput I\n",
                                      "bad.case"),
                      Catch::Contains("needs 16 component values"));
}

TEST_CASE("case files: specialize lines give each constant its value", "[format]")
{
    const Case c = parse_case_text(std::string(minimal) + "specialize Radius 8\nspecialize Sigma 2.5\nspecialize On 1\n"
                                                          "buffer B storage size=4\noutput B\n",
                                   "spec.case");
    REQUIRE(c.specializations.size() == 3);
    CHECK(c.specializations[0].name == "Radius");
    CHECK(c.specializations[0].value == 8);
    CHECK(c.specializations[1].value == 2.5);
    CHECK(c.specializations[2].name == "On");
    CHECK_THROWS_WITH(parse_case_text(std::string(minimal) + "specialize Radius eight\n", "bad.case"),
                      Catch::Contains("bad.case:4") && Catch::Contains("must be a number"));
    CHECK_THROWS_WITH(parse_case_text(std::string(minimal) + "specialize Radius\n", "bad.case"),
                      Catch::Contains("specialize NAME VALUE"));
}

TEST_CASE("formats: half and unorm encodings round-trip", "[format]")
{
    const Format half = *find_format("rgba16f");
    const std::vector<double> values = {0.0, 1.0, -2.5, 65504.0, 0.000061035156, 1.0 / 3.0, 1e-7, 70000.0};
    const auto decoded = decode_components(half, encode_components(half, values));
    CHECK(decoded[0] == 0.0);
    CHECK(decoded[1] == 1.0);
    CHECK(decoded[2] == -2.5);
    CHECK(decoded[3] == 65504.0);
    CHECK(decoded[4] == Approx(0.000061035156));
    CHECK(decoded[5] == Approx(1.0 / 3.0).epsilon(1e-3));
    CHECK(decoded[6] == Approx(1.19209e-7).margin(1e-9));
    CHECK(std::isinf(decoded[7]));
    const Format unorm = *find_format("r8");
    CHECK(encode_components(unorm, {0.5, 2.0, -1.0}) == Bytes{128, 255, 0});
}

TEST_CASE("comparison: exact, tolerance, ranges, fields and sorting", "[format]")
{
    const Case c = parse_case_text(std::string(minimal) +
                                       "buffer B storage size=16\n"
                                       "output B type=float tolerance=1e-3\n",
                                   "cmp.case");
    auto floats = [](std::vector<float> v) {
        Bytes b(v.size() * 4);
        std::memcpy(b.data(), v.data(), b.size());
        return b;
    };
    std::string report;
    Output o = c.outputs[0];
    CHECK(compare_output(c, o, floats({1, 2, 3, 4}), floats({1.0005f, 2, 3, 4}), false, report));
    CHECK_FALSE(compare_output(c, o, floats({1, 2, 3, 4}), floats({1.01f, 2, 3, 4}), false, report));
    CHECK(report.find("1 of 4 values differ") != std::string::npos);
    o.tolerance.reset();
    CHECK_FALSE(compare_output(c, o, floats({1, 2, 3, 4}), floats({1.0005f, 2, 3, 4}), false, report));
    o.offset = 4;
    CHECK(compare_output(c, o, floats({1, 2, 3, 4}), floats({9, 2, 3, 4}), false, report));
    o.offset = 0;
    o.sort = true;
    CHECK(compare_output(c, o, floats({4, 3, 2, 1}), floats({1, 2, 3, 4}), false, report));
    o.sort = false;
    o.stride = 8;
    o.field_offset = 4;
    o.field_size = 4;
    CHECK(compare_output(c, o, floats({0, 2, 5, 4}), floats({1, 2, 3, 4}), false, report));
    o.stride = 0;
    CHECK(compare_output(c, o, floats({1, 2, 3, 4}), floats({1, 2}), true, report));
}

TEST_CASE("comparison: webgpu-pixels allows that many differing pixels of an image and no more", "[format]")
{
    const Case c = parse_case_text("shader 2d/x.hlsl\nentry vertex VS\nentry pixel PS\n"
                                   "target rgba8 4 1\ndraw VS PS 3\n"
                                   "output target tolerance=0.01 webgpu-pixels=2\n",
                                   "pixels.case");
    REQUIRE(c.outputs.size() == 1);
    CHECK(c.outputs[0].webgpu_pixels == 2);
    CHECK(c.outputs[0].allowed_pixels == 0);  // only the WebGPU run applies it
    const Bytes expected(16, 0);
    Bytes two = expected;  // pixels 0 and 2 differ, pixel 0 in two components
    two[0] = two[1] = 200;
    two[8] = 200;
    Bytes three = two;
    three[15] = 200;
    Output o = c.outputs[0];
    std::string report;
    CHECK_FALSE(compare_output(c, o, two, expected, false, report));  // the lavapipe runs: exact pixels
    o.allowed_pixels = o.webgpu_pixels;
    CHECK(compare_output(c, o, two, expected, false, report));
    CHECK(compare_output(c, o, expected, expected, false, report));
    CHECK_FALSE(compare_output(c, o, three, expected, false, report));
    CHECK(report.find("in 3 pixels (the case allows 2)") != std::string::npos);
    CHECK_THROWS_WITH(parse_case_text(std::string(minimal) + "buffer B storage size=4\noutput B webgpu-pixels=1\n",
                                      "bad.case"),
                      Catch::Contains("for the target or an image"));
    CHECK_THROWS_WITH(parse_case_text("shader 2d/x.hlsl\nentry vertex VS\nentry pixel PS\ntarget rgba8 4 1\n"
                                      "draw VS PS 3\noutput target webgpu-pixels=0\n",
                                      "bad.case"),
                      Catch::Contains("needs N > 0"));
}

TEST_CASE("SPIR-V names: bindings by variable and block name", "[format]")
{
    // OpName %1 "Data"; OpName %2 "Params"; OpDecorate %1 Binding 3; OpDecorate %1 DescriptorSet 1;
    // OpDecorate %3 Binding 0; %4 = OpTypePointer Uniform %2; %3 = OpVariable %4 Uniform; %5 = pointer; %1 = var
    const std::vector<std::uint32_t> words = {
        0x07230203, 0x00010500, 0, 10, 0,
        (4u << 16) | 5, 1, 0x61746144, 0,                 // OpName %1 "Data"
        (5u << 16) | 5, 2, 0x61726150, 0x0000736d, 0,     // OpName %2 "Params" (padded)
        (4u << 16) | 71, 1, 33, 3,                        // Binding 3
        (4u << 16) | 71, 1, 34, 1,                        // DescriptorSet 1
        (4u << 16) | 71, 3, 33, 0,                        // Binding 0
        (4u << 16) | 32, 4, 2, 2,                         // %4 = OpTypePointer Uniform %2
        (4u << 16) | 59, 4, 3, 2,                         // %3 = OpVariable %4 Uniform
        (4u << 16) | 32, 5, 12, 6,                        // %5 = OpTypePointer StorageBuffer %6
        (4u << 16) | 59, 5, 1, 12,                        // %1 = OpVariable %5 StorageBuffer
    };
    const SpirvInfo info = reflect_spirv(words);
    REQUIRE(info.bindings.size() == 2);
    CHECK(info.bindings[0].variable_name == "Data");
    CHECK(info.bindings[0].set == 1);
    CHECK(info.bindings[0].binding == 3);
    CHECK(info.bindings[1].variable_name.empty());
    CHECK(info.bindings[1].type_name == "Params");
    // Where the Binding numbers are, so the runner can move a resource off a shared binding.
    CHECK(info.bindings[0].binding_word == 17);
    CHECK(words[info.bindings[0].binding_word] == 3);
    CHECK(info.bindings[1].binding_word == 25);
    CHECK_THROWS(reflect_spirv({1, 2, 3}));
}
