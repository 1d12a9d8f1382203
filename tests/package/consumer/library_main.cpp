// Links the installed compiler library as a user would: preprocess a small text and print the
// result; then take a generated header with ONESHADER_HEADER_LAYOUTS, create the pipeline layout
// of its compute entry point with oneshader::layouts, and dispatch it on lavapipe with exactly that
// layout. Fails when the library reports a problem or the dispatch computes something else.
#define ONESHADER_HEADER_LAYOUTS
#include "scale.hpp"

#include <oneshader/layouts.hpp>
#include <oneshader/oneshader.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "compute_device.hpp"

namespace {

using S = consumer::shaders::Scale;
namespace layouts = oneshader::layouts;

template <class T>
consumer::Buffer buffer_of(std::uint32_t set, std::uint32_t binding, const std::vector<T>& items) {
    consumer::Buffer b{set, binding, consumer::BufferKind::Storage, std::vector<std::byte>(items.size() * sizeof(T))};
    std::memcpy(b.bytes.data(), items.data(), b.bytes.size());
    return b;
}

// The scale shader with the descriptor set layouts of its pipeline layout; the buffers go to the
// slots the layout names, by resource name.
int run_with_layout() {
    layouts::Result<layouts::EntryLayout> entry = S::CSMain::layout();
    if (!entry) {
        std::fprintf(stderr, "CSMain::layout(): %s\n", entry.error().message.c_str());
        return 1;
    }
    std::vector<layouts::EntryLayout> entries{entry.value()};
    layouts::Result<layouts::PipelineLayout> pipeline = layouts::PipelineLayout::create(entries);
    if (!pipeline) {
        std::fprintf(stderr, "PipelineLayout::create: %s\n", pipeline.error().message.c_str());
        return 1;
    }
    layouts::Result<layouts::vulkan::PipelineLayoutInfo> info = pipeline->to_vulkan();
    if (!info) {
        std::fprintf(stderr, "to_vulkan: %s\n", info.error().message.c_str());
        return 1;
    }

    constexpr std::uint32_t n = 13;
    S::Params params{};
    params.bias = {1.0f, 0, 0, 0};
    params.scale = 0.5f;
    params.count = n;
    std::vector<S::Item> input(n), output(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        input[i].value = float(i) * 2.0f;
        input[i].tag = i;
        input[i].weights = {1.0f, 0.5f};
    }
    consumer::Dispatch d;
    d.spirv = {S::CSMain::spirv.data(), S::CSMain::spirv.size()};
    d.entry_point = S::CSMain::entry_point;
    d.groups_x = (n + S::CSMain::thread_group_size[0] - 1) / S::CSMain::thread_group_size[0];
    d.set_count = std::uint32_t(info->set_layouts.size());
    std::size_t output_index = 0;
    for (const layouts::vulkan::DescriptorSetLayoutInfo& set : info->set_layouts)
        for (const layouts::vulkan::DescriptorSetLayoutBindingInfo& b : set.bindings) {
            d.layout.push_back({set.set, b.binding, std::uint32_t(b.descriptor_type), b.descriptor_count, b.stage_flags});
            consumer::Buffer buffer;
            if (b.name == "Params") {
                buffer = buffer_of(set.set, b.binding, std::vector<S::Params>{params});
                buffer.kind = consumer::BufferKind::Uniform;
            } else if (b.name == "Input") {
                buffer = buffer_of(set.set, b.binding, input);
            } else if (b.name == "Output") {
                output_index = d.buffers.size();
                buffer = buffer_of(set.set, b.binding, output);
            } else {
                std::fprintf(stderr, "the layout has a binding '%s' the shader does not declare\n", b.name.c_str());
                return 1;
            }
            if ((b.descriptor_type == layouts::vulkan::DescriptorType::UniformBuffer) !=
                (buffer.kind == consumer::BufferKind::Uniform)) {
                std::fprintf(stderr, "'%s' has descriptor type %u\n", b.name.c_str(), unsigned(b.descriptor_type));
                return 1;
            }
            d.buffers.push_back(std::move(buffer));
        }
    if (d.buffers.size() != 3) {
        std::fprintf(stderr, "the layout has %zu bindings, the shader 3\n", d.buffers.size());
        return 1;
    }
    consumer::ComputeDevice gpu;
    if (!gpu.error().empty()) {
        std::fprintf(stderr, "no Vulkan device: %s\n", gpu.error().c_str());
        return 1;
    }
    if (std::string error = gpu.run(d); !error.empty()) {
        std::fprintf(stderr, "dispatch with the header's layout: %s\n", error.c_str());
        return 1;
    }
    std::memcpy(output.data(), d.buffers[output_index].bytes.data(), output.size() * sizeof(S::Item));
    for (std::uint32_t i = 0; i < n; ++i) {
        const float want = input[i].value * 1.5f * params.scale + params.bias.x;
        if (std::fabs(output[i].value - want) > 1e-5f * (1.0f + std::fabs(want)) || output[i].tag != i + 3) {
            std::fprintf(stderr, "item %u: %g tag %u, want %g tag %u\n", i, double(output[i].value), output[i].tag,
                         double(want), i + 3);
            return 1;
        }
    }
    std::printf("layouts: scale dispatched with the header's pipeline layout (%zu sets, %zu bindings)%s\n",
                info->set_layouts.size(), d.layout.size(), gpu.validation() ? " with the validation layer" : "");
    return 0;
}

}  // namespace

int main() {
    oneshader::CompileOptions options;
    options.defines.push_back({"SCALE", "2"});
    oneshader::PreprocessResult result = oneshader::preprocess("float scale = SCALE;\n", "consumer.hlsl", options);
    for (const oneshader::Diagnostic& d : result.diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
    if (!result.ok()) return 1;
    std::fputs(result.text.c_str(), stdout);
    return run_with_layout();
}
