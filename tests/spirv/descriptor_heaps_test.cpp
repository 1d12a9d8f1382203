// Shader Model 6.6 ResourceDescriptorHeap and SamplerDescriptorHeap as DXC maps them for Vulkan
// (tools/clang/test/CodeGenSPIRV/resource.descriptorheap.*, vk.binding.cl.resource-heap.*): each read
// takes the resource type it initializes, is assigned to, is returned as or cast to; each type read
// is one OpVariable named after the heap, a runtime array of the type, and all of a heap's variables
// share its binding: the first free binding of set 0 after every other resource, or the slot of
// -fvk-bind-resource-heap / -fvk-bind-sampler-heap. NonUniformResourceIndex on the heap index
// decorates as on any unbounded array. The facts are read back from the disassembly of validated
// modules, for Vulkan 1.2 and 1.0, optimized and not; the misuses are diagnostics.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "diagnostics_text.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::CompileResult;
using oneshader::test::diagnostics_of;

namespace {

struct HeapVariable {
    std::string id;           // %ResourceDescriptorHeap, %ResourceDescriptorHeap_0, ...
    std::uint32_t set = ~0u;
    std::uint32_t binding = ~0u;
};

// Every variable the module names `name`, with its set and binding, from the disassembly.
std::vector<HeapVariable> variables_named(const std::string& text, const std::string& name) {
    std::vector<HeapVariable> out;
    std::map<std::string, HeapVariable*> by_id;
    std::size_t at = 0;
    const std::string quoted = "\"" + name + "\"";
    while ((at = text.find("OpName %", at)) != std::string::npos) {
        std::size_t end = text.find('\n', at);
        std::string line = text.substr(at, end - at);
        at = end;
        std::size_t space = line.find(' ', 8);
        if (line.find(quoted) == std::string::npos || space == std::string::npos) continue;
        out.push_back({line.substr(7, space - 7)});
    }
    for (HeapVariable& v : out) {
        for (const char* what : {" DescriptorSet ", " Binding "}) {
            std::string key = "OpDecorate " + v.id + what;
            std::size_t d = text.find(key);
            if (d == std::string::npos) continue;
            std::uint32_t n = std::uint32_t(std::stoul(text.substr(d + key.size())));
            (std::string(what) == " Binding " ? v.binding : v.set) = n;
        }
    }
    return out;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Compiles for Vulkan 1.2 and 1.0, optimized and not; every module must validate. Returns the
// Vulkan 1.2 disassembly, optimized or not as asked.
std::string compile_ok(const std::string& source, oneshader::Stage stage, bool want_optimized,
                       const oneshader::BindingOptions& bindings = {}) {
    std::string wanted;
    struct Env {
        spv_target_env spv;
        oneshader::SpirvTargetEnv ours;
    };
    for (Env env : {Env{SPV_ENV_VULKAN_1_2, oneshader::SpirvTargetEnv::Vulkan1_2},
                    Env{SPV_ENV_VULKAN_1_0, oneshader::SpirvTargetEnv::Vulkan1_0}})
        for (bool optimize : {false, true}) {
            CompileOptions o;
            o.entry_points = {{"main", stage}};
            o.optimize = optimize;
            o.verify_ir = true;
            o.spirv.target_env = env.ours;
            o.bindings = bindings;
            CompileResult r = oneshader::compile(source, "heaps.hlsl", o);
            INFO(diagnostics_of(r));
            REQUIRE(r.ok());
            std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
            std::string text = spirv_tools::disassemble(words, env.spv);
            INFO(text);
            CHECK(spirv_tools::validate(words, env.spv) == "");
            if (optimize == want_optimized && env.ours == oneshader::SpirvTargetEnv::Vulkan1_2) wanted = text;
        }
    return wanted;
}

std::string errors_of(const std::string& source, oneshader::Target target = oneshader::Target::SpirV) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.targets = {target};
    CompileResult r = oneshader::compile(source, "heaps.hlsl", o);
    CHECK_FALSE(r.ok());
    return diagnostics_of(r);
}

// DXC's resource.descriptorheap cases: a cbuffer takes binding 0, the heap the next one.
const char* kAfterCbuffer = R"(cbuffer a { float4 value; }
float4 main() : SV_Target {
  RWStructuredBuffer<float4> buffer = ResourceDescriptorHeap[1];
  buffer[0] = value;
  return value;
}
)";

// Every way a read gets its type, both heaps, several types, NonUniformResourceIndex.
const char* kMaterial = R"(struct Params { float4 tint; uint texture; uint sampler_index; };
struct Root { uint params; uint output; };
ConstantBuffer<Root> root : register(b0);

Texture2D<float4> albedo(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(i)]; }

