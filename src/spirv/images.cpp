// Textures and samplers. Textures and samplers are separate variables; each sampling instruction
// loads both handles and combines them with OpSampledImage right there, as DXC does. Sampling and
// reads produce four components in SPIR-V; the IR's narrower result types take what they need.
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

using ir::Opcode;
using spv::Op;

std::uint32_t size_components(const sema::ResourceType* r) {
    using sema::ResourceKind;
    std::uint32_t n = sema::texture_coordinate_count(r->resource);
    if (r->resource == ResourceKind::TextureCube || r->resource == ResourceKind::TextureCubeArray) n = 2;
    if (sema::is_typed_buffer(r->resource)) n = 1;
    return n + (sema::is_arrayed(r->resource) ? 1 : 0);
}

}  // namespace

Id Emitter::narrow_texel(Id v4, const sema::Type* component, const sema::Type* wanted, Id result) {
    std::uint32_t n = sema::component_count(wanted);
    (void)component;
    if (n == 4) return result ? op_result(Op::OpCopyObject, value_type(wanted), {v4}, result) : v4;
    if (n == 1) return op_result(Op::OpCompositeExtract, value_type(wanted), {v4, 0u}, result);
    Operands ops{v4, v4};
    for (std::uint32_t k = 0; k < n; ++k) ops.push_back(k);
    return op_result(Op::OpVectorShuffle, value_type(wanted), ops, result);
}

