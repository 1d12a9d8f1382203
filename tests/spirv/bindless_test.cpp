// Unbounded resource arrays (`Texture2D t[]`) through the whole compiler, checked against what DXC
// writes for Vulkan: each is one OpVariable of an OpTypeRuntimeArray of the resource type at one
// binding (the next implicit binding follows it), with the RuntimeDescriptorArray capability and,
// before SPIR-V 1.5, SPV_EXT_descriptor_indexing. NonUniformResourceIndex decorates what DXC
// decorates (tools/clang/test/CodeGenSPIRV/intrinsics.non-uniform-resource-index.hlsl): the index
// copy, arithmetic on it, the access chain, the loaded handle, the sampled image, the texel pointer
// and the atomic, and loads through a non-uniformly chosen buffer. The facts are read back from the
// words, optimized and not, for Vulkan 1.2 and 1.0, and every module passes the validator.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <spirv/unified1/spirv.hpp11>
#include <string>
#include <vector>

#include "diagnostics_text.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace {

using Id = std::uint32_t;

// What these tests read from a module: capabilities, extensions, names, descriptor decorations,
// NonUniform ids, and each result id's instruction.
struct Facts {
    struct Instruction {
        spv::Op op = spv::Op::OpNop;
        std::vector<std::uint32_t> operands;  // after the result type and id (or all words, with none)
    };
    std::set<spv::Capability> capabilities;
    std::set<std::string> extensions;
    std::map<std::string, Id> names;
    std::map<Id, std::uint32_t> sets, bindings;
    std::set<Id> nonuniform;
    std::map<Id, Instruction> defs;
    std::vector<Instruction> body;  // every instruction with a result, in order

    const Instruction* def(Id id) const {
        auto it = defs.find(id);
        return it == defs.end() ? nullptr : &it->second;
    }
    Id named(const std::string& name) const {
        auto it = names.find(name);
        return it == names.end() ? 0 : it->second;
    }
    // The type a variable points at.
    const Instruction* pointee(Id variable) const {
        const Instruction* ptr = def(result_type_of(variable));
        return ptr && ptr->op == spv::Op::OpTypePointer && ptr->operands.size() == 2 ? def(ptr->operands[1]) : nullptr;
    }
    std::map<Id, Id> result_types;
    Id result_type_of(Id id) const {
        auto it = result_types.find(id);
        return it == result_types.end() ? 0 : it->second;
    }
};

std::string string_at(const std::vector<std::uint32_t>& w, std::size_t at, std::size_t end) {
    std::string s;
    for (std::size_t i = at; i < end; ++i)
        for (int b = 0; b < 4; ++b) {
            char c = static_cast<char>((w[i] >> (8 * b)) & 0xFF);
            if (c == 0) return s;
            s += c;
        }
    return s;
}

// Whether an opcode has a result type and a result id (the ones these shaders use).
bool has_type_and_result(spv::Op op) {
    switch (op) {
    case spv::Op::OpVariable: case spv::Op::OpLoad: case spv::Op::OpAccessChain: case spv::Op::OpCopyObject:
    case spv::Op::OpIAdd: case spv::Op::OpISub: case spv::Op::OpIMul: case spv::Op::OpUMod: case spv::Op::OpUDiv:
    case spv::Op::OpBitcast: case spv::Op::OpSampledImage: case spv::Op::OpImageTexelPointer:
    case spv::Op::OpAtomicIAdd: case spv::Op::OpImageSampleImplicitLod: case spv::Op::OpImageRead:
    case spv::Op::OpImageFetch: case spv::Op::OpConstant: case spv::Op::OpShiftRightLogical:
    case spv::Op::OpFunctionParameter: case spv::Op::OpFunctionCall:
        return true;
    default: return false;
    }
}

