// IncrementCounter/DecrementCounter on RWStructuredBuffer, compiled from HLSL: the hidden counter
// `counter.var.<name>` exists only for a buffer whose counter methods are called (as DXC creates
// it), at [[vk::counter_binding]] or the next free binding of the set; IncrementCounter is
// OpAtomicIAdd returning the old value, DecrementCounter OpAtomicISub minus 1 (the new value).
// Reflection lists the counter as it does an append buffer's; MSL and WGSL express it too.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/layouts.hpp"
#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

namespace {

CompileOptions compute_options(oneshader::Target target, bool optimize) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    o.targets = {target};
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

const char* kCounters = R"(
RWStructuredBuffer<uint> Items : register(u0);
RWStructuredBuffer<float4> Plain : register(u1);
[[vk::counter_binding(7)]] RWStructuredBuffer<uint> Pinned : register(u2);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint slot = Items.IncrementCounter();
    Items[slot] = id.x;
    uint left = Pinned.DecrementCounter();
    Pinned[left] = slot;
    Plain[id.x] = float4(slot, left, 0, 1);
}
)";

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("IncrementCounter and DecrementCounter use the RWStructuredBuffer's counter.var buffer",
          "[spirv][buffers][counter]") {
    for (bool optimize : {false, true}) {
        oneshader::CompileResult r = oneshader::compile(kCounters, "counters.hlsl", compute_options(oneshader::Target::SpirV, optimize));
        INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        CHECK(text.find("OpName %counter_var_Items \"counter.var.Items\"") != std::string::npos);
        CHECK(text.find("OpName %counter_var_Pinned \"counter.var.Pinned\"") != std::string::npos);
        CHECK(text.find("counter.var.Plain") == std::string::npos);
        // Bindings 0-2 are the buffers; the implicit counter takes the next free one, the pinned one 7.
        CHECK(spirv_tools::has_line(text, "OpDecorate %counter_var_Items Binding 3"));
        CHECK(spirv_tools::has_line(text, "OpDecorate %counter_var_Pinned Binding 7"));
        CHECK(count_of(text, "= OpAtomicIAdd %uint ") == 1);
        CHECK(count_of(text, "= OpAtomicISub %uint ") == 1);
    }
}

TEST_CASE("a counter nothing uses takes no binding, and reflection lists used counters", "[reflect][layouts][counter]") {
    oneshader::CompileResult r = oneshader::compile(kCounters, "counters.hlsl", compute_options(oneshader::Target::SpirV, false));
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    const auto& res = r.reflection->resources;
    REQUIRE(res.size() == 3);
    CHECK(res[0].name == "Items");
    REQUIRE(res[0].counter_slots.size() == 1);
    CHECK(res[0].counter_slots[0].binding == 3);
    CHECK(res[1].counter_slots.empty());
    REQUIRE(res[2].counter_slots.size() == 1);
    CHECK(res[2].counter_slots[0].binding == 7);

    auto entry = oneshader::layouts::EntryLayout::create(*r.reflection, "main");
    REQUIRE(entry.ok());
    const std::vector<oneshader::layouts::EntryLayout> entries = {*entry};
    auto vk = oneshader::layouts::PipelineLayout::create(entries)->to_vulkan();
    REQUIRE(vk.ok());
    REQUIRE(vk->set_layouts.size() == 1);
    std::vector<std::string> names;
    for (const auto& b : vk->set_layouts[0].bindings) names.push_back(b.name + "@" + std::to_string(b.binding));
    CHECK(names == std::vector<std::string>{"Items@0", "Plain@1", "Pinned@2", "Items.counter@3", "Pinned.counter@7"});

    // Without counter calls, a [[vk::counter_binding]] names nothing.
    oneshader::CompileResult plain = oneshader::compile(R"(
[[vk::counter_binding(4)]] RWStructuredBuffer<uint> Buf : register(u0);
[numthreads(1, 1, 1)] void main() { Buf[0] = 1; }
)",
                                                        "plain.hlsl", compute_options(oneshader::Target::SpirV, false));
    INFO(diagnostics_of(plain));
    REQUIRE(plain.ok());
    CHECK(plain.reflection->resources[0].counter_slots.empty());
}

