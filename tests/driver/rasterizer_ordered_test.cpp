// Rasterizer-ordered views compiled from HLSL, read back from the SPIR-V: the RW* types of the same
// shape, with SPV_EXT_fragment_shader_interlock around the accesses as DXC leaves it (one
// OpBeginInvocationInterlockEXT before the first access, one OpEndInvocationInterlockEXT after the
// last, in the entry point's function), the execution mode picked by the inputs (per pixel, per
// sample with SV_SampleIndex), valid for Vulkan 1.2 optimized and not; DXC's stage rule (OSH0363);
// reflection's RasterizerOrdered* types; MSL's raster order group and WGSL's refusal.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;
using spirv_tools::has_line;

namespace {

CompileOptions options_for(oneshader::Target target, bool optimize, oneshader::Stage stage = oneshader::Stage::Pixel) {
    CompileOptions o;
    o.entry_points = {{"main", stage}};
    o.targets = {target};
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The disassembly of `main`, checked against the Vulkan 1.2 validator.
std::string spirv_of(const std::string& source, bool optimize, CompileOptions o) {
    o.optimize = optimize;
    oneshader::CompileResult r = oneshader::compile(source, "rov.hlsl", o);
    INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
    REQUIRE(r.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words);
    INFO(text);
    CHECK(spirv_tools::validate(words) == "");
    return text;
}

std::string spirv_of(const std::string& source, bool optimize) {
    return spirv_of(source, optimize, options_for(oneshader::Target::SpirV, optimize));
}

// The lines of the function named `name` in a disassembly, from its OpFunction to its OpFunctionEnd.
std::string function_text(const std::string& text, const std::string& name) {
    std::size_t at = text.find("%" + name + " = OpFunction ");
    if (at == std::string::npos) return {};
    return text.substr(at, text.find("OpFunctionEnd", at) - at);
}

std::string errors_of(const std::string& source, CompileOptions o) {
    oneshader::CompileResult r = oneshader::compile(source, "rov.hlsl", o);
    CHECK_FALSE(r.ok());
    return diagnostics_of(r);
}

// The instruction after the first line holding `what` (trimmed), or empty.
std::string line_after(const std::string& text, const std::string& what) {
    std::size_t at = text.find(what);
    if (at == std::string::npos) return {};
    std::size_t next = text.find('\n', at);
    if (next == std::string::npos) return {};
    std::size_t end = text.find('\n', next + 1);
    std::string line = text.substr(next + 1, end - next - 1);
    return line.substr(line.find_first_not_of(' '));
}

const char* kBlend = R"(
RasterizerOrderedTexture2D<float4> Accum : register(u0);
RWTexture2D<float4> Debug : register(u1);
float4 main(float4 pos : SV_Position, float4 src : COLOR) : SV_Target {
    uint2 p = uint2(pos.xy);
    float4 dst = Accum[p];
    Accum[p] = dst * (1.0 - src.a) + src;
    Debug[p] = src;
    return src;
}
)";

}  // namespace

TEST_CASE("a rasterizer-ordered texture is a storage image inside one interlock section", "[spirv][rov]") {
    for (bool optimize : {false, true}) {
        std::string text = spirv_of(kBlend, optimize);
        CHECK(has_line(text, "OpCapability FragmentShaderPixelInterlockEXT"));
        CHECK(has_line(text, "OpExtension \"SPV_EXT_fragment_shader_interlock\""));
        CHECK(has_line(text, "OpExecutionMode %main PixelInterlockOrderedEXT"));
        // The RW type's shape: a storage image, Sampled 2.
        CHECK(text.find("OpTypeImage %float 2D 2 0 0 2 Unknown") != std::string::npos);
        std::string body = function_text(text, "main");
        REQUIRE(!body.empty());
        CHECK(count_of(text, "OpBeginInvocationInterlockEXT") == 1);
        CHECK(count_of(text, "OpEndInvocationInterlockEXT") == 1);
        std::size_t begin = body.find("OpBeginInvocationInterlockEXT"), end = body.find("OpEndInvocationInterlockEXT");
        std::size_t read = body.find("OpImageRead"), first_write = body.find("OpImageWrite");
        std::size_t last_write = body.rfind("OpImageWrite");
        REQUIRE(begin != std::string::npos);
        REQUIRE(end != std::string::npos);
        if (!optimize) {
            // Unoptimized, the entry point calls the HLSL function, and the section is around the call.
            CHECK(line_after(body, "OpBeginInvocationInterlockEXT").find("OpFunctionCall") != std::string::npos);
            CHECK(line_after(body, "OpFunctionCall").find("OpEndInvocationInterlockEXT") != std::string::npos);
            continue;
        }
        // Begin just before the image is loaded for the read; end after the ordered write and
        // before the plain one.
        CHECK(begin < read);
        CHECK(line_after(body, "OpBeginInvocationInterlockEXT").find("= OpLoad ") != std::string::npos);
        CHECK(line_after(body, "OpBeginInvocationInterlockEXT").find(" %Accum") != std::string::npos);
        CHECK(read < first_write);
        CHECK(first_write < end);
        CHECK(end < last_write);
    }
}