Facts read_facts(const std::vector<std::uint32_t>& w) {
    Facts f;
    for (std::size_t at = 5; at < w.size();) {
        const std::uint32_t count = w[at] >> 16;
        const auto op = static_cast<spv::Op>(w[at] & 0xFFFF);
        if (count == 0 || at + count > w.size()) break;
        const std::size_t end = at + count;
        switch (op) {
        case spv::Op::OpCapability: f.capabilities.insert(static_cast<spv::Capability>(w[at + 1])); break;
        case spv::Op::OpExtension: f.extensions.insert(string_at(w, at + 1, end)); break;
        case spv::Op::OpName: f.names[string_at(w, at + 2, end)] = w[at + 1]; break;
        case spv::Op::OpDecorate: {
            const auto d = static_cast<spv::Decoration>(w[at + 2]);
            if (d == spv::Decoration::DescriptorSet) f.sets[w[at + 1]] = w[at + 3];
            if (d == spv::Decoration::Binding) f.bindings[w[at + 1]] = w[at + 3];
            if (d == spv::Decoration::NonUniform) f.nonuniform.insert(w[at + 1]);
            break;
        }
        case spv::Op::OpTypeRuntimeArray: case spv::Op::OpTypeArray: case spv::Op::OpTypePointer:
        case spv::Op::OpTypeImage: case spv::Op::OpTypeSampler: case spv::Op::OpTypeStruct:
            f.defs[w[at + 1]] = {op, std::vector<std::uint32_t>(w.begin() + at + 2, w.begin() + end)};
            break;
        default:
            if (has_type_and_result(op) && count >= 3) {
                Facts::Instruction i{op, std::vector<std::uint32_t>(w.begin() + at + 3, w.begin() + end)};
                f.result_types[w[at + 2]] = w[at + 1];
                f.defs[w[at + 2]] = i;
                f.body.push_back(i);
                f.body.back().operands.insert(f.body.back().operands.begin(), w[at + 2]);  // the result first
            }
        }
        at = end;
    }
    return f;
}

struct Compiled {
    Facts facts;
    std::string text;
};

// Compiles `entry` of `source` for Vulkan 1.2 and 1.0, optimized and not, and validates all four;
// returns the one asked for.
Compiled compile(const std::string& source, oneshader::Stage stage, bool want_optimized,
                 oneshader::SpirvTargetEnv want_env = oneshader::SpirvTargetEnv::Vulkan1_2) {
    Compiled out;
    struct Env {
        spv_target_env spv;
        oneshader::SpirvTargetEnv ours;
    };
    for (Env env : {Env{SPV_ENV_VULKAN_1_2, oneshader::SpirvTargetEnv::Vulkan1_2},
                    Env{SPV_ENV_VULKAN_1_0, oneshader::SpirvTargetEnv::Vulkan1_0}})
        for (bool optimize : {false, true}) {
            oneshader::CompileOptions o;
            o.entry_points = {{"main", stage}};
            o.optimize = optimize;
            o.spirv.target_env = env.ours;
            oneshader::CompileResult r = oneshader::compile(source, "bindless.hlsl", o);
            INFO(oneshader::test::diagnostics_of(r));
            REQUIRE(r.ok());
            REQUIRE(r.blobs.size() == 1);
            std::vector<std::uint32_t> words = spirv_tools::words_of(r.blobs[0]);
            std::string text = spirv_tools::disassemble(words, env.spv);
            INFO(text);
            CHECK(spirv_tools::validate(words, env.spv) == "");
            if (optimize == want_optimized && env.ours == want_env) out = {read_facts(words), text};
        }
    return out;
}

const char* kEveryKind = R"(struct Light { float3 position; float radius; };
Texture2D<float4> Textures[];
RWStructuredBuffer<Light> Lights[];
SamplerState Samplers[];
ByteAddressBuffer Raw[];
ConstantBuffer<Light> Params[];
RWTexture2D<float4> Images[];
Buffer<float4> Texels[];
RWStructuredBuffer<float4> Output;

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    float4 t = Textures[i].SampleLevel(Samplers[i + 1], float2(0.5, 0.5), 0);
    Lights[i][0].radius += 1.0;
    float r = asfloat(Raw[i].Load(4));
    float4 img = Images[i][id.xy];
    Output[i] = t + r + Params[i].radius + img + Texels[i][i];
}
)";

}  // namespace