TEST_CASE("MSL and WGSL express RWStructuredBuffer counters", "[msl][wgsl][counter]") {
    oneshader::CompileResult msl = oneshader::compile(kCounters, "counters.hlsl", compute_options(oneshader::Target::Msl, true));
    INFO(diagnostics_of(msl));
    REQUIRE(msl.ok());
    std::string m(msl.find("main", oneshader::Target::Msl)->as_text());
    INFO(m);
    CHECK(m.find("atomic_fetch_add_explicit") != std::string::npos);
    CHECK(m.find("atomic_fetch_sub_explicit") != std::string::npos);

    oneshader::CompileResult wgsl = oneshader::compile(kCounters, "counters.hlsl", compute_options(oneshader::Target::Wgsl, true));
    INFO(diagnostics_of(wgsl));
    REQUIRE(wgsl.ok());
    std::string w(wgsl.find("main", oneshader::Target::Wgsl)->as_text());
    INFO(w);
    CHECK(w.find("atomicAdd(") != std::string::npos);
    CHECK(w.find("atomicSub(") != std::string::npos);
}

TEST_CASE("a counter called through a parameter, local or array element is its buffer's counter",
          "[spirv][msl][wgsl][counter]") {
    // The buffer a reference resolves to (legalize_resources) brings its counter: Buf's through the
    // parameter and the local, element i of counter.var.Arr for Arr[i]. Other is never passed on,
    // so it has no counter.
    const char* source = R"(
RWStructuredBuffer<uint> Buf : register(u0);
RWStructuredBuffer<uint> Arr[3] : register(u1);
RWStructuredBuffer<uint> Other : register(u4);
cbuffer Params : register(b0) { uint which; };
uint bump(RWStructuredBuffer<uint> b) { return b.IncrementCounter(); }
[numthreads(1, 1, 1)] void main() {
    RWStructuredBuffer<uint> local = Buf;
    Buf[0] = bump(Buf) + local.DecrementCounter();
    Arr[which][0] = Arr[which].IncrementCounter();
    Other[0] = 1;
}
)";
    for (bool optimize : {false, true}) {
        oneshader::CompileResult r =
            oneshader::compile(source, "refs.hlsl", compute_options(oneshader::Target::SpirV, optimize));
        INFO(diagnostics_of(r));
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        // Buffers 0, 1-3 (one binding for the array) and 4; the counters take the next free ones.
        CHECK(spirv_tools::has_line(text, "OpDecorate %counter_var_Buf Binding 2"));
        CHECK(spirv_tools::has_line(text, "OpDecorate %counter_var_Arr Binding 3"));
        CHECK(text.find("counter_var_Other") == std::string::npos);
        CHECK(text.find("%counter_var_Arr = OpVariable %_ptr_StorageBuffer__arr_") != std::string::npos);
        CHECK(count_of(text, "= OpAtomicIAdd %uint ") == 2);
        CHECK(count_of(text, "= OpAtomicISub %uint ") == 1);
        REQUIRE(r.reflection);
        const oneshader::ResourceInfo* arr = r.reflection->find_resource("Arr");
        REQUIRE(arr);
        REQUIRE(arr->counter_slots.size() == 1);
        CHECK(arr->counter_slots[0].binding == 3);
    }
    for (oneshader::Target t : {oneshader::Target::Msl, oneshader::Target::Wgsl}) {
        // WGSL has no arrays of buffers: the array element's counter is left out there.
        std::string text = source;
        if (t == oneshader::Target::Wgsl) text.replace(text.find("    Arr[which][0]"), 51, "");
        oneshader::CompileResult r = oneshader::compile(text, "refs.hlsl", compute_options(t, true));
        INFO(diagnostics_of(r));
        CHECK(r.ok());
    }
}

TEST_CASE("a counter reached through a choice made at run time is OSH0403", "[sema][counter]") {
    oneshader::CompileResult r = oneshader::compile(R"(
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
cbuffer Params : register(b0) { uint which; };
[numthreads(1, 1, 1)] void main() {
    RWStructuredBuffer<uint> b = which == 0 ? A : B;
    b[0] = b.IncrementCounter();
}
)",
                                                    "choice.hlsl", compute_options(oneshader::Target::SpirV, false));
    CHECK_FALSE(r.ok());
    std::string d = diagnostics_of(r);
    INFO(d);
    CHECK(d.find("error OSH0403: cannot resolve the resource 'b' to a single global resource here: it is chosen by a "
                 "'?:' whose condition is not a compile-time constant.") != std::string::npos);
}
