// Uses the headers oneshader_add_shaders() generated, as a renderer would: the structs fill the
// buffers, the binding constants lay out the descriptor set, the SPIR-V comes from the header, and
// the results of each dispatch on lavapipe are checked against the same arithmetic on the CPU.
#include "material.hpp"
#include "scale.hpp"
#include "sprite.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "compute_device.hpp"

namespace shaders = consumer::shaders;
namespace gen = oneshader::generated;

// What HLSL's packing rules give, written out independently of the compiler: if the header's
// structs disagree, this file does not compile.
static_assert(sizeof(shaders::Scale::Params) == 32, "a constant buffer is a whole number of 16-byte rows");
static_assert(offsetof(shaders::Scale::Params, scale) == 16);
static_assert(offsetof(shaders::Scale::Params, count) == 20);
static_assert(sizeof(shaders::Scale::Item) == 16);
static_assert(offsetof(shaders::Scale::Item, weights) == 8);
static_assert(shaders::Scale::Bindings::Params::binding == 0);
static_assert(shaders::Scale::Bindings::Params::kind == gen::ResourceKind::ConstantBuffer);
static_assert(shaders::Scale::Bindings::Input::binding == 1);
static_assert(shaders::Scale::Bindings::Input::kind == gen::ResourceKind::ReadOnlyStorageBuffer);
static_assert(shaders::Scale::Bindings::Output::binding == 2);
static_assert(shaders::Scale::Bindings::Output::kind == gen::ResourceKind::StorageBuffer);
static_assert(shaders::Scale::Bindings::Output::stages == gen::StageCompute);
static_assert(shaders::Scale::CSMain::thread_group_size[0] == 8);
static_assert(shaders::Scale::CSMain::spirv[0] == 0x07230203u, "the SPIR-V magic number");
static_assert(sizeof(shaders::Scale::CSMain::msl) > 1, "TARGETS spirv msl compiled the MSL too");

static_assert(offsetof(shaders::Sprite::Frame, Tint) == 64);
static_assert(offsetof(shaders::Sprite::Frame, Enabled) == 80);
static_assert(std::is_same_v<decltype(shaders::Sprite::Frame::Enabled), std::uint32_t>, "bool is a 32-bit word");
static_assert(shaders::Sprite::VSMain::stride == 16);
static_assert(shaders::Sprite::VSMain::stage == gen::Stage::Vertex);
static_assert(sizeof(shaders::Sprite::PSMain::wgsl) > 1, "TARGETS spirv wgsl compiled the WGSL too");
// ENTRY_POINTS named VSMain and PSMain only: the file's third entry point is not compiled.
template <class T>
concept has_unused_entry = requires { T::CSUnused::stage; };
static_assert(!has_unused_entry<shaders::Sprite>);

static_assert(shaders::Material::Variants::count == 4, "TWICE x MODE=ADD|MUL");
static_assert(sizeof(shaders::Material::Item) == 16, "every variant agrees on Item: one struct at file level");

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
    if (!ok) {
        std::fprintf(stderr, "FAILED: %s\n", what.c_str());
        ++failures;
    }
}

template <class T>
consumer::Buffer buffer_of(std::uint32_t set, std::uint32_t binding, consumer::BufferKind kind, const std::vector<T>& items) {
    consumer::Buffer b{set, binding, kind, std::vector<std::byte>(items.size() * sizeof(T))};
    std::memcpy(b.bytes.data(), items.data(), b.bytes.size());
    return b;
}

template <class T>
std::vector<T> items_of(const consumer::Buffer& b) {
    std::vector<T> items(b.bytes.size() / sizeof(T));
    std::memcpy(items.data(), b.bytes.data(), items.size() * sizeof(T));
    return items;
}

consumer::BufferKind kind_of(gen::ResourceKind kind) {
    return kind == gen::ResourceKind::ConstantBuffer ? consumer::BufferKind::Uniform : consumer::BufferKind::Storage;
}

bool near(float a, float b) { return std::fabs(a - b) <= 1e-5f * (1.0f + std::fabs(b)); }