TEST_CASE("every rasterizer-ordered type has its RW shape and is ordered", "[spirv][rov]") {
    const char* source = R"(
struct S { float f; uint n; };
RasterizerOrderedBuffer<float> Buf;
RasterizerOrderedByteAddressBuffer Bytes;
RasterizerOrderedStructuredBuffer<S> Items;
RasterizerOrderedTexture1D<float> T1;
RasterizerOrderedTexture1DArray<float> T1A;
RasterizerOrderedTexture2DArray<uint> T2A;
RasterizerOrderedTexture3D<float2> T3;
float4 main(float4 pos : SV_Position) : SV_Target {
    uint i = uint(pos.x);
    Buf[i] = Buf[i + 1] + 1.0;
    Bytes.Store(i * 4, Bytes.Load(0) + 1);
    Items[i].f = Items[i + 1].f;
    T1[i] = 1.0;
    T1A[uint2(i, 1)] = T1[i];
    T2A[uint3(i, 0, 2)] += 3;
    T3[uint3(i, i, i)] = float2(T1A[uint2(i, 0)], 0);
    return 0;
}
)";
    for (bool optimize : {false, true}) {
        std::string text = spirv_of(source, optimize);
        CHECK(count_of(text, "OpBeginInvocationInterlockEXT") == 1);
        CHECK(count_of(text, "OpEndInvocationInterlockEXT") == 1);
        CHECK(text.find("OpTypeImage %float Buffer 2 0 0 2 Unknown") != std::string::npos);
        CHECK(text.find("OpTypeImage %float 1D 2 1 0 2 Unknown") != std::string::npos);
        CHECK(text.find("OpTypeImage %uint 2D 2 1 0 2 Unknown") != std::string::npos);
        CHECK(text.find("OpTypeImage %float 3D 2 0 0 2 Unknown") != std::string::npos);
        // Structured and byte-address buffers are storage buffers of the RW kind: writable.
        std::string body = function_text(text, "main");
        std::size_t begin = body.find("OpBeginInvocationInterlockEXT"), end = body.find("OpEndInvocationInterlockEXT");
        REQUIRE(begin != std::string::npos);
        // Nothing ordered happens outside the section.
        for (const char* op : {"OpImageRead", "OpImageWrite", "OpStore", "OpLoad %uint"}) {
            INFO(op);
            std::size_t first = body.find(op), last = body.rfind(op);
            if (first == std::string::npos) continue;
            if (std::string(op) == "OpStore" || std::string(op) == "OpLoad %uint") continue;  // locals too
            CHECK(begin < first);
            CHECK(last < end);
        }
    }
}

TEST_CASE("the interlock section leaves loops and stays in the one arm of a branch that orders", "[spirv][rov]") {
    const char* loop = R"(
RasterizerOrderedTexture2D<float4> Accum;
float4 main(float4 pos : SV_Position, nointerpolation uint n : COUNT) : SV_Target {
    float4 c = 0;
    [loop] for (uint i = 0; i < n; ++i)
        c += Accum[uint2(pos.xy) + uint2(i, 0)];
    return c;
}
)";
    // Optimized, as DXC's legalization always inlines (unoptimized, the section is around the call
    // of the body: the next test).
    {
        std::string body = function_text(spirv_of(loop, true), "main");
        INFO(body);
        CHECK(count_of(body, "OpBeginInvocationInterlockEXT") == 1);
        CHECK(count_of(body, "OpEndInvocationInterlockEXT") == 1);
        std::size_t merge = body.find("OpLoopMerge");
        REQUIRE(merge != std::string::npos);
        CHECK(body.find("OpBeginInvocationInterlockEXT") < merge);  // before the loop header's branch
        // After the loop: the end opens the loop's merge block.
        std::string merge_label = body.substr(merge + std::string("OpLoopMerge ").size());
        merge_label = merge_label.substr(0, merge_label.find(' '));
        CHECK(line_after(body, merge_label + " = OpLabel") == "OpEndInvocationInterlockEXT");
    }

    const char* arm = R"(
