// Shader Model 6.6 descriptor heaps from reflection to the Vulkan layout: reflection lists one
// unbounded view per type read, each marked as a heap view (JSON `descriptorHeap`, the line
// format's `heap=yes`, which reads back the same); the views of a heap share one slot without a
// conflict, in one entry point and across entry points; the Vulkan layout gives the slot one
// binding, Mutable (VK_EXT_mutable_descriptor_type) with the types read when they differ and the
// plain type when the shader reads only one; the generated header names each heap once.
#include "layout_shaders.hpp"

using namespace oneshader;
using namespace oneshader::layouts;

namespace {

const char* kHeaps = R"(struct Root { uint params; uint output; };
ConstantBuffer<Root> root : register(b0);

[shader("pixel")]
float4 PSMain(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D<float4> t = ResourceDescriptorHeap[root.params];
    SamplerState s = SamplerDescriptorHeap[0];
    ByteAddressBuffer raw = ResourceDescriptorHeap[root.params + 1];
    return t.Sample(s, uv) + asfloat(raw.Load(0));
}

[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    RWTexture2D<float4> image = ResourceDescriptorHeap[root.output];
    Texture2D<float4> t = ResourceDescriptorHeap[root.params];
    image[id.xy] = t.Load(int3(id.xy, 0));
}
)";

std::vector<const ResourceInfo*> heap_views(const ShaderReflection& r, const std::string& name) {
    std::vector<const ResourceInfo*> out;
    for (const ResourceInfo& res : r.resources)
        if (res.name == name) out.push_back(&res);
    return out;
}

const vulkan::DescriptorSetLayoutBindingInfo* binding_at(const vulkan::PipelineLayoutInfo& info, std::uint32_t set,
                                                         std::uint32_t binding) {
    if (set >= info.set_layouts.size()) return nullptr;
    const vulkan::DescriptorSetLayoutBindingInfo* found = nullptr;
    for (const vulkan::DescriptorSetLayoutBindingInfo& b : info.set_layouts[set].bindings)
        if (b.binding == binding) {
            CHECK(found == nullptr);  // one binding per number
            found = &b;
        }
    return found;
}

}  // namespace

TEST_CASE("reflection lists each heap view as an unbounded heap array, in both formats", "[layouts][heaps]") {
    oneshader::CompileResult r = layout_tests::compile_all(kHeaps, "heaps.hlsl", {Target::SpirV});
    const ShaderReflection& refl = *r.reflection;
    std::vector<const ResourceInfo*> views = heap_views(refl, "ResourceDescriptorHeap");
    REQUIRE(views.size() == 3);  // Texture2D<float4>, ByteAddressBuffer, RWTexture2D<float4>
    for (const ResourceInfo* v : views) {
        INFO(v->hlsl_type);
        CHECK(v->descriptor_heap);
        CHECK(v->unbounded);
        CHECK(v->count == 0);
        REQUIRE(v->slots.size() == 1);
        CHECK(v->slots[0].set == 0);
        CHECK(v->slots[0].binding == 1);
    }
    std::vector<const ResourceInfo*> samplers = heap_views(refl, "SamplerDescriptorHeap");
    REQUIRE(samplers.size() == 1);
    CHECK(samplers[0]->slots[0].binding == 2);
    CHECK_FALSE(heap_views(refl, "root").front()->descriptor_heap);

    std::string json = write_reflection_json(refl);
    CHECK(json.find("\"unbounded\": true,\n      \"descriptorHeap\": true,") != std::string::npos);
    std::string file = write_reflection_file(refl);
    CHECK(file.find("unbounded=yes heap=yes") != std::string::npos);
    ReflectionReadResult back = read_reflection_file(file);
    INFO(back.error);
    REQUIRE(back.reflection.has_value());
    CHECK(*back.reflection == refl);
}