float4 main(float2 uv : TEXCOORD0, nointerpolation uint id : ID) : SV_Target {
  ConstantBuffer<Params> p = ResourceDescriptorHeap[root.params];
  SamplerState s = SamplerDescriptorHeap[p.sampler_index];
  Texture2D<float4> t;
  t = ResourceDescriptorHeap[p.texture];
  ByteAddressBuffer raw = ResourceDescriptorHeap[id + 1];
  RWTexture2D<float4> image = ResourceDescriptorHeap[root.output];
  float4 c = t.Sample(s, uv) * p.tint + asfloat(raw.Load(0)) + albedo(id).Sample(s, uv);
  image[uint2(uv * 64)] = c;
  return c + ((Texture2D<float4>)ResourceDescriptorHeap[7]).Sample((SamplerState)SamplerDescriptorHeap[0], uv);
}
)";

}  // namespace

TEST_CASE("a heap read is a runtime array of its type on the first binding after the other resources",
          "[spirv][heaps]") {
    for (bool optimized : {false, true}) {
        std::string text = compile_ok(kAfterCbuffer, oneshader::Stage::Pixel, optimized);
        INFO(text);
        CHECK(has(text, "OpDecorate %a DescriptorSet 0"));
        CHECK(has(text, "OpDecorate %a Binding 0"));
        std::vector<HeapVariable> heap = variables_named(text, "ResourceDescriptorHeap");
        REQUIRE(heap.size() == 1);
        CHECK(heap[0].set == 0);
        CHECK(heap[0].binding == 1);
        CHECK(has(text, "OpCapability RuntimeDescriptorArray"));
        CHECK(has(text, "OpTypeRuntimeArray %type_"));
    }
}

TEST_CASE("each type read from a heap is its own variable, all on the heap's binding", "[spirv][heaps]") {
    for (bool optimized : {false, true}) {
        std::string text = compile_ok(kMaterial, oneshader::Stage::Pixel, optimized);
        INFO(text);
        CHECK(has(text, "OpDecorate %root Binding 0"));
        // Texture2D<float4>, ConstantBuffer<Params>, ByteAddressBuffer, RWTexture2D<float4>: the
        // function's return, the cast and the local all read the one Texture2D<float4> array.
        std::vector<HeapVariable> resources = variables_named(text, "ResourceDescriptorHeap");
        CHECK(resources.size() == 4);
        for (const HeapVariable& v : resources) {
            INFO(v.id);
            CHECK(v.set == 0);
            CHECK(v.binding == 1);
        }
        std::vector<HeapVariable> samplers = variables_named(text, "SamplerDescriptorHeap");
        REQUIRE(samplers.size() == 1);
        CHECK(samplers[0].set == 0);
        CHECK(samplers[0].binding == 2);
        // NonUniformResourceIndex through the function's return: the capability and decorations.
        CHECK(has(text, "OpCapability ShaderNonUniform"));
        CHECK(has(text, "OpCapability SampledImageArrayNonUniformIndexing"));
        CHECK(has(text, " NonUniform\n"));
    }
}

TEST_CASE("the heap options -fvk-bind-resource-heap and -fvk-bind-sampler-heap place the heaps", "[spirv][heaps]") {
    oneshader::BindingOptions b;
    b.resource_heap = oneshader::DescriptorSlot{4, 7};
    b.sampler_heap = oneshader::DescriptorSlot{4, 7};  // one slot for both, as DXC allows
    std::string text = compile_ok(kMaterial, oneshader::Stage::Pixel, true, b);
    INFO(text);
    for (const char* name : {"ResourceDescriptorHeap", "SamplerDescriptorHeap"})
        for (const HeapVariable& v : variables_named(text, name)) {
            INFO(v.id);
            CHECK(v.set == 7);
            CHECK(v.binding == 4);
        }
    // With the heaps elsewhere, the cbuffer of DXC's case keeps binding 0 of set 0.
    oneshader::BindingOptions apart;
    apart.resource_heap = oneshader::DescriptorSlot{6, 7};
    std::string first = compile_ok(kAfterCbuffer, oneshader::Stage::Pixel, false, apart);
    CHECK(has(first, "OpDecorate %a Binding 0"));
    std::vector<HeapVariable> heap = variables_named(first, "ResourceDescriptorHeap");
    REQUIRE(heap.size() == 1);
    CHECK(heap[0].set == 7);
    CHECK(heap[0].binding == 6);
}