RasterizerOrderedBuffer<float> Depths;
float4 main(float4 pos : SV_Position, float depth : DEPTH) : SV_Target {
    if (depth < 0.5)
        Depths[uint(pos.x)] = depth;
    return depth;
}
)";
    {
        std::string body = function_text(spirv_of(arm, true), "main");
        INFO(body);
        CHECK(count_of(body, "OpBeginInvocationInterlockEXT") == 1);
        CHECK(count_of(body, "OpEndInvocationInterlockEXT") == 1);
        // Begin, the image load, the write and end, in the arm.
        std::size_t begin = body.find("OpBeginInvocationInterlockEXT");
        CHECK(body.find("OpSelectionMerge") < begin);
        CHECK(body.find("OpImageWrite") < body.find("OpEndInvocationInterlockEXT"));
    }

    // An ordered write in one arm, and one after the branch: the other arm begins the section too.
    const char* after = R"(
RasterizerOrderedBuffer<float> Depths;
RasterizerOrderedTexture2D<uint> Counts;
float4 main(float4 pos : SV_Position, float depth : DEPTH) : SV_Target {
    if (depth < 0.5)
        Depths[uint(pos.x)] = depth;
    Counts[uint2(pos.xy)] += 1;
    return depth;
}
)";
    {
        std::string body = function_text(spirv_of(after, true), "main");
        INFO(body);
        CHECK(count_of(body, "OpBeginInvocationInterlockEXT") == 2);
        CHECK(count_of(body, "OpEndInvocationInterlockEXT") == 1);
        // The end follows the last write, after the branch.
        CHECK(body.rfind("OpImageWrite") < body.find("OpEndInvocationInterlockEXT"));
    }
}

TEST_CASE("a helper's ordered access puts the section around the call, and SV_SampleIndex orders per sample",
          "[spirv][rov]") {
    const char* source = R"(
RasterizerOrderedTexture2D<float4> Accum;
void Store(uint2 p, uint s) { Accum[p] = float4(float(s), 0, 0, 1); }
void main(float4 pos : SV_Position, uint sample : SV_SampleIndex) { Store(uint2(pos.xy), sample); }
)";
    for (bool optimize : {false, true}) {
        std::string text = spirv_of(source, optimize);
        CHECK(has_line(text, "OpExecutionMode %main SampleInterlockOrderedEXT"));
        CHECK(has_line(text, "OpCapability FragmentShaderSampleInterlockEXT"));
        CHECK_FALSE(has_line(text, "OpCapability FragmentShaderPixelInterlockEXT"));
        std::string body = function_text(text, "main");
        CHECK(count_of(body, "OpBeginInvocationInterlockEXT") == 1);
        CHECK(count_of(body, "OpEndInvocationInterlockEXT") == 1);
        if (!optimize) {
            // Unoptimized, the helpers stay functions without interlock instructions of their own.
            CHECK(count_of(text, "OpBeginInvocationInterlockEXT") == 1);
            CHECK(line_after(body, "OpBeginInvocationInterlockEXT").find("OpFunctionCall") != std::string::npos);
        }
    }
}

TEST_CASE("atomics and buffer lengths of a rasterizer-ordered view are not bracketed, as in DXC", "[spirv][rov]") {
    const char* source = R"(
RasterizerOrderedTexture2D<uint> Counts;
RasterizerOrderedStructuredBuffer<uint> Items;
uint main(float4 pos : SV_Position) : SV_Target {
    uint n, stride;
    Items.GetDimensions(n, stride);
    uint old;
    InterlockedAdd(Counts[uint2(pos.xy)], 1, old);
    return old + n;
}
)";
    std::string text = spirv_of(source, true);
    CHECK(text.find("InvocationInterlockEXT") == std::string::npos);
    CHECK(text.find("SPV_EXT_fragment_shader_interlock") == std::string::npos);
    CHECK(text.find("InterlockOrderedEXT") == std::string::npos);
}

TEST_CASE("rasterizer-ordered views outside pixel shaders are DXC's error", "[sema][rov]") {
    const char* source = R"(
RasterizerOrderedStructuredBuffer<uint> Items : register(u0);
RasterizerOrderedTexture2D<float4> Unused : register(u1);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { Items[id.x] = id.x; }
)";
    std::string d = errors_of(source, options_for(oneshader::Target::SpirV, true, oneshader::Stage::Compute));
    INFO(d);
    CHECK(d.find("rov.hlsl(2,41): error OSH0363: RasterizerOrdered objects are only allowed in 5.0+ pixel shaders: "
                 "'Items' (RasterizerOrderedStructuredBuffer<uint>) is used by the compute entry point 'main'. Use a "
                 "RWStructuredBuffer there") != std::string::npos);
    CHECK(d.find("Unused") == std::string::npos);  // declared, not used by the entry point
}