TEST_CASE("unbounded arrays of every resource kind are runtime arrays at one binding each", "[spirv][bindless]") {
    for (bool optimized : {false, true}) {
        INFO("optimized " << optimized);
        Compiled c = compile(kEveryKind, oneshader::Stage::Compute, optimized);
        INFO(c.text);
        const Facts& f = c.facts;
        CHECK(f.capabilities.count(spv::Capability::RuntimeDescriptorArray) == 1);
        // SPIR-V 1.5 has descriptor indexing in its core, so Vulkan 1.2 names no extension.
        CHECK(f.extensions.count("SPV_EXT_descriptor_indexing") == 0);
        std::uint32_t binding = 0;
        for (const char* name : {"Textures", "Lights", "Samplers", "Raw", "Params", "Images", "Texels"}) {
            INFO(name);
            Id v = f.named(name);
            REQUIRE(v != 0);
            const Facts::Instruction* t = f.pointee(v);
            REQUIRE(t != nullptr);
            CHECK(t->op == spv::Op::OpTypeRuntimeArray);
            // The element is the resource itself: an image, a sampler or a Block struct.
            const Facts::Instruction* element = f.def(t->operands.at(0));
            REQUIRE(element != nullptr);
            CHECK((element->op == spv::Op::OpTypeImage || element->op == spv::Op::OpTypeSampler ||
                   element->op == spv::Op::OpTypeStruct));
            // One binding each, in declaration order: the array takes one slot, not many.
            CHECK(f.sets.at(v) == 0);
            CHECK(f.bindings.at(v) == binding++);
        }
        CHECK(f.bindings.at(f.named("Output")) == binding);
        // A dynamic but uniform index: no NonUniform anywhere.
        CHECK(f.nonuniform.empty());
        CHECK(f.capabilities.count(spv::Capability::ShaderNonUniform) == 0);
    }
}

TEST_CASE("before SPIR-V 1.5 an unbounded array declares SPV_EXT_descriptor_indexing", "[spirv][bindless]") {
    Compiled c = compile(kEveryKind, oneshader::Stage::Compute, true, oneshader::SpirvTargetEnv::Vulkan1_0);
    CHECK(c.facts.capabilities.count(spv::Capability::RuntimeDescriptorArray) == 1);
    CHECK(c.facts.extensions.count("SPV_EXT_descriptor_indexing") == 1);
}

TEST_CASE("an unbounded array after an explicit register leaves the implicit bindings to the rest", "[spirv][bindless]") {
    const char* source = R"(Texture2D<float4> Textures[] : register(t3, space1);
[[vk::binding(7, 2)]] SamplerState Samplers[];
Texture2D<float4> Single;
SamplerState Linear;
float4 main(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target {
    return Textures[index].Sample(Samplers[index], uv) + Single.Sample(Linear, uv);
}
)";
    Compiled c = compile(source, oneshader::Stage::Pixel, false);
    const Facts& f = c.facts;
    INFO(c.text);
    CHECK(f.sets.at(f.named("Textures")) == 1);
    CHECK(f.bindings.at(f.named("Textures")) == 3);
    CHECK(f.sets.at(f.named("Samplers")) == 2);
    CHECK(f.bindings.at(f.named("Samplers")) == 7);
    CHECK(f.bindings.at(f.named("Single")) == 0);
    CHECK(f.bindings.at(f.named("Linear")) == 1);
}

namespace {

// DXC's NonUniformResourceIndex test, on unbounded and bounded arrays alike.
const char* kNonUniform = R"(Texture2D           gTextures[32];
SamplerState        gSamplers[];
RWTexture2D<float4> gRWTextures[];
Buffer<float4>      gBuffers[];
RWBuffer<uint>      gRWBuffers[];
RWStructuredBuffer<float4> gStructured[];

float4 main(nointerpolation uint index : A, float2 loc : B, nointerpolation int2 offset : C) : SV_Target {
    float4 v1 = gTextures[NonUniformResourceIndex(index)].Sample(gSamplers[NonUniformResourceIndex(index + 1)], loc);
    gRWTextures[NonUniformResourceIndex(index) % 3][offset] = 4;
    float4 v5 = gBuffers[NonUniformResourceIndex(index) * index][5];
    uint old = 0;
    InterlockedAdd(gRWBuffers[NonUniformResourceIndex(index) * NonUniformResourceIndex(index)][10], 1, old);
    float4 v6 = gStructured[NonUniformResourceIndex(index)][2];
    return v1 + v5 + v6 + old;
}
)";

}  // namespace