TEST_CASE("an explicit register keeps its slot and the heap takes the first free one", "[spirv][heaps]") {
    const char* source = R"([[vk::binding(0, 0)]] RWStructuredBuffer<uint> a;
Texture2D<float4> b : register(t1);
SamplerState c;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RWStructuredBuffer<uint> heap = ResourceDescriptorHeap[id.x];
  SamplerState s = SamplerDescriptorHeap[id.x];
  heap[0] = a[0] + uint(b.SampleLevel(c, float2(0, 0), 0).x) + uint(b.SampleLevel(s, float2(0, 0), 0).y);
}
)";
    std::string text = compile_ok(source, oneshader::Stage::Compute, false);
    INFO(text);
    CHECK(has(text, "OpDecorate %c Binding 2"));
    std::vector<HeapVariable> r = variables_named(text, "ResourceDescriptorHeap");
    std::vector<HeapVariable> s = variables_named(text, "SamplerDescriptorHeap");
    REQUIRE(r.size() == 1);
    REQUIRE(s.size() == 1);
    CHECK(r[0].binding == 3);
    CHECK(s[0].binding == 4);
}

TEST_CASE("a heap read that gets no resource type is an error naming the fix", "[spirv][heaps]") {
    std::string text = errors_of(R"(float4 main() : SV_Target {
  float4 a = ResourceDescriptorHeap[0];
  SamplerState s = ResourceDescriptorHeap[1];
  Texture2D t = SamplerDescriptorHeap[2];
  ResourceDescriptorHeap[3];
  float b = ResourceDescriptorHeap[0].Load(0);
  return ResourceDescriptorHeap;
}
)");
    INFO(text);
    CHECK(has(text, "heaps.hlsl(2,14): error OSH0303: ResourceDescriptorHeap[...] gives a resource, not 'float4'."));
    CHECK(has(text, "heaps.hlsl(3,20): error OSH0303: 'SamplerState' cannot come from ResourceDescriptorHeap: samplers "
                    "come from SamplerDescriptorHeap"));
    CHECK(has(text, "heaps.hlsl(4,17): error OSH0303: 'Texture2D<float4>' cannot come from SamplerDescriptorHeap"));
    CHECK(has(text, "heaps.hlsl(5,3): error OSH0303: ResourceDescriptorHeap[...] has no type here"));
    CHECK(has(text, "heaps.hlsl(6,13): error OSH0303: ResourceDescriptorHeap[...] has no type here"));
    CHECK(has(text, "heaps.hlsl(7,10): error OSH0303: 'ResourceDescriptorHeap' (Shader Model 6.6 dynamic resources) is "
                    "used by index only"));
    // Only the .Load line's own message: no second one about 'void'.
    CHECK_FALSE(has(text, "'void'"));
}

TEST_CASE("heap reads that cannot be expressed are refused with what to do", "[spirv][heaps]") {
    std::string text = errors_of(R"(struct S { uint x; };
float4 main() : SV_Target {
  SubpassInput att = ResourceDescriptorHeap[4];
  return att.SubpassLoad();
}
)");
    INFO(text);
    CHECK(has(text, "heaps.hlsl(3,22): error OSH0350: 'SubpassInput<float4>' from ResourceDescriptorHeap is not "
                    "supported: an input attachment needs its [[vk::input_attachment_index]]."));
    // A heap slot on top of a declared resource is a collision.
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.bindings.resource_heap = oneshader::DescriptorSlot{0, 0};
    CompileResult r = oneshader::compile(R"(Texture2D<float4> t : register(t0);
SamplerState s : register(s1);
float4 main(float2 uv : UV) : SV_Target {
  Texture2D<float4> h = ResourceDescriptorHeap[1];
  return h.Sample(s, uv) + t.Sample(s, uv);
}
)",
                                         "heaps.hlsl", o);
    CHECK_FALSE(r.ok());
    CHECK(has(diagnostics_of(r), "ResourceDescriptorHeap is placed on descriptor set 0 binding 0, which another resource "
                                 "already uses"));
}

TEST_CASE("a user declaration named like a heap is an ordinary variable", "[spirv][heaps]") {
    const char* source = R"(Texture2D<float4> ResourceDescriptorHeap[4];
SamplerState s;
float4 main(float2 uv : UV) : SV_Target { return ResourceDescriptorHeap[2].Sample(s, uv); }
)";
    std::string text = compile_ok(source, oneshader::Stage::Pixel, false);
    CHECK(has(text, "OpTypeArray"));
    CHECK_FALSE(has(text, "RuntimeDescriptorArray"));
}

TEST_CASE("MSL and WGSL refuse descriptor heaps with their unbounded-array codes", "[spirv][heaps]") {
    for (auto [target, code] : {std::pair{oneshader::Target::Msl, "OSH5101"}, std::pair{oneshader::Target::Wgsl, "OSH5202"}}) {
        std::string text = errors_of(kAfterCbuffer, target);
        INFO(text);
        CHECK(has(text, code));
        CHECK(has(text, "ResourceDescriptorHeap"));
    }
}

