// Reflection's device features per entry point (EntryPointInfo::features, spec page "16-bit and
// 64-bit types"): set from what the entry point computes with and where its 16-bit values live,
// the same for every target; checked on focused shaders and, over the whole corpus, against the
// capabilities of the SPIR-V the compiler writes for each entry point.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "corpus_files.hpp"
#include "oneshader/layouts.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

using namespace oneshader;
using namespace oneshader::layouts;

namespace {

std::uint32_t features_of(const char* source, const char* entry, Stage stage, bool enable_16bit = true,
                          std::vector<Target> targets = {Target::SpirV}) {
    CompileOptions o;
    o.enable_16bit_types = enable_16bit;
    o.entry_points = {{entry, stage}};
    o.targets = targets;
    CompileResult r = compile(source, "features.hlsl", o);
    std::string diags;
    for (const Diagnostic& d : r.diagnostics) diags += d.to_string() + "\n";
    INFO(diags);
    REQUIRE(r.ok());
    REQUIRE(r.reflection.has_value());
    const EntryPointInfo* e = r.reflection->find_entry_point(entry);
    REQUIRE(e != nullptr);
    return e->features;
}

// The capabilities an OpCapability instruction declares (opcode 17).
std::set<std::uint32_t> capabilities(const ShaderBlob& blob) {
    std::vector<std::uint32_t> words = spirv_tools::words_of(blob);
    std::set<std::uint32_t> caps;
    for (std::size_t at = 5; at < words.size();) {
        std::uint32_t count = words[at] >> 16, opcode = words[at] & 0xFFFF;
        if (count == 0) break;
        if (opcode == 17 && at + 1 < words.size()) caps.insert(words[at + 1]);
        at += count;
    }
    return caps;
}

}  // namespace

TEST_CASE("entry points report the 16- and 64-bit features they need", "[features]") {
    CHECK(features_of("RWStructuredBuffer<float> o; [numthreads(1,1,1)] void main() { o[0] = 1; }", "main",
                      Stage::Compute) == 0);
    CHECK(features_of("RWStructuredBuffer<half4> o; [numthreads(1,1,1)] void main() { o[0] = o[1] * (half)2; }",
                      "main", Stage::Compute) == (FeatureFloat16 | FeatureStorageBuffer16));
    CHECK(features_of("cbuffer C { half4 tint; }; float4 main() : SV_Target { return tint; }", "main",
                      Stage::Pixel) == (FeatureFloat16 | FeatureUniformBuffer16));
    CHECK(features_of("RWStructuredBuffer<int> o; [numthreads(1,1,1)] void main() { int16_t x = (int16_t)o[0]; "
                      "o[1] = x * 3; }",
                      "main", Stage::Compute) == FeatureInt16);
    CHECK(features_of("RWStructuredBuffer<float> o; [numthreads(1,1,1)] void main() { double d = o[0]; "
                      "o[1] = (float)(d * d); }",
                      "main", Stage::Compute) == FeatureFloat64);
    CHECK(features_of("RWStructuredBuffer<uint64_t> o; [numthreads(1,1,1)] void main() { uint64_t v; "
                      "InterlockedAdd(o[0], 1ull, v); }",
                      "main", Stage::Compute) == (FeatureInt64 | FeatureInt64Atomics));
    // Without -enable-16bit-types, min16float is a 32-bit stand-in: nothing to enable.
    CHECK(features_of("RWStructuredBuffer<float> o; [numthreads(1,1,1)] void main() { min16float h = o[0]; "
                      "o[1] = h * 2; }",
                      "main", Stage::Compute, false) == 0);
    // Only what the entry point reaches counts.
    const char* two = "RWStructuredBuffer<float> o; RWStructuredBuffer<half> h;\n"
                      "[numthreads(1,1,1)] void A() { o[0] = 1; }\n"
                      "[numthreads(1,1,1)] void B() { h[0] = (half)1; }\n";
    CHECK(features_of(two, "A", Stage::Compute) == 0);
    CHECK(features_of(two, "B", Stage::Compute) == (FeatureFloat16 | FeatureStorageBuffer16));
    // The same for every target.
    CHECK(features_of("RWStructuredBuffer<half4> o; [numthreads(1,1,1)] void main() { o[0] = o[1] * (half)2; }",
                      "main", Stage::Compute, true, {Target::Wgsl}) == (FeatureFloat16 | FeatureStorageBuffer16));
}