TEST_CASE("NonUniformResourceIndex decorates what DXC decorates, through arithmetic, optimized or not",
          "[spirv][bindless]") {
    for (bool optimized : {false, true}) {
        INFO("optimized " << optimized);
        Compiled c = compile(kNonUniform, oneshader::Stage::Pixel, optimized);
        INFO(c.text);
        const Facts& f = c.facts;
        using C = spv::Capability;
        for (C cap : {C::ShaderNonUniform, C::RuntimeDescriptorArray, C::SampledImageArrayNonUniformIndexing,
                      C::StorageImageArrayNonUniformIndexing, C::UniformTexelBufferArrayNonUniformIndexing,
                      C::StorageTexelBufferArrayNonUniformIndexing, C::StorageBufferArrayNonUniformIndexing}) {
            INFO(static_cast<int>(cap));
            CHECK(f.capabilities.count(cap) == 1);
        }
        auto decorated = [&](Id id) { return f.nonuniform.count(id) == 1; };
        std::set<Id> arrays;
        for (const char* n : {"gTextures", "gSamplers", "gRWTextures", "gBuffers", "gRWBuffers", "gStructured"})
            arrays.insert(f.named(n));
        std::size_t chains = 0, handle_loads = 0, sampled = 0, texel_pointers = 0, atomics = 0, umods = 0, imuls = 0,
                    copies = 0;
        std::set<Id> chain_ids;
        for (const Facts::Instruction& i : f.body) {
            const Id result = i.operands[0];
            switch (i.op) {
            case spv::Op::OpCopyObject:
                // Every copy in these shaders is a NonUniformResourceIndex.
                CHECK(decorated(result));
                ++copies;
                break;
            case spv::Op::OpAccessChain:
                if (arrays.count(i.operands[1])) {
                    // Every array here is indexed non-uniformly, except gTextures' constant-free
                    // uses: all are NonUniform, as is their index.
                    CHECK(decorated(result));
                    CHECK(decorated(i.operands[2]));
                    chain_ids.insert(result);
                    ++chains;
                } else if (chain_ids.count(i.operands[1])) {
                    CHECK(decorated(result));  // deeper into a non-uniformly chosen buffer
                    chain_ids.insert(result);
                }
                break;
            case spv::Op::OpLoad:
                if (chain_ids.count(i.operands[1])) {
                    CHECK(decorated(result));
                    ++handle_loads;
                }
                break;
            case spv::Op::OpSampledImage: CHECK(decorated(result)); ++sampled; break;
            case spv::Op::OpImageTexelPointer: CHECK(decorated(result)); ++texel_pointers; break;
            case spv::Op::OpAtomicIAdd: CHECK(decorated(result)); ++atomics; break;
            case spv::Op::OpUMod: CHECK(decorated(result)); ++umods; break;
            case spv::Op::OpIMul:
                // index * index after NonUniformResourceIndex(index): the product is non-uniform.
                CHECK(decorated(result));
                ++imuls;
                break;
            default: break;
            }
        }
        CHECK(chains >= 6);
        CHECK(handle_loads >= 5);
        CHECK(sampled == 1);
        CHECK(texel_pointers == 1);
        CHECK(atomics == 1);
        CHECK(umods == 1);
        CHECK(imuls == 2);
        CHECK(copies >= 2);
    }
}

TEST_CASE("a NonUniformResourceIndex stored in a local still reaches the access after optimization",
          "[spirv][bindless]") {
    const char* source = R"(Texture2D<float4> Textures[];
SamplerState Linear;
float4 main(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target {
    uint i = NonUniformResourceIndex(index);
    return Textures[i].Sample(Linear, uv);
}
)";
    Compiled c = compile(source, oneshader::Stage::Pixel, true);
    INFO(c.text);
    std::size_t decorated_chains = 0;
    for (const Facts::Instruction& i : c.facts.body)
        if (i.op == spv::Op::OpAccessChain && c.facts.nonuniform.count(i.operands[0])) ++decorated_chains;
    CHECK(decorated_chains == 1);
}

TEST_CASE("MSL and WGSL refuse unbounded resource arrays with their own codes", "[spirv][bindless]") {
    const char* source = R"(Texture2D<float4> Textures[];
SamplerState Linear;
float4 main(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target {
    return Textures[NonUniformResourceIndex(index)].Sample(Linear, uv);
}
)";
    for (auto [target, code] : {std::pair{oneshader::Target::Msl, "OSH5101"}, std::pair{oneshader::Target::Wgsl, "OSH5202"}}) {
        oneshader::CompileOptions o;
        o.entry_points = {{"main", oneshader::Stage::Pixel}};
        o.targets = {target};
        oneshader::CompileResult r = oneshader::compile(source, "bindless.hlsl", o);
        std::string text = oneshader::test::diagnostics_of(r);
        INFO(text);
        CHECK_FALSE(r.ok());
        CHECK(text.find(code) != std::string::npos);
        CHECK(text.find("Textures") != std::string::npos);
    }
}