bool Emitter::emit_image(const ir::Instruction* i) {
    Opcode o = i->opcode;
    if (!ir::is_texture_op(o) || o == Opcode::ByteAddressLoad || o == Opcode::ByteAddressStore ||
        o == Opcode::BufferLength)
        return false;
    bool implicit_lod = o == Opcode::TextureSample || o == Opcode::TextureSampleBias ||
                        o == Opcode::TextureSampleCompare || o == Opcode::TextureQueryLod;
    if (implicit_lod && stage() != ir::ShaderStage::Pixel) {
        fail(support::DiagCode::spirv_wrong_stage,
             "SPIR-V: '" + std::string(ir::mnemonic(o)) +
                 "' needs implicit derivatives, which only pixel shaders have; use SampleLevel or SampleGrad");
        return true;
    }
    const sema::ResourceType* r = nullptr;
    Id image = load_handle(i->operands[0], &r);
    if (!image || !r) return true;
    const PointerInfo* ip = pointer(i->operands[0]);
    Id image_type = ip->spirv_pointee;
    bool nonuniform = ip->nonuniform;
    const sema::ScalarType* component = r->element ? sema::component_type(r->element) : types().scalar(sema::ScalarKind::Float);
    Id texel4 = type_vector(type_scalar(component), 4);

    // Image operands: a mask, then the operands in mask-bit order.
    std::uint32_t mask = 0;
    Operands operands;
    auto add_const_offset = [&](std::span<const std::int64_t> offset) {
        if (offset.empty()) return;
        std::uint32_t n = sema::texture_coordinate_count(r->resource);
        Operands parts;
        for (std::uint32_t k = 0; k < n; ++k) parts.push_back(constant_i32(static_cast<std::int32_t>(k < offset.size() ? offset[k] : 0)));
        Id off = n == 1 ? parts[0] : constant_composite(type_vector(type_int(32, true), n), parts);
        mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::ConstOffset);
        operands.push_back(off);
    };
    auto with_operands = [&](Operands ops) {
        if (mask) {
            ops.push_back(mask);
            ops.insert(ops.end(), operands.begin(), operands.end());
        }
        return ops;
    };
    auto sampled = [&]() -> Id {
        Id sampler = load_handle(i->operands[1]);
        const PointerInfo* sp = pointer(i->operands[1]);
        Id si = op_result(Op::OpSampledImage, sampled_image_type(image_type), {image, sampler});
        if (nonuniform || (sp && sp->nonuniform)) decorate(si, spv::Decoration::NonUniform);
        return si;
    };
    std::span<const std::int64_t> imm(i->immediates);
    // A result struct {code, texel} is the sparse form: the instruction gives the residency code too.
    const auto* sparse = i->type()->as<sema::StructType>();
    const sema::Type* want = sparse ? sparse->members[1].type : i->type();
    if (sparse) capability(spv::Capability::SparseResidency);
    // Emits `plain`, or `sparse_op` when sparse, giving a texel of type `natural`; `narrow` turns that texel
    // into the IR's texel type.
    auto emit = [&](Op plain, Op sparse_op, Id natural, const Operands& ops, auto narrow) {
        if (!sparse) {
            Id v = op_result(plain, natural, ops);
            define(i, narrow(v));
            return;
        }
        Id code_type = type_int(32, false);
        Id pair_type = type_struct({code_type, natural});
        Id pair = op_result(sparse_op, pair_type, ops);
        Id code = op_result(Op::OpCompositeExtract, code_type, {pair, 0u});
        Id texel = op_result(Op::OpCompositeExtract, natural, {pair, 1u});
        Id narrowed = narrow(texel);
        Id result_type = value_type(i->type());
        define(i, op_result(Op::OpCompositeConstruct, result_type, {code, narrowed}));
    };
    auto narrow4 = [&](Id v4) { return narrow_texel(v4, component, want, 0); };
    auto as_is = [](Id v) { return v; };
    // The level-of-detail clamp (MinLod) is the operand after the fixed ones; it follows ConstOffset in the mask.
    auto add_min_lod = [&](std::size_t fixed) {
        if (i->operands.size() <= fixed) return;
        capability(spv::Capability::MinLod);
        mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::MinLod);
        operands.push_back(value(i->operands[fixed]));
    };

    switch (o) {
    case Opcode::TextureSample:
    case Opcode::TextureSampleBias:
    case Opcode::TextureSampleLevel:
    case Opcode::TextureSampleGrad: {
        Id si = sampled();
        Id coord = value(i->operands[2]);
        if (o == Opcode::TextureSampleBias) {
            mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::Bias);
            operands.push_back(value(i->operands[3]));
        } else if (o == Opcode::TextureSampleLevel) {
            mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::Lod);
            operands.push_back(value(i->operands[3]));
        } else if (o == Opcode::TextureSampleGrad) {
            mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::Grad);
            operands.push_back(value(i->operands[3]));
            operands.push_back(value(i->operands[4]));
        }
        add_const_offset(imm);
        add_min_lod(o == Opcode::TextureSample ? 3 : o == Opcode::TextureSampleGrad ? 5 : 4);
        bool implicit = o == Opcode::TextureSample || o == Opcode::TextureSampleBias;
        emit(implicit ? Op::OpImageSampleImplicitLod : Op::OpImageSampleExplicitLod,
             implicit ? Op::OpImageSparseSampleImplicitLod : Op::OpImageSparseSampleExplicitLod, texel4,
             with_operands({si, coord}), narrow4);
        return true;
    }
    case Opcode::TextureSampleCompare:
    case Opcode::TextureSampleCompareLevelZero: {
        Id si = sampled();
        Id coord = value(i->operands[2]);
        Id dref = value(i->operands[3]);
        if (o == Opcode::TextureSampleCompareLevelZero) {
            mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::Lod);
            operands.push_back(constant_f32(0.0f));
        }
        add_const_offset(imm);
        if (o == Opcode::TextureSampleCompare) add_min_lod(4);
        bool implicit = o == Opcode::TextureSampleCompare;
        Id scalar_type = type_scalar(component);
        emit(implicit ? Op::OpImageSampleDrefImplicitLod : Op::OpImageSampleDrefExplicitLod,
             implicit ? Op::OpImageSparseSampleDrefImplicitLod : Op::OpImageSparseSampleDrefExplicitLod, scalar_type,
             with_operands({si, coord, dref}), as_is);
        return true;
    }
    case Opcode::TextureGather:
    case Opcode::TextureGatherCompare: {
        Id si = sampled();
        Id coord = value(i->operands[2]);
        Id third = 0;
        if (o == Opcode::TextureGather) {
            third = constant_u32(imm.empty() ? 0u : static_cast<std::uint32_t>(imm[0]));
            if (!imm.empty()) imm = imm.subspan(1);
        } else {
            third = value(i->operands[3]);
        }
        add_const_offset(imm);
        bool plain_gather = o == Opcode::TextureGather;
        Id gathered_type = value_type(want);
        emit(plain_gather ? Op::OpImageGather : Op::OpImageDrefGather,
             plain_gather ? Op::OpImageSparseGather : Op::OpImageSparseDrefGather, gathered_type,
             with_operands({si, coord, third}), as_is);
        return true;
    }
    case Opcode::TextureQueryLod: {
        capability(spv::Capability::ImageQuery);
        Id si = sampled();
        Id lod_type = type_vector(type_float(32), 2);  // before the operand: arguments run in any order
        Id v = op_result(Op::OpImageQueryLod, lod_type, {si, value(i->operands[2])});
        define(i, v);
        return true;
    }
    case Opcode::TextureLoad: {
        bool storage = sema::is_storage_texture(r->resource) || r->resource == sema::ResourceKind::RWBuffer;
        Id coord = value(i->operands[1]);
        if (sema::is_subpass_input(r->resource)) {
            if (stage() != ir::ShaderStage::Pixel) {
                fail(support::DiagCode::spirv_wrong_stage,
                     "SPIR-V: SubpassLoad reads an input attachment, which only pixel shaders have");
                return true;
            }
            // The coordinate is (0, 0), relative to the fragment; SubpassInputMS names the sample.
            if (i->operands.size() > 2) {
                mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::Sample);
                operands.push_back(value(i->operands[2]));
            }
            emit(Op::OpImageRead, Op::OpImageSparseRead, texel4, with_operands({image, coord}), narrow4);
            return true;
        }
        if (storage) {
            emit(Op::OpImageRead, Op::OpImageSparseRead, texel4, {image, coord}, narrow4);
            return true;
        }
        // Mask-bit order: Lod (0x2), ConstOffset (0x8), Sample (0x40).
        if (sema::is_multisampled(r->resource)) {
            add_const_offset(imm);
            mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::Sample);
            operands.push_back(i->operands.size() > 2 ? value(i->operands[2]) : constant_i32(0));
        } else {
            if (!sema::is_typed_buffer(r->resource)) {
                mask |= static_cast<std::uint32_t>(spv::ImageOperandsMask::Lod);
                operands.push_back(i->operands.size() > 2 ? value(i->operands[2]) : constant_i32(0));
            }
            add_const_offset(imm);
        }
        emit(Op::OpImageFetch, Op::OpImageSparseFetch, texel4, with_operands({image, coord}), narrow4);
        return true;
    }
    case Opcode::TextureStore:
        op(Op::OpImageWrite, {image, value(i->operands[1]), value(i->operands[2])});
        return true;
    case Opcode::TextureQuerySize: {
        capability(spv::Capability::ImageQuery);
        std::uint32_t n = size_components(r);
        const sema::Type* asked = i->type()->value_type();
        const sema::ScalarType* s = sema::component_type(asked);
        Id natural = type_vector(s ? type_scalar(s) : type_int(32, false), n);
        bool with_lod = !sema::is_storage_texture(r->resource) && !sema::is_multisampled(r->resource) &&
                        !sema::is_typed_buffer(r->resource);
        Id v = with_lod ? op_result(Op::OpImageQuerySizeLod, natural,
                                    {image, i->operands.size() > 1 ? value(i->operands[1]) : constant_u32(0)})
                        : op_result(Op::OpImageQuerySize, natural, {image});
        std::uint32_t wanted = sema::component_count(asked);
        if (wanted == n) {
            define(i, v);
        } else if (wanted == 1) {
            define(i, op_result(Op::OpCompositeExtract, value_type(asked), {v, 0u}));
        } else if (wanted < n) {
            Operands ops{v, v};
            for (std::uint32_t k = 0; k < wanted; ++k) ops.push_back(k);
            define(i, op_result(Op::OpVectorShuffle, value_type(asked), ops));
        } else {
            fail(support::DiagCode::spirv_malformed_input, "a texture size query with more components than the texture has");
        }
        return true;
    }
    case Opcode::TextureQueryLevels:
    case Opcode::TextureQuerySamples: {
        capability(spv::Capability::ImageQuery);
        Op spv_op = o == Opcode::TextureQueryLevels ? Op::OpImageQueryLevels : Op::OpImageQuerySamples;
        define(i, op_result(spv_op, value_type(i->type()), {image}));
        return true;
    }
    default: return false;
    }
}

}  // namespace oneshader::spirv
