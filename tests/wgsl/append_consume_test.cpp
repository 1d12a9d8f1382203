// Append and consume buffers on WGSL (beyond the spec's 1.2 list, docs/wgsl.md): the elements are an array<u32>
// storage buffer and the hidden counter an array<atomic<u32>> at the counter slot reflection reports, which takes
// part in moving shared bindings and placing the push-constant block exactly as the backend prints it, also where an
// entry point only asks the buffer's size. HLSL's ddx/ddy/fwidth are WGSL's Fine derivatives. Tint and naga check
// every module here.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "oneshader/layouts.hpp"
#include "oneshader/oneshader.hpp"
#include "wgsl_compile.hpp"
#include "wgsl_validate.hpp"

namespace {

using namespace oneshader;

struct Slot {
    std::uint32_t group = 0, binding = 0;
    bool found = false;
};

// Where the text declares `name`.
Slot declared(const std::string& text, const std::string& name) {
    static const std::regex decl(R"(@group\((\d+)\) @binding\((\d+)\) var(?:<[^>]*>)? (\w+):)");
    for (std::sregex_iterator it(text.begin(), text.end(), decl), end; it != end; ++it)
        if ((*it)[3] == name) return {std::uint32_t(std::stoul((*it)[1])), std::uint32_t(std::stoul((*it)[2])), true};
    return {};
}

const TargetSlot* wgsl_slot(const std::vector<TargetSlot>& slots) {
    for (const TargetSlot& s : slots)
        if (s.target == Target::Wgsl) return &s;
    return nullptr;
}

CompileResult compile_wgsl(const std::string& source, const std::string& entry, Stage stage, bool optimize) {
    return wgsl::test::compile_wgsl(source, "append.hlsl", entry, stage, optimize);
}

std::string validate(wgsl::test::Validator& v, const std::string& text, const std::string& name) {
    return v.problems(text, "append-" + name);
}

// `Out` shares binding 0 with the cbuffer and moves; the counter of `A` is Vulkan binding 2 (the next free one), so
// `Out` must move past it to 3, in the text and in reflection alike.
constexpr const char* kShared =
    "cbuffer P : register(b0) { uint n; };\n"
    "RWStructuredBuffer<uint> Out : register(u0);\n"
    "AppendStructuredBuffer<uint> A : register(u1);\n"
    "ConsumeStructuredBuffer<uint> C : register(u2, space1);\n"
    "struct Push { uint add; };\n"
    "[[vk::push_constant]] Push push;\n"
    "[numthreads(4, 1, 1)] void CSAppend(uint3 id : SV_DispatchThreadID) {\n"
    "    A.Append(n + id.x + push.add);\n"
    "    Out[id.x] = C.Consume();\n"
    "}\n"
    "[numthreads(1, 1, 1)] void CSSize() {\n"
    "    uint count, stride;\n"
    "    A.GetDimensions(count, stride);\n"
    "    Out[0] = count + stride + push.add + n;\n"
    "}\n";

}  // namespace