// Output[i] = (value * (w.x + w.y)) * scale + bias.x, tag + TAG_STEP (3), weights swapped.
void run_scale(consumer::ComputeDevice& gpu) {
    using S = shaders::Scale;
    constexpr std::uint32_t n = 21;  // not a multiple of the group size: the shader's bound check matters
    S::Params params{};
    params.bias = {0.5f, 0, 0, 0};
    params.scale = 2.0f;
    params.count = n;
    std::vector<S::Item> input(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        input[i].value = float(i) + 1.0f;
        input[i].tag = 100 + i;
        input[i].weights = {0.25f, float(i % 3)};
    }
    std::vector<S::Item> output(n + 3);  // the extra items stay zero
    consumer::Dispatch d;
    d.spirv = {S::CSMain::spirv.data(), S::CSMain::spirv.size()};
    d.entry_point = S::CSMain::entry_point;
    d.groups_x = (n + S::CSMain::thread_group_size[0] - 1) / S::CSMain::thread_group_size[0];
    d.buffers.push_back(buffer_of(S::Bindings::Params::set, S::Bindings::Params::binding,
                                  kind_of(S::Bindings::Params::kind), std::vector<S::Params>{params}));
    d.buffers.push_back(buffer_of(S::Bindings::Input::set, S::Bindings::Input::binding, kind_of(S::Bindings::Input::kind), input));
    d.buffers.push_back(buffer_of(S::Bindings::Output::set, S::Bindings::Output::binding, kind_of(S::Bindings::Output::kind), output));
    const std::string error = gpu.run(d);
    check(error.empty(), "scale dispatch: " + error);
    if (!error.empty()) return;
    output = items_of<S::Item>(d.buffers[2]);
    for (std::uint32_t i = 0; i < n; ++i) {
        const S::Item& in = input[i];
        const float want = in.value * (in.weights.x + in.weights.y) * params.scale + params.bias.x;
        check(near(output[i].value, want), "scale item " + std::to_string(i) + " value " + std::to_string(output[i].value) +
                                               ", want " + std::to_string(want));
        check(output[i].tag == in.tag + 3, "scale item " + std::to_string(i) + " tag " + std::to_string(output[i].tag));
        check(output[i].weights.x == in.weights.y && output[i].weights.y == in.weights.x,
              "scale item " + std::to_string(i) + " weights");
    }
    for (std::uint32_t i = n; i < output.size(); ++i) check(output[i].value == 0 && output[i].tag == 0, "scale item past count");
    std::printf("scale: %u items ok\n", n);
}

// Each variant, looked up by its key, on the same items: add or multiply, then double with TWICE.
void run_material(consumer::ComputeDevice& gpu) {
    using M = shaders::Material;
    for (bool twice : {false, true})
        for (M::ModeValue mode : {M::ModeValue::ADD, M::ModeValue::MUL}) {
            const M::Variant& v = M::Variants::get(M::Key{twice, mode});
            check(v.key.twice == twice && v.key.mode == mode, std::string("variant key of ") + v.name);
            const float factor = 3.0f;
            std::vector<M::Item> items(8);
            for (std::uint32_t i = 0; i < items.size(); ++i) {
                items[i].value = float(i) - 2.0f;
                items[i].tag = i;
            }
            consumer::Dispatch d;
            d.spirv = {v.CSMain->spirv.data(), v.CSMain->spirv.size()};
            d.entry_point = v.CSMain->entry_point;
            d.groups_x = std::uint32_t(items.size()) / v.CSMain->thread_group_size[0];
            // The layout comes from the variant's binding list, as a renderer that picks the
            // variant at run time builds it.
            std::size_t items_index = 0;
            for (const gen::ResourceBinding& b : v.bindings) {
                if (b.kind == gen::ResourceKind::ConstantBuffer) {
                    M::Factors f{};
                    f.factor = factor;
                    d.buffers.push_back(buffer_of(b.set, b.binding, kind_of(b.kind), std::vector<M::Factors>{f}));
                } else {
                    items_index = d.buffers.size();
                    d.buffers.push_back(buffer_of(b.set, b.binding, kind_of(b.kind), items));
                }
            }
            check(d.buffers.size() == 2, std::string("bindings of ") + v.name);
            const std::string error = gpu.run(d);
            check(error.empty(), std::string("material ") + v.name + " dispatch: " + error);
            if (!error.empty()) continue;
            const std::vector<M::Item> out = items_of<M::Item>(d.buffers[items_index]);
            for (std::uint32_t i = 0; i < items.size(); ++i) {
                float want = mode == M::ModeValue::ADD ? items[i].value + factor : items[i].value * factor;
                if (twice) want *= 2.0f;
                check(near(out[i].value, want), std::string("material ") + v.name + " item " + std::to_string(i) + " value " +
                                                    std::to_string(out[i].value) + ", want " + std::to_string(want));
                check(out[i].tag == i * 10 + 7, std::string("material ") + v.name + " tag (MODE_TAG=7)");
            }
            std::printf("material %s: ok\n", v.name);
        }
}

}  // namespace

int main() {
    consumer::ComputeDevice gpu;
    if (!gpu.error().empty()) {
        std::fprintf(stderr, "no Vulkan device: %s\n", gpu.error().c_str());
        return 1;
    }
    run_scale(gpu);
    run_material(gpu);
    if (failures) {
        std::fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    std::printf("shader_consumer: all checks passed on %s%s\n", gpu.name().c_str(),
                gpu.validation() ? " with the validation layer" : "");
    return 0;
}
