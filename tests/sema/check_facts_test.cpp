// The facts the spec prints for its samples, as semantic analysis produces them: buffer layouts
// (Frame, Light, PerDraw, Particle, Sums), descriptor bindings (Sprite, implicit numbering,
// append/consume counters, spaces, vk::binding), $Globals, entry points, stage I/O locations and
// specialization constants.
#include <filesystem>

#include "check_fixture.hpp"

using namespace check_test;
namespace fs = std::filesystem;

namespace {

std::vector<std::uint32_t> offsets(const TypeLayout* l) {
    std::vector<std::uint32_t> out;
    for (const MemberLayout& m : l->members) out.push_back(m.offset);
    return out;
}

fs::path corpus(std::string_view rel) { return fs::path(ONESHADER_SOURCE_DIR) / "corpus" / rel; }

}  // namespace

TEST_CASE("check facts: Sprite bindings and the Frame cbuffer") {
    auto c = check_file(corpus("spec/Sprite_generated_bindings.hlsl"), {});
    REQUIRE(c->errors() == "");
    CHECK(c->resource("Frame")->binding.binding == 0);
    CHECK(c->resource("Atlas")->binding.binding == 1);
    CHECK(c->resource("AtlasSampler")->binding.binding == 2);
    CHECK(c->resource("Atlas")->binding.set == 0);
    CHECK(c->resource("AtlasSampler")->kind == sema::ResourceKind::SamplerState);
    CHECK(c->buffer("Frame")->layout->size == 64);

    auto t = check_text("cbuffer Frame : register(b0) { float4x4 ViewProjection; float4 Tint; };\n"
                        "[shader(\"pixel\")] float4 PSMain() : SV_Target { return Tint; }\n");
    REQUIRE(t->errors() == "");
    const BufferBlock* frame = t->buffer("Frame");
    CHECK(frame->layout->size == 80);
    CHECK(offsets(frame->layout) == std::vector<std::uint32_t>{0, 64});
    CHECK(frame->members.size() == 2);
    CHECK(frame->members[1]->name.str() == "Tint");
    CHECK(frame->members[1]->storage == StorageClass::BufferMember);
}

TEST_CASE("check facts: the Light cbuffer packs as the spec prints") {
    auto c = check_file(corpus("spec/Lighting.hlsl"), {});
    REQUIRE(c->errors() == "");
    const TypeLayout* l = c->buffer("Light")->layout;
    CHECK(offsets(l) == std::vector<std::uint32_t>{0, 12, 16, 32, 48, 112});
    CHECK(l->size == 176);
    CHECK(l->members[4].type->stride == 16);
}

TEST_CASE("check facts: PerDraw push constants, 16-bit Particle and 64-bit Sums") {
    auto mesh = check_file(corpus("spec/Mesh.hlsl"), {});
    REQUIRE(mesh->errors() == "");
    const BufferBlock* draw = mesh->buffer("Draw");
    CHECK(draw->kind == BufferKind::PushConstant);
    CHECK(draw->layout->size == 96);
    CHECK(draw->resource == nullptr);
    CHECK(mesh->entry("VSMain")->push_constant == draw);
    CHECK(mesh->entry("PSMain")->push_constant == nullptr);
    // The push block is no descriptor, so Camera is binding 0.
    CHECK(mesh->resource("Camera")->binding.binding == 0);

    CompileOptions o16;
    o16.enable_16bit_types = true;
    auto particles = check_file(corpus("spec/Particles.hlsl"), o16);
    REQUIRE(particles->errors() == "");
    const Resource* p = particles->resource("Particles");
    const TypeLayout* pl = particles->layouts.layout(p->type->as<ResourceType>()->element, LayoutRule::Storage);
    CHECK(offsets(pl) == std::vector<std::uint32_t>{0, 6, 8});
    CHECK(particles->layouts.structured_stride(p->type->as<ResourceType>()->element) == 16);

    auto totals = check_file(corpus("spec/Totals.hlsl"), {});
    REQUIRE(totals->errors() == "");
    const Type* sums = totals->resource("Result")->type->as<ResourceType>()->element;
    const TypeLayout* sl = totals->layouts.layout(sums, LayoutRule::Storage);
    CHECK(sl->size == 16);
    CHECK(offsets(sl) == std::vector<std::uint32_t>{0, 8});
    CHECK(totals->resource("Result")->binding.binding == 2);
}

