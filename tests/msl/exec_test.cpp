// Execution: MSL compute kernels compiled as C++ against the Metal header and run on the CPU by run_kernel.hpp,
// threads of a group concurrent with real barriers. The expected outputs are worked out by hand.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "msl_clang.hpp"
#include "oneshader/oneshader.hpp"

namespace {
std::string kernel(const std::string& name) {
    std::ifstream in(std::filesystem::path(ONESHADER_SOURCE_DIR) / "tests" / "msl" / "cases" / "exec" / name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
}  // namespace

TEST_CASE("array add runs on the CPU", "[msl][exec]") {
    msl_test::ClangRun run = msl_test::run_kernel(kernel("array_add.metal"),
                                                  "grid 2 1 1\ngroup 4 1 1\n"
                                                  "buffer 0 float 1 2 3 4 5 6 7 8\n"
                                                  "buffer 1 float 10 20 30 40 50 60 70 80\n"
                                                  "buffer 2 float 0 0 0 0 0 0 0 0\n");
    INFO(run.output);
    REQUIRE(run.status == 0);
    CHECK(run.output ==
          "buffer 0 float 1 2 3 4 5 6 7 8\n"
          "buffer 1 float 10 20 30 40 50 60 70 80\n"
          "buffer 2 float 11 22 33 44 55 66 77 88\n");
}

TEST_CASE("a threadgroup reduction with barriers, simd_sum and an atomic histogram run on the CPU",
          "[msl][exec]") {
    std::string values;
    for (int i = 0; i < 128; ++i) values += " " + std::to_string(i);
    msl_test::ClangRun run = msl_test::run_kernel(kernel("reduce.metal"),
                                                  "grid 2 1 1\ngroup 64 1 1\nbuffer 0 uint" + values +
                                                      "\nbuffer 1 uint 0 0\nbuffer 2 uint 0 0 0 0\n"
                                                      "buffer 3 uint 0 0 0 0\n");
    INFO(run.output);
    REQUIRE(run.status == 0);
    CHECK(run.output.find("buffer 1 uint 2016 6112\n") != std::string::npos);
    CHECK(run.output.find("buffer 2 uint 32 32 32 32\n") != std::string::npos);
    CHECK(run.output.find("buffer 3 uint 496 1520 2544 3568\n") != std::string::npos);
}

TEST_CASE("texture read, write and sampling with a function constant run on the CPU", "[msl][exec]") {
    const std::string bindings =
        "grid 1 1 1\ngroup 2 2 1\n"
        "buffer 0 float 0 0 0 0 0 0 0 0\n"
        "texture 0 2 2 float 1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 16\n"
        "texture 1 2 2 float\n"
        "texture 2 4 1 float 0 0 0 0  1 1 1 1  2 2 2 2  3 3 3 3\n";
    msl_test::ClangRun run = msl_test::run_kernel(kernel("texture_copy.metal"), bindings, {{0, "2.0f"}});
    INFO(run.output);
    REQUIRE(run.status == 0);
    CHECK(run.output.find("buffer 0 float 1.5 1.5 1.5 1.5 2 2 2 2\n") != std::string::npos);
    CHECK(run.output.find("texture 1 2 2 float 8 6 4 2 16 14 12 10 24 22 20 18 32 30 28 26\n") != std::string::npos);

    // Without the constant the default gain of 1 applies.
    msl_test::ClangRun plain = msl_test::run_kernel(kernel("texture_copy.metal"), bindings);
    REQUIRE(plain.status == 0);
    CHECK(plain.output.find("texture 1 2 2 float 4 3 2 1 8 7 6 5 12 11 10 9 16 15 14 13\n") != std::string::npos);
}

TEST_CASE("a wrong result is seen: the run compares real outputs", "[msl][exec]") {
    // array add with a kernel that subtracts must not give the sums.
    std::string wrong = kernel("array_add.metal");
    wrong.replace(wrong.find("a[gid] + b[gid]"), 15, "a[gid] - b[gid]");
    msl_test::ClangRun run =
        msl_test::run_kernel(wrong, "grid 1 1 1\ngroup 2 1 1\nbuffer 0 float 1 2\nbuffer 1 float 10 20\nbuffer 2 float 0 0\n");
    REQUIRE(run.status == 0);
    CHECK(run.output.find("buffer 2 float -9 -18\n") != std::string::npos);
}

TEST_CASE("simd-group scans, shuffles, ballots and quad shuffles run on the CPU", "[msl][exec]") {
    std::string zeros;
    for (int i = 0; i < 32; ++i) zeros += " 0";
    msl_test::ClangRun run = msl_test::run_kernel(kernel("simd.metal"), "grid 1 1 1\ngroup 32 1 1\nbuffer 0 uint" + zeros +
                                                                          "\nbuffer 1 uint" + zeros + "\nbuffer 2 uint" +
                                                                          zeros + "\nbuffer 3 uint 0 0 0 0\n");
    INFO(run.output);
    REQUIRE(run.status == 0);
    std::string scan, shuffled, quads;
    for (int lane = 0; lane < 32; ++lane) {
        scan += " " + std::to_string(lane * (lane + 1) / 2);
        shuffled += " " + std::to_string(((lane ^ 1) + 1) + 100);
        quads += " " + std::to_string((lane & ~3) + 4);
    }
    CHECK(run.output.find("buffer 0 uint" + scan + "\n") != std::string::npos);
    CHECK(run.output.find("buffer 1 uint" + shuffled + "\n") != std::string::npos);
    CHECK(run.output.find("buffer 2 uint" + quads + "\n") != std::string::npos);
    CHECK(run.output.find("buffer 3 uint 1431655765 32 3 32\n") != std::string::npos);
}

TEST_CASE("the compute builtins of a 40-thread group: two simd-groups, quads of four", "[msl][exec]") {
    std::string zeros;
    for (int i = 0; i < 40; ++i) zeros += " 0";
    msl_test::ClangRun run =
        msl_test::run_kernel(kernel("builtins.metal"), "grid 1 1 1\ngroup 40 1 1\nbuffer 0 uint" + zeros + "\n");
    INFO(run.output);
    REQUIRE(run.status == 0);
    // qi + 10 qg + 100 * 2 simd-groups + 1000 sgi + x + 40 threads + 1 group + 40 per group.
    std::string expected = "buffer 0 uint";
    for (int i = 0; i < 40; ++i)
        expected += " " + std::to_string(i % 4 + 10 * (i / 4) + 200 + 1000 * (i / 32) + i + 81);
    CHECK(run.output == expected + "\n");
}

TEST_CASE("Buffer<T> and RWBuffer<T> are texture_buffer: type-checked and run on the CPU", "[msl][exec]") {
    const char* src =
        "cbuffer P : register(b0) { uint Count; float Scale; };\n"
        "Buffer<float4> Source : register(t0);\n"
        "[[vk::image_format(\"rgba32f\")]] RWBuffer<float4> Scaled : register(u0);\n"
        "[numthreads(4, 1, 1)] void CSMain(uint i : SV_DispatchThreadID) {\n"
        "    if (i < Count) Scaled[i] = Source.Load(i) * Scale + Source[Count - 1 - i];\n"
        "}\n";
    oneshader::CompileOptions o;
    o.targets = {oneshader::Target::Msl};
    o.entry_points = {{"CSMain", oneshader::Stage::Compute}};
    oneshader::CompileResult r = oneshader::compile(src, "typed.hlsl", o);
    const oneshader::ShaderBlob* blob = r.find("CSMain", oneshader::Target::Msl);
    REQUIRE(blob);
    std::string text(blob->as_text());
    INFO(text);
    CHECK(text.find("texture_buffer<float, access::read> Source [[texture(0)]]") != std::string::npos);
    CHECK(text.find("texture_buffer<float, access::write> Scaled [[texture(1)]]") != std::string::npos);
    CHECK(msl_test::type_check(text).status == 0);
    // Count 3, Scale 2 (0x40000000): Scaled[i] = 2 * Source[i] + Source[2 - i]; the fourth thread writes nothing.
    msl_test::ClangRun run = msl_test::run_kernel(text,
                                                  "grid 1 1 1\ngroup 4 1 1\nbuffer 0 uint 3 1073741824\n"
                                                  "texture 0 3 1 float 1 2 3 4  5 6 7 8  9 10 11 12\n"
                                                  "texture 1 4 1 float\n");
    INFO(run.output);
    REQUIRE(run.status == 0);
    CHECK(run.output.find("texture 1 4 1 float 11 14 17 20 15 18 21 24 19 22 25 28 0 0 0 0\n") != std::string::npos);
}

TEST_CASE("texture_buffer takes a uint index and Metal's access", "[msl][check]") {
    const std::string head = "#include <metal_stdlib>\nusing namespace metal;\n";
    CHECK(msl_test::type_check(head + "kernel void k(texture_buffer<float> t [[texture(0)]], device float4* o [[buffer(0)]]) "
                                      "{ o[0] = t.read(uint(1)); }\n").status == 0);
    // A write to a read-only buffer, an int2 index and a sampled texture buffer are errors, as in Metal.
    CHECK(msl_test::type_check(head + "kernel void k(texture_buffer<float> t [[texture(0)]], device float4* o [[buffer(0)]]) "
                                      "{ o[0] = t.read(uint2(1, 0)); }\n").status != 0);
    CHECK(msl_test::type_check(head + "kernel void k(texture_buffer<float> t [[texture(0)]]) "
                                      "{ t.write(float4(1.0f), uint(0)); }\n").status != 0);
    CHECK(msl_test::type_check(head + "kernel void k(texture_buffer<float, access::sample> t [[texture(0)]]) {}\n")
              .status != 0);
}

// The triangle covers (0,0), (1,0), (2,0) and (0,1) of the 4x2 target: the left quad has the helper (1,1), the
// right one three helpers. Worked out with p = x + 0.5, q = y + 0.5 at the pixel centres: dfdx(p*p) is
// (x1 + 0.5)^2 - (x0 + 0.5)^2 across the quad's row, dfdy(q*p) is p (1.5 - 0.5) down its column (the right lane of
// the left quad needs the helper), fwidth(q) is 1; (0,1) is discarded after its derivatives, and the pixels the
// triangle does not cover keep the clear value 9.
TEST_CASE("a draw runs on the CPU with 2x2 quads, helper lanes, fine derivatives and discard", "[msl][exec]") {
    msl_test::ClangRun run = msl_test::run_draw(kernel("quad_vertex.metal"), kernel("quad_fragment.metal"),
                                                "target 4 2 float32 9 9 9 9\ndraw 3 1 0 0\n");
    INFO(run.output);
    REQUIRE(run.status == 0);
    CHECK(run.output.find("target 4 2 float 2 0.5 1 0 2 1.5 1 0 6 2.5 1 0 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9\n") !=
          std::string::npos);
}