TEST_CASE("unoptimized, a width that only arguments and call results carry still counts", "[features]") {
    // With -Od the helper stays a function: the 16-bit value reaches it as an argument, and a
    // 64-bit one comes back as its result.
    CompileOptions o;
    o.enable_16bit_types = true;
    o.optimize = false;
    o.entry_points = {{"main", Stage::Compute}};
    CompileResult r = compile("RWStructuredBuffer<uint> o;\n"
                              "uint g(int16_t v) { return (uint)v; }\n"
                              "double h(uint v) { return (double)v; }\n"
                              "[numthreads(1,1,1)] void main() { o[0] = g((int16_t)o[1]); o[2] = (uint)h(o[3]); }",
                              "features.hlsl", o);
    REQUIRE(r.ok());
    REQUIRE(r.reflection.has_value());
    const EntryPointInfo* e = r.reflection->find_entry_point("main");
    REQUIRE(e != nullptr);
    CHECK(e->features == (FeatureInt16 | FeatureFloat64));
}

TEST_CASE("the layouts list the features, WebGPU's as shader-f16", "[features]") {
    CompileOptions o;
    o.enable_16bit_types = true;
    o.targets = {Target::SpirV, Target::Wgsl};
    CompileResult r = compile("RWStructuredBuffer<half4> o;\n"
                              "[shader(\"compute\")] [numthreads(1,1,1)] void main() { o[0] = o[1] * (half)2; }\n",
                              "features.hlsl", o);
    REQUIRE(r.ok());
    auto layout = EntryLayout::create(*r.reflection, "main");
    REQUIRE(layout.ok());
    CHECK((layout.value().required_features & FeatureFloat16) != 0);
    std::vector<EntryLayout> entries{layout.value()};
    auto pipeline = PipelineLayout::create(entries);
    REQUIRE(pipeline.ok());
    auto web = pipeline.value().to_webgpu();
    REQUIRE(web.ok());
    CHECK(web.value().required_features == std::vector<std::string>{"shader-f16"});
}

// Every corpus entry point: a width feature, and a 16-bit memory feature, exactly when the SPIR-V
// declares its capability.
TEST_CASE("corpus: the features agree with the SPIR-V capabilities", "[corpus][features]") {
    int entries = 0, with_features = 0;
    for (const auto& file : corpus::shader_files()) {
        CompileOptions o = corpus::options_for(file);
        CompileResult r = compile_file(file.generic_string(), o);
        if (!r.ok() || !r.reflection) continue;
        for (const EntryPointInfo& e : r.reflection->entry_points) {
            const ShaderBlob* blob = r.find(e.name, Target::SpirV);
            if (!blob) continue;
            ++entries;
            with_features += e.features != 0;
            std::set<std::uint32_t> caps = capabilities(*blob);
            INFO(corpus::name_of(file) << ":" << e.name << " features " << e.features);
            CHECK(((e.features & FeatureFloat16) != 0) == (caps.count(9) != 0));
            CHECK(((e.features & FeatureFloat64) != 0) == (caps.count(10) != 0));
            CHECK(((e.features & FeatureInt64) != 0) == (caps.count(11) != 0));
            CHECK(((e.features & FeatureInt64Atomics) != 0) == (caps.count(12) != 0));
            CHECK(((e.features & FeatureInt16) != 0) == (caps.count(22) != 0));
            bool storage16 = (e.features & (FeatureStorageBuffer16 | FeatureUniformBuffer16 | FeaturePushConstant16 |
                                            FeatureInputOutput16)) != 0;
            // Each 16-bit memory feature comes with its SPV_KHR_16bit_storage capability.
            CHECK(((e.features & FeatureStorageBuffer16) != 0) == (caps.count(4433) != 0));
            CHECK(((e.features & FeatureUniformBuffer16) != 0) == (caps.count(4434) != 0));
            CHECK(((e.features & FeaturePushConstant16) != 0) == (caps.count(4435) != 0));
            CHECK(((e.features & FeatureInputOutput16) != 0) == (caps.count(4436) != 0));
            if (storage16) CHECK((e.features & (FeatureFloat16 | FeatureInt16)) != 0);
        }
    }
    CHECK(entries >= 150);
    CHECK(with_features >= 3);
}