// DXC's resource.descriptorheap counter cases: the counters of the RWStructuredBuffers read from the
// heap are one runtime array, counter.var.ResourceDescriptorHeap, on the binding after the heap's
// (or -fvk-bind-counter-heap's), indexed like the heap; a global's counter keeps its own binding.
TEST_CASE("heap buffers' counters are counter.var.ResourceDescriptorHeap after the heap", "[spirv][heaps]") {
    const char* source = R"(RWStructuredBuffer<uint> a;
[numthreads(1, 1, 1)]
void main() {
  RWStructuredBuffer<uint> b = ResourceDescriptorHeap[1];
  a[0] = a.IncrementCounter();
  b[0] = b.IncrementCounter() + b.DecrementCounter();
}
)";
    for (bool optimize : {false, true}) {
        std::string text = compile_ok(source, oneshader::Stage::Compute, optimize);
        INFO(text);
        CHECK(has(text, "OpDecorate %a Binding 0"));
        CHECK(has(text, "OpDecorate %counter_var_a Binding 1"));
        CHECK(has(text, "OpDecorate %ResourceDescriptorHeap Binding 2"));
        CHECK(has(text, "OpDecorate %counter_var_ResourceDescriptorHeap DescriptorSet 0"));
        CHECK(has(text, "OpDecorate %counter_var_ResourceDescriptorHeap Binding 3"));
        CHECK(has(text, "OpName %counter_var_ResourceDescriptorHeap \"counter.var.ResourceDescriptorHeap\""));
        // The counter of element 1: the same index as the buffer's.
        CHECK(has(text, " %counter_var_ResourceDescriptorHeap %uint_1\n"));
        CHECK(has(text, "OpAtomicIAdd"));
        CHECK(has(text, "OpAtomicISub"));
    }
    oneshader::BindingOptions bindings;
    bindings.counter_heap = oneshader::DescriptorSlot{4, 5};
    std::string text = compile_ok(source, oneshader::Stage::Compute, true, bindings);
    CHECK(has(text, "OpDecorate %ResourceDescriptorHeap Binding 2"));
    CHECK(has(text, "OpDecorate %counter_var_ResourceDescriptorHeap DescriptorSet 5"));
    CHECK(has(text, "OpDecorate %counter_var_ResourceDescriptorHeap Binding 4"));
    // A [[vk::counter_binding]] whose counter nothing calls names nothing: the heap takes binding 1.
    text = compile_ok(R"([[vk::counter_binding(1)]] RWStructuredBuffer<uint> a;
RWStructuredBuffer<uint> GetBuffer() { return ResourceDescriptorHeap[0]; }
[numthreads(1, 1, 1)]
void main() {
  a[0] = 1;
  RWStructuredBuffer<uint> b = GetBuffer();
  b.IncrementCounter();
}
)",
                      oneshader::Stage::Compute, false);
    CHECK(has(text, "OpDecorate %a Binding 0"));
    CHECK_FALSE(has(text, "counter_var_a"));
    CHECK(has(text, "OpDecorate %counter_var_ResourceDescriptorHeap Binding 2"));
    // Reflection and the Vulkan layout give the counters one binding, as many as the heap's views.
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    CompileResult r = oneshader::compile(source, "heaps.hlsl", o);
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    const oneshader::ResourceInfo* heap = r.reflection->find_resource("ResourceDescriptorHeap");
    REQUIRE(heap);
    REQUIRE(heap->counter_slots.size() == 1);
    CHECK(heap->counter_slots[0].binding == 3);
    // A slot a resource holds by [[vk::binding]] is a collision.
    bindings.counter_heap = oneshader::DescriptorSlot{0, 0};
    o.bindings = bindings;
    r = oneshader::compile(std::string("[[vk::binding(0)]] ") + source, "heaps.hlsl", o);
    CHECK_FALSE(r.ok());
    CHECK(has(diagnostics_of(r), "error OSH0322: The counters of ResourceDescriptorHeap are placed on descriptor set 0 "
                                 "binding 0, which another resource already uses. Choose a free slot in "
                                 "-fvk-bind-counter-heap."));
}

TEST_CASE("append and consume buffers from the heap count with counter.var.ResourceDescriptorHeap", "[spirv][heaps]") {
    std::string text = compile_ok(R"(struct S { uint x; };
cbuffer Indices { uint from; uint to; };
[numthreads(8, 1, 1)]
void main() {
  ConsumeStructuredBuffer<S> input = ResourceDescriptorHeap[from];
  AppendStructuredBuffer<S> output = ResourceDescriptorHeap[to];
  output.Append(input.Consume());
}
)",
                                  oneshader::Stage::Compute, true);
    INFO(text);
    CHECK(has(text, "OpDecorate %Indices Binding 0"));
    CHECK(has(text, "OpDecorate %ResourceDescriptorHeap Binding 1"));
    CHECK(has(text, "OpDecorate %counter_var_ResourceDescriptorHeap Binding 2"));
    CHECK(has(text, "OpAtomicIAdd"));
}