TEST_CASE("check facts: implicit bindings take the lowest free number in set 0, in declaration order") {
    auto c = check_text("Texture2D A;\n"
                        "SamplerState S : register(s0);\n"
                        "Texture2D B : register(t1, space2);\n"
                        "Texture2D C;\n"
                        "[[vk::binding(5, 1)]] Texture2D D;\n"
                        "Texture2D<float4> Arr[4];\n"
                        "Texture2D E;\n"
                        "float4 Tint;\n"
                        "[shader(\"pixel\")] float4 PSMain() : SV_Target { return Tint; }\n");
    REQUIRE(c->errors() == "");
    CHECK(c->resource("S")->binding.binding == 0);
    CHECK(c->resource("A")->binding.binding == 1);
    CHECK(c->resource("B")->binding.set == 2);
    CHECK(c->resource("B")->binding.binding == 1);
    CHECK(c->resource("C")->binding.binding == 2);
    CHECK(c->resource("D")->binding.set == 1);
    CHECK(c->resource("D")->binding.binding == 5);
    // An array is one binding with a count; the next resource takes the next number.
    CHECK(c->resource("Arr")->binding.binding == 3);
    CHECK(c->resource("Arr")->count == 4);
    CHECK(c->resource("E")->binding.binding == 4);
    // Plain globals gather in $Globals, which comes last.
    CHECK(c->resource("$Globals")->binding.binding == 5);
    CHECK(c->buffer("$Globals")->kind == BufferKind::Globals);
    CHECK(c->program->resources.back()->name.str() == "$Globals");
}

TEST_CASE("check facts: append and consume counters take the next free binding of their set") {
    auto c = check_text("struct P { float4 v; };\n"
                        "AppendStructuredBuffer<P> A : register(u0);\n"
                        "ConsumeStructuredBuffer<P> B : register(u1);\n"
                        "[[vk::counter_binding(7)]] AppendStructuredBuffer<P> C : register(u4);\n"
                        "[shader(\"compute\")] [numthreads(8, 4, 2)] void CSMain(uint3 id : SV_DispatchThreadID) {\n"
                        "  P p = B.Consume(); A.Append(p); C.Append(p); }\n");
    REQUIRE(c->errors() == "");
    CHECK(c->resource("A")->counter_binding == 2u);
    CHECK(c->resource("B")->counter_binding == 3u);
    CHECK(c->resource("C")->counter_binding == 7u);
    const EntryPoint* e = c->entry("CSMain");
    CHECK(e->stage == Stage::Compute);
    CHECK(e->numthreads[0] == 8);
    CHECK(e->numthreads[1] == 4);
    CHECK(e->numthreads[2] == 2);
}

TEST_CASE("check facts: a texture and a sampler may share a number, other classes warn, one class is an error") {
    CHECK(diags_of("Texture2D T : register(t2); SamplerState S : register(s2);\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { return T.Sample(S, float2(0, 0)); }\n")
              .empty());
    // b2 on the slot of t2 and s2: warning OSH0351 naming the shift (docs/command-line.md), once.
    CHECK(diags_of("Texture2D T : register(t2); SamplerState S : register(s2);\n"
                   "cbuffer B : register(b2) { float4 x; };\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { return T.Sample(S, x.xy) + x; }\n") ==
          V{"OSH0351 2:9"});
    CHECK(diags_of("Texture2D T : register(t2); Texture2D U : register(t2);\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { return 0; }\n") == V{"OSH0322 1:39"});
    CHECK(diags_of("[[vk::binding(1)]] Texture2D T; [[vk::binding(1)]] Texture2D U;\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { return 0; }\n") == V{"OSH0322 1:62"});
}

TEST_CASE("check facts: stage inputs and outputs with locations") {
    auto c = check_file(corpus("spec/Sprite_generated_bindings.hlsl"), {});
    REQUIRE(c->errors() == "");
    const EntryPoint* vs = c->entry("VSMain");
    REQUIRE(vs->inputs.size() == 3);
    CHECK(vs->inputs[0].name == "i.Position");
    CHECK(vs->inputs[0].location == 0);
    CHECK(vs->inputs[1].semantic_name == "TEXCOORD");
    CHECK(vs->inputs[1].location == 1);
    CHECK(vs->inputs[2].location == 2);
    REQUIRE(vs->outputs.size() == 3);
    CHECK(vs->outputs[0].builtin == SystemValue::Position);
    CHECK(vs->outputs[1].location == 0);
    CHECK(vs->outputs[2].location == 1);
    const EntryPoint* ps = c->entry("PSMain");
    REQUIRE(ps->outputs.size() == 1);
    CHECK(ps->outputs[0].builtin == SystemValue::Target);
    CHECK(ps->outputs[0].param_index == sema::StageVariable::kResult);

    auto m = check_text("struct VSIn { float4x4 M : MATRIX; float2 T[3] : TEX; [[vk::location(0)]] float4 A : A; };\n"
                        "[shader(\"vertex\")] float4 VS(float4x4 M : MATRIX, float2 T[3] : TEX, float4 C : COLOR, uint id : SV_VertexID) : SV_Position { return C; }\n"
                        "[shader(\"pixel\")] float4 PS(nointerpolation float4 a : A, uint b : B) : SV_Target2 { return a + b; }\n");
    REQUIRE(m->errors() == "");
    const EntryPoint* v = m->entry("VS");
    CHECK(v->inputs[0].location == 0);
    CHECK(v->inputs[0].location_count == 4);
    CHECK(v->inputs[1].location == 4);
    CHECK(v->inputs[1].location_count == 3);
    CHECK(v->inputs[2].location == 7);
    CHECK(v->inputs[3].builtin == SystemValue::VertexID);
    const EntryPoint* p = m->entry("PS");
    CHECK(p->outputs[0].location == 2);
    CHECK((p->inputs[0].interpolation & kInterpNoInterpolation) != 0);
    CHECK((p->inputs[1].interpolation & kInterpNoInterpolation) != 0);  // integer inputs are flat
    CHECK(p->inputs[1].location == 1);
}