TEST_CASE("the Vulkan layout gives a heap one binding, mutable when it is read as several types",
          "[layouts][heaps]") {
    oneshader::CompileResult r = layout_tests::compile_all(kHeaps, "heaps.hlsl", {Target::SpirV});
    // Reflection records use by name, and every view of a heap has the heap's name: an entry point's
    // layout holds every type the module reads from the heap (the pixel shader's sampled image and
    // storage buffer, and the compute shader's storage image), which is what one heap binding shared
    // by the module's pipelines must accept anyway.
    const EntryLayout ps[] = {layout_tests::entry(r, "PSMain")};
    Result<PipelineLayout> p = PipelineLayout::create(ps);
    INFO((p ? std::string() : p.error().message));
    REQUIRE(p.ok());
    Result<vulkan::PipelineLayoutInfo> v = p.value().to_vulkan();
    REQUIRE(v.ok());
    const auto* heap = binding_at(v.value(), 0, 1);
    REQUIRE(heap != nullptr);
    CHECK(heap->name == "ResourceDescriptorHeap");
    CHECK(heap->descriptor_type == vulkan::DescriptorType::Mutable);
    CHECK(heap->mutable_types ==
          std::vector<vulkan::DescriptorType>{vulkan::DescriptorType::SampledImage, vulkan::DescriptorType::StorageBuffer,
                                              vulkan::DescriptorType::StorageImage});
    CHECK(heap->descriptor_count == 1024);
    CHECK((heap->binding_flags & vulkan::DescriptorBindingPartiallyBound) != 0);
    CHECK(heap->stage_flags == vulkan::StageFragmentBit);
    // The sampler heap is read as one type: a plain sampler binding, the highest of the set.
    const auto* samplers = binding_at(v.value(), 0, 2);
    REQUIRE(samplers != nullptr);
    CHECK(samplers->descriptor_type == vulkan::DescriptorType::Sampler);
    CHECK(samplers->mutable_types.empty());
    CHECK(samplers->binding_flags ==
          (vulkan::DescriptorBindingPartiallyBound | vulkan::DescriptorBindingVariableDescriptorCount));

    // Both entry points in one layout: the compute shader's views join the same binding, no conflict.
    const EntryLayout both[] = {layout_tests::entry(r, "PSMain"), layout_tests::entry(r, "CSMain")};
    Result<PipelineLayout> u = PipelineLayout::create_union(both);
    INFO((u ? std::string() : u.error().message));
    REQUIRE(u.ok());
    Result<vulkan::PipelineLayoutInfo> uv = u.value().to_vulkan();
    REQUIRE(uv.ok());
    const auto* shared = binding_at(uv.value(), 0, 1);
    REQUIRE(shared != nullptr);
    CHECK(shared->descriptor_type == vulkan::DescriptorType::Mutable);
    CHECK(shared->mutable_types == std::vector<vulkan::DescriptorType>{vulkan::DescriptorType::SampledImage,
                                                                       vulkan::DescriptorType::StorageBuffer,
                                                                       vulkan::DescriptorType::StorageImage});
    CHECK(shared->stage_flags == (vulkan::StageFragmentBit | vulkan::StageComputeBit));
}

TEST_CASE("a heap read as one type is a plain binding of that type", "[layouts][heaps]") {
    const char* source = R"([shader("compute")]
[numthreads(1, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> a = ResourceDescriptorHeap[id.x];
    RWStructuredBuffer<uint> b = ResourceDescriptorHeap[id.x + 1];
    a[0] = b[1];
}
)";
    oneshader::CompileResult r = layout_tests::compile_all(source, "one.hlsl", {Target::SpirV});
    const EntryLayout cs[] = {layout_tests::entry(r, "CSMain")};
    Result<PipelineLayout> p = PipelineLayout::create(cs);
    REQUIRE(p.ok());
    Result<vulkan::PipelineLayoutInfo> v = p.value().to_vulkan();
    REQUIRE(v.ok());
    const auto* heap = binding_at(v.value(), 0, 0);
    REQUIRE(heap != nullptr);
    CHECK(heap->descriptor_type == vulkan::DescriptorType::StorageBuffer);
    CHECK(heap->mutable_types.empty());
}

TEST_CASE("the Vulkan layout gives the heap's buffer counters one unbounded storage-buffer binding",
          "[layouts][heaps][counter]") {
    // Two buffer types read from the heap, both with counters called: one counter binding for both.
    oneshader::CompileResult r = layout_tests::compile_all(R"(
[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> a = ResourceDescriptorHeap[0];
    RWStructuredBuffer<float> b = ResourceDescriptorHeap[1];
    a[a.IncrementCounter()] = id.x;
    b[b.IncrementCounter()] = 1.0;
}
)",
                                                           "heaps.hlsl", {Target::SpirV});
    const EntryLayout cs[] = {layout_tests::entry(r, "CSMain")};
    Result<PipelineLayout> p = PipelineLayout::create(cs);
    INFO((p ? std::string() : p.error().message));
    REQUIRE(p.ok());
    Result<vulkan::PipelineLayoutInfo> v = p.value().to_vulkan();
    REQUIRE(v.ok());
    const auto* heap = binding_at(v.value(), 0, 0);
    REQUIRE(heap != nullptr);
    CHECK(heap->name == "ResourceDescriptorHeap");
    CHECK(heap->descriptor_type == vulkan::DescriptorType::StorageBuffer);
    const auto* counters = binding_at(v.value(), 0, 1);
    REQUIRE(counters != nullptr);
    CHECK(counters->name == "ResourceDescriptorHeap.counter");
    CHECK(counters->descriptor_type == vulkan::DescriptorType::StorageBuffer);
    CHECK(counters->descriptor_count == heap->descriptor_count);
    CHECK((counters->binding_flags & vulkan::DescriptorBindingPartiallyBound) != 0);
    CHECK(counters->stage_flags == vulkan::StageComputeBit);
    CHECK(v.value().set_layouts[0].bindings.size() == 2);
}