TEST_CASE("append and consume buffers: elements plus an atomic counter at reflection's counter slot", "[wgsl]") {
    wgsl::test::Validator validator;
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        CompileResult r = compile_wgsl(kShared, "CSAppend", Stage::Compute, optimize);
        INFO((r.diagnostics.empty() ? std::string() : r.diagnostics.front().to_string()));
        REQUIRE(r.ok());
        REQUIRE(r.reflection);
        const ShaderBlob* blob = r.find("CSAppend", Target::Wgsl);
        REQUIRE(blob);
        const std::string text(blob->as_text());
        INFO(text);
        CHECK(text.find("var<storage, read_write> A: array<u32>;") != std::string::npos);
        CHECK(text.find("var<storage, read> C: array<u32>;") != std::string::npos);
        CHECK(text.find("var<storage, read_write> counter_var_A: array<atomic<u32>>;") != std::string::npos);
        CHECK(text.find("var<storage, read_write> counter_var_C: array<atomic<u32>>;") != std::string::npos);
        // Append takes the slot before the increment; Consume the one below the value before the decrement.
        CHECK(text.find("atomicAdd(&counter_var_A[0u], 1u)") != std::string::npos);
        CHECK(text.find("atomicAdd(&counter_var_C[0u], 4294967295u)") != std::string::npos);
        CHECK(std::regex_search(text, std::regex(R"(C\[\(v_\d+ - 1u\)\])")));

        const ResourceInfo* out = r.reflection->find_resource("Out");
        const ResourceInfo* a = r.reflection->find_resource("A");
        const ResourceInfo* c = r.reflection->find_resource("C");
        REQUIRE((out && a && c));
        REQUIRE((wgsl_slot(out->slots) && wgsl_slot(a->counter_slots) && wgsl_slot(c->counter_slots)));
        Slot out_at = declared(text, "Out"), a_counter = declared(text, "counter_var_A"),
             c_counter = declared(text, "counter_var_C"), push = declared(text, "push");
        CHECK(out_at.binding == 3);
        CHECK(wgsl_slot(out->slots)->binding == out_at.binding);
        CHECK(a_counter.binding == 2);
        CHECK(wgsl_slot(a->counter_slots)->set == a_counter.group);
        CHECK(wgsl_slot(a->counter_slots)->binding == a_counter.binding);
        CHECK(c_counter.group == 1);
        CHECK(wgsl_slot(c->counter_slots)->set == 1);
        CHECK(wgsl_slot(c->counter_slots)->binding == c_counter.binding);
        REQUIRE(r.reflection->push_constants.size() == 1);
        REQUIRE(wgsl_slot(r.reflection->push_constants[0].slots));
        CHECK(wgsl_slot(r.reflection->push_constants[0].slots)->set == push.group);
        CHECK(wgsl_slot(r.reflection->push_constants[0].slots)->binding == push.binding);

        // WebGPU layouts bind the counters as storage buffers of their own.
        auto entry = layouts::EntryLayout::create(*r.reflection, "CSAppend");
        REQUIRE(entry);
        std::vector<layouts::EntryLayout> entries = {entry.value()};
        auto pipeline = layouts::PipelineLayout::create(entries);
        REQUIRE(pipeline);
        auto web = pipeline->to_webgpu();
        INFO((web ? std::string() : web.error().message));
        REQUIRE(web);
        bool a_bound = false;
        for (const layouts::webgpu::BindGroupLayoutEntryInfo& e : web->groups.at(0).entries)
            if (e.name == "A.counter")
                a_bound = e.binding == a_counter.binding && e.buffer_type == "storage";
        CHECK(a_bound);
        CHECK(validate(validator, text, optimize ? "O3" : "Od") == "");
    }
}

TEST_CASE("an append buffer only sized keeps its counter's binding taken, as reflection counts it", "[wgsl]") {
    wgsl::test::Validator validator;
    CompileResult r = compile_wgsl(kShared, "CSSize", Stage::Compute, true);
    REQUIRE(r.ok());
    const ShaderBlob* blob = r.find("CSSize", Target::Wgsl);
    REQUIRE(blob);
    const std::string text(blob->as_text());
    INFO(text);
    CHECK(text.find("counter_var_A") == std::string::npos);  // nothing uses it
    const ResourceInfo* out = r.reflection->find_resource("Out");
    REQUIRE(out);
    CHECK(declared(text, "Out").binding == 3);
    CHECK(wgsl_slot(out->slots)->binding == 3);
    Slot push = declared(text, "push");
    CHECK(wgsl_slot(r.reflection->push_constants.at(0).slots)->binding == push.binding);
    CHECK(validate(validator, text, "size") == "");
}

TEST_CASE("ddx, ddy and fwidth are WGSL's Fine derivatives, the _coarse forms stay coarse", "[wgsl]") {
    wgsl::test::Validator validator;
    const char* source =
        "float4 PSMain(float2 uv : TEXCOORD0) : SV_Target {\n"
        "    return float4(ddx(uv.x), ddy(uv.y), fwidth(uv.x), ddx_coarse(uv.y) + ddy_coarse(uv.x) + ddx_fine(uv.x));\n"
        "}\n";
    CompileResult r = compile_wgsl(source, "PSMain", Stage::Pixel, false);
    REQUIRE(r.ok());
    const std::string text(r.find("PSMain", Target::Wgsl)->as_text());
    INFO(text);
    CHECK(text.find("dpdxFine(") != std::string::npos);
    CHECK(text.find("dpdyFine(") != std::string::npos);
    CHECK(text.find("fwidthFine(") != std::string::npos);
    CHECK(text.find("dpdxCoarse(") != std::string::npos);
    CHECK(text.find("dpdyCoarse(") != std::string::npos);
    CHECK(text.find("dpdx(") == std::string::npos);
    CHECK(text.find("fwidth(") == std::string::npos);
    CHECK(validate(validator, text, "derivatives") == "");
}