TEST_CASE("the -fspv-extension list must allow SPV_EXT_fragment_shader_interlock", "[spirv][rov]") {
    CompileOptions o = options_for(oneshader::Target::SpirV, true);
    o.spirv.extensions = {"KHR"};
    std::string d = errors_of(kBlend, o);
    INFO(d);
    CHECK(d.find("needs the extension SPV_EXT_fragment_shader_interlock") != std::string::npos);
    o.spirv.extensions = {"SPV_EXT_fragment_shader_interlock"};
    CHECK(has_line(spirv_of(kBlend, true, o), "OpExecutionMode %main PixelInterlockOrderedEXT"));
}

TEST_CASE("with -fspv-reflect rasterizer-ordered views carry DXC's user type", "[spirv][rov]") {
    CompileOptions o = options_for(oneshader::Target::SpirV, true);
    o.spirv.reflect = true;
    std::string text = spirv_of(kBlend, true, o);
    CHECK(has_line(text, "OpDecorateString %Accum UserTypeGOOGLE \"rasterizerorderedtexture2d:<float4>\""));
    CHECK(has_line(text, "OpDecorateString %Debug UserTypeGOOGLE \"rwtexture2d:<float4>\""));
}

TEST_CASE("reflection reports the RasterizerOrdered* type with the RW type's kind", "[reflect][rov]") {
    const char* source = R"(
RasterizerOrderedTexture2D<float4> Accum : register(u0);
RasterizerOrderedByteAddressBuffer Bytes : register(u1);
RasterizerOrderedBuffer<uint> Typed : register(u2);
float4 main(float4 pos : SV_Position) : SV_Target {
    Bytes.Store(0, Typed[0]);
    return Accum[uint2(pos.xy)];
}
)";
    oneshader::CompileResult r = oneshader::compile(source, "rov.hlsl", options_for(oneshader::Target::SpirV, true));
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    const oneshader::ShaderReflection& refl = *r.reflection;
    REQUIRE(refl.resources.size() == 3);
    CHECK(refl.resources[0].kind == oneshader::ResourceKind::StorageTexture);
    CHECK(refl.resources[0].resource_type == oneshader::ResourceTypeKind::RasterizerOrderedTexture2D);
    CHECK(refl.resources[0].hlsl_type == "RasterizerOrderedTexture2D<float4>");
    CHECK(refl.resources[1].kind == oneshader::ResourceKind::StorageBuffer);
    CHECK(refl.resources[1].resource_type == oneshader::ResourceTypeKind::RasterizerOrderedByteAddressBuffer);
    CHECK(refl.resources[2].kind == oneshader::ResourceKind::StorageTexelBuffer);
    CHECK(refl.resources[2].resource_type == oneshader::ResourceTypeKind::RasterizerOrderedBuffer);
    CHECK(oneshader::write_reflection_json(refl).find("\"resourceType\": \"RasterizerOrderedTexture2D\"") !=
          std::string::npos);
    oneshader::ReflectionReadResult back = oneshader::read_reflection_file(oneshader::write_reflection_file(refl));
    INFO(back.error);
    REQUIRE(back.reflection);
    CHECK(*back.reflection == refl);
}

TEST_CASE("MSL puts rasterizer-ordered views in a raster order group, and WGSL refuses them", "[msl][wgsl][rov]") {
    oneshader::CompileResult msl = oneshader::compile(kBlend, "rov.hlsl", options_for(oneshader::Target::Msl, true));
    INFO(diagnostics_of(msl));
    REQUIRE(msl.ok());
    std::string text(msl.find("main", oneshader::Target::Msl)->as_text());
    INFO(text);
    CHECK(text.find("texture2d<float, access::read_write> Accum [[texture(0), raster_order_group(0)]]") !=
          std::string::npos);
    CHECK(text.find("Debug [[texture(1)]]") != std::string::npos);

    std::string wgsl = errors_of(kBlend, options_for(oneshader::Target::Wgsl, true));
    INFO(wgsl);
    CHECK(wgsl.find("error OSH5202") != std::string::npos);
    CHECK(wgsl.find("'Accum' is a rasterizer-ordered view (RasterizerOrderedTexture2D), and WGSL has no fragment "
                    "shader interlock") != std::string::npos);
}