TEST_CASE("check facts: specialization constants and entry points from the options") {
    auto c = check_file(corpus("spec/Blur.hlsl"), {});
    REQUIRE(c->errors() == "");
    REQUIRE(c->program->spec_constants.size() == 3);
    CHECK(c->program->spec_constants[0].var->name.str() == "Radius");
    CHECK(c->program->spec_constants[0].default_value.as_int() == 4);
    CHECK(c->program->spec_constants[1].id == 1);
    CHECK(c->program->spec_constants[2].default_value.as_float() == 2.0);

    CompileOptions o;
    o.defines.push_back({"EXPOSURE", "1.5"});
    o.include_directories.push_back((corpus("spec") / "Common").generic_string());
    o.entry_points.push_back({"main", Stage::Pixel});
    auto post = check_file(corpus("spec/post.hlsl"), o);
    REQUIRE(post->errors() == "");
    REQUIRE(post->program->entry_points.size() == 1);
    CHECK(post->program->entry_points[0]->stage == Stage::Pixel);

    CompileOptions missing = o;
    missing.entry_points = {{"mian", Stage::Pixel}};
    auto bad = check_file(corpus("spec/post.hlsl"), missing);
    CHECK(bad->codes() == V{"OSH0317"});
    CHECK(bad->messages().find("Did you mean 'main'?") != std::string::npos);
}

TEST_CASE("check facts: entry points read globals through their calls") {
    auto c = check_text("Texture2D A : register(t0); Texture2D B : register(t1); SamplerState S : register(s0);\n"
                        "float4 Helper(float2 uv) { return B.Sample(S, uv); }\n"
                        "[shader(\"pixel\")] float4 P1(float2 uv : UV) : SV_Target { return A.Sample(S, uv); }\n"
                        "[shader(\"pixel\")] float4 P2(float2 uv : UV) : SV_Target { return Helper(uv); }\n");
    REQUIRE(c->errors() == "");
    auto names = [](const EntryPoint* e) {
        std::vector<std::string> out;
        for (const Variable* v : e->globals_used) out.emplace_back(v->name.str());
        return out;
    };
    CHECK(names(c->entry("P1")) == V{"A", "S"});
    CHECK(names(c->entry("P2")) == V{"B", "S"});
}

TEST_CASE("check facts: a body lists the globals it uses and the functions it calls once each, in first-use order") {
    // More than the sixteen a body's lists keep inline, each used twice, out of declaration order.
    std::string text;
    for (int k = 0; k < 20; ++k) text += "static float g" + std::to_string(k) + " = " + std::to_string(k) + ";\n";
    for (int k = 0; k < 20; ++k) text += "float h" + std::to_string(k) + "() { return " + std::to_string(k) + "; }\n";
    text += "float F() { float s = 0;\n";
    std::vector<std::string> order;
    for (int k = 19; k >= 0; k -= 2) order.push_back(std::to_string(k));
    for (int k = 0; k < 20; k += 2) order.push_back(std::to_string(k));
    for (int pass = 0; pass < 2; ++pass)
        for (const std::string& k : order) text += "  s += g" + k + " + h" + k + "();\n";
    text += "  return s; }\n[numthreads(1, 1, 1)] void main() { F(); }\n";
    auto c = check_text(text);
    REQUIRE(c->errors() == "");
    const Function* f = c->function("F");
    REQUIRE(f);
    std::vector<std::string> globals, callees, want_globals, want_callees;
    for (const Variable* v : f->globals_used) globals.emplace_back(v->name.str());
    for (const Function* g : f->callees) callees.emplace_back(g->name.str());
    for (const std::string& k : order) {
        want_globals.push_back("g" + k);
        want_callees.push_back("h" + k);
    }
    CHECK(globals == want_globals);
    CHECK(callees == want_callees);
}
