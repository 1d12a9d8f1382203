// HLSL intrinsics that reach the backend as CallIntrinsic. Most are one GLSL.std.450 instruction
// chosen by the operand's numeric class (the table below); the rest are core instructions or
// short sequences, written as DXC writes them. An intrinsic not listed is OSH5004.
#include <spirv/unified1/GLSL.std.450.h>

#include <array>
#include <bit>
#include <string_view>

#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

using spv::Op;

constexpr int kNone = -1;

// One GLSL.std.450 instruction per numeric class of the first operand; kNone where HLSL has no
// overload (the front end rejects those calls, so reaching one here is malformed input).
struct GlslEntry {
    std::string_view name;
    int float_op;
    int signed_op;
    int unsigned_op;
};

constexpr std::array kGlsl = {
    GlslEntry{"abs", GLSLstd450FAbs, GLSLstd450SAbs, kNone},
    GlslEntry{"floor", GLSLstd450Floor, kNone, kNone},
    GlslEntry{"ceil", GLSLstd450Ceil, kNone, kNone},
    GlslEntry{"round", GLSLstd450RoundEven, kNone, kNone},
    GlslEntry{"trunc", GLSLstd450Trunc, kNone, kNone},
    GlslEntry{"frac", GLSLstd450Fract, kNone, kNone},
    GlslEntry{"sqrt", GLSLstd450Sqrt, kNone, kNone},
    GlslEntry{"rsqrt", GLSLstd450InverseSqrt, kNone, kNone},
    GlslEntry{"exp", GLSLstd450Exp, kNone, kNone},
    GlslEntry{"exp2", GLSLstd450Exp2, kNone, kNone},
    GlslEntry{"log", GLSLstd450Log, kNone, kNone},
    GlslEntry{"log2", GLSLstd450Log2, kNone, kNone},
    GlslEntry{"pow", GLSLstd450Pow, kNone, kNone},
    GlslEntry{"sin", GLSLstd450Sin, kNone, kNone},
    GlslEntry{"cos", GLSLstd450Cos, kNone, kNone},
    GlslEntry{"tan", GLSLstd450Tan, kNone, kNone},
    GlslEntry{"asin", GLSLstd450Asin, kNone, kNone},
    GlslEntry{"acos", GLSLstd450Acos, kNone, kNone},
    GlslEntry{"atan", GLSLstd450Atan, kNone, kNone},
    GlslEntry{"atan2", GLSLstd450Atan2, kNone, kNone},
    GlslEntry{"sinh", GLSLstd450Sinh, kNone, kNone},
    GlslEntry{"cosh", GLSLstd450Cosh, kNone, kNone},
    GlslEntry{"tanh", GLSLstd450Tanh, kNone, kNone},
    GlslEntry{"min", GLSLstd450FMin, GLSLstd450SMin, GLSLstd450UMin},
    GlslEntry{"max", GLSLstd450FMax, GLSLstd450SMax, GLSLstd450UMax},
    GlslEntry{"clamp", GLSLstd450FClamp, GLSLstd450SClamp, GLSLstd450UClamp},
    GlslEntry{"lerp", GLSLstd450FMix, kNone, kNone},
    GlslEntry{"step", GLSLstd450Step, kNone, kNone},
    GlslEntry{"smoothstep", GLSLstd450SmoothStep, kNone, kNone},
    GlslEntry{"fma", GLSLstd450Fma, kNone, kNone},
    GlslEntry{"length", GLSLstd450Length, kNone, kNone},
    GlslEntry{"distance", GLSLstd450Distance, kNone, kNone},
    GlslEntry{"normalize", GLSLstd450Normalize, kNone, kNone},
    GlslEntry{"cross", GLSLstd450Cross, kNone, kNone},
    GlslEntry{"reflect", GLSLstd450Reflect, kNone, kNone},
    GlslEntry{"refract", GLSLstd450Refract, kNone, kNone},
    GlslEntry{"degrees", GLSLstd450Degrees, kNone, kNone},
    GlslEntry{"radians", GLSLstd450Radians, kNone, kNone},
    GlslEntry{"determinant", GLSLstd450Determinant, kNone, kNone},
    GlslEntry{"firstbithigh", kNone, GLSLstd450FindSMsb, GLSLstd450FindUMsb},
    GlslEntry{"firstbitlow", kNone, GLSLstd450FindILsb, GLSLstd450FindILsb},
};

// Core instructions that take the operands as they are.
struct CoreEntry {
    std::string_view name;
    Op op;
    bool pixel_only;
};

constexpr std::array kCore = {
    CoreEntry{"isnan", Op::OpIsNan, false},
    CoreEntry{"isinf", Op::OpIsInf, false},
    CoreEntry{"transpose", Op::OpTranspose, false},
    CoreEntry{"countbits", Op::OpBitCount, false},
    CoreEntry{"reversebits", Op::OpBitReverse, false},
    CoreEntry{"ddx", Op::OpDPdx, true},
    CoreEntry{"ddy", Op::OpDPdy, true},
    CoreEntry{"ddx_coarse", Op::OpDPdxCoarse, true},
    CoreEntry{"ddy_coarse", Op::OpDPdyCoarse, true},
    CoreEntry{"ddx_fine", Op::OpDPdxFine, true},
    CoreEntry{"ddy_fine", Op::OpDPdyFine, true},
    CoreEntry{"fwidth", Op::OpFwidth, true},
    CoreEntry{"asuint", Op::OpBitcast, false},
    CoreEntry{"asint", Op::OpBitcast, false},
    CoreEntry{"asfloat", Op::OpBitcast, false},
};

// Wave intrinsics: GroupNonUniform instructions at Subgroup scope. `group` is the operation
// (Reduce, ExclusiveScan) for arithmetic ones, or -1.
struct WaveEntry {
    std::string_view name;
    Op float_op;
    Op signed_op;
    Op unsigned_op;
    int group;
    spv::Capability capability;
};

constexpr int kReduce = static_cast<int>(spv::GroupOperation::Reduce);
constexpr int kScan = static_cast<int>(spv::GroupOperation::ExclusiveScan);

constexpr std::array kWave = {
    WaveEntry{"WaveActiveAnyTrue", Op::OpGroupNonUniformAny, Op::OpGroupNonUniformAny, Op::OpGroupNonUniformAny, -1,
              spv::Capability::GroupNonUniformVote},
    WaveEntry{"WaveActiveAllTrue", Op::OpGroupNonUniformAll, Op::OpGroupNonUniformAll, Op::OpGroupNonUniformAll, -1,
              spv::Capability::GroupNonUniformVote},
    WaveEntry{"WaveActiveAllEqual", Op::OpGroupNonUniformAllEqual, Op::OpGroupNonUniformAllEqual,
              Op::OpGroupNonUniformAllEqual, -1, spv::Capability::GroupNonUniformVote},
    WaveEntry{"WaveActiveBallot", Op::OpGroupNonUniformBallot, Op::OpGroupNonUniformBallot, Op::OpGroupNonUniformBallot,
              -1, spv::Capability::GroupNonUniformBallot},
    WaveEntry{"WaveReadLaneFirst", Op::OpGroupNonUniformBroadcastFirst, Op::OpGroupNonUniformBroadcastFirst,
              Op::OpGroupNonUniformBroadcastFirst, -1, spv::Capability::GroupNonUniformBallot},
    WaveEntry{"WaveReadLaneAt", Op::OpGroupNonUniformShuffle, Op::OpGroupNonUniformShuffle, Op::OpGroupNonUniformShuffle,
              -1, spv::Capability::GroupNonUniformShuffle},
    WaveEntry{"WaveActiveSum", Op::OpGroupNonUniformFAdd, Op::OpGroupNonUniformIAdd, Op::OpGroupNonUniformIAdd, kReduce,
              spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WaveActiveProduct", Op::OpGroupNonUniformFMul, Op::OpGroupNonUniformIMul, Op::OpGroupNonUniformIMul,
              kReduce, spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WaveActiveMin", Op::OpGroupNonUniformFMin, Op::OpGroupNonUniformSMin, Op::OpGroupNonUniformUMin, kReduce,
              spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WaveActiveMax", Op::OpGroupNonUniformFMax, Op::OpGroupNonUniformSMax, Op::OpGroupNonUniformUMax, kReduce,
              spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WaveActiveBitAnd", Op::OpNop, Op::OpGroupNonUniformBitwiseAnd, Op::OpGroupNonUniformBitwiseAnd, kReduce,
              spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WaveActiveBitOr", Op::OpNop, Op::OpGroupNonUniformBitwiseOr, Op::OpGroupNonUniformBitwiseOr, kReduce,
              spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WaveActiveBitXor", Op::OpNop, Op::OpGroupNonUniformBitwiseXor, Op::OpGroupNonUniformBitwiseXor, kReduce,
              spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WavePrefixSum", Op::OpGroupNonUniformFAdd, Op::OpGroupNonUniformIAdd, Op::OpGroupNonUniformIAdd, kScan,
              spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"WavePrefixProduct", Op::OpGroupNonUniformFMul, Op::OpGroupNonUniformIMul, Op::OpGroupNonUniformIMul,
              kScan, spv::Capability::GroupNonUniformArithmetic},
    WaveEntry{"QuadReadLaneAt", Op::OpGroupNonUniformQuadBroadcast, Op::OpGroupNonUniformQuadBroadcast,
              Op::OpGroupNonUniformQuadBroadcast, -1, spv::Capability::GroupNonUniformQuad},
};

template <class Table>
auto find(const Table& table, std::string_view name) -> const typename Table::value_type* {
    for (const auto& e : table)
        if (e.name == name) return &e;
    return nullptr;
}

}  // namespace

bool Emitter::emit_intrinsic(const ir::Instruction* i) {
    if (i->opcode != ir::Opcode::CallIntrinsic) return false;
    std::string_view n = i->intrinsic;
    const sema::Type* result = i->type()->value_type();
    Id type = value_type(result);
    auto arg = [&](std::size_t k) { return value(i->operands[k]); };
    auto args = [&]() {
        Operands out;
        for (std::size_t k = 0; k < i->operands.size(); ++k) out.push_back(arg(k));
        return out;
    };
    const sema::Type* first = i->operands.empty() ? nullptr : i->operands[0]->type()->value_type();
    auto pixel_only = [&]() {
        if (stage() == ir::ShaderStage::Pixel) return true;
        fail(support::DiagCode::spirv_wrong_stage,
             "SPIR-V: '" + std::string(n) + "' needs derivatives, which only pixel shaders have");
        return false;
    };

    if (const GlslEntry* g = find(kGlsl, n); g && first) {
        int glsl_op = sema::is_float(first) ? g->float_op : sema::is_signed(first) ? g->signed_op : g->unsigned_op;
        if (n == "abs" && sema::is_integer(first) && !sema::is_signed(first)) {
            define(i, arg(0));  // |x| of an unsigned value is x
            return true;
        }
        if (glsl_op == kNone) {
            fail(support::DiagCode::spirv_malformed_input,
                 "SPIR-V: '" + std::string(n) + "' has no overload for operands of this type");
            return true;
        }
        if (n == "firstbithigh" || n == "firstbitlow") {
            // FindMsb/FindLsb answer in the operand's type; HLSL answers in uint.
            Id r = ext_inst(value_type(first), static_cast<std::uint32_t>(glsl_op), args());
            define(i, value_type(first) == type ? r : op_result(Op::OpBitcast, type, {r}));
            return true;
        }
        Id r = ext_inst(type, static_cast<std::uint32_t>(glsl_op), args());
        if (i->precise) decorate(r, spv::Decoration::NoContraction);
        define(i, r);
        return true;
    }
    if (const CoreEntry* c = find(kCore, n); c && first) {
        if (c->pixel_only && !pixel_only()) return true;
        if (c->op == Op::OpBitcast && (bits_of(first) != bits_of(result) || !sema::is_basic(first))) {
            unsupported("'" + std::string(n) + "' between types of different widths");
            return true;
        }
        if (c->op == Op::OpBitcast && value_type(first) == type) {
            define(i, arg(0));
            return true;
        }
        define(i, op_result(c->op, type, {arg(0)}));
        return true;
    }
    if (n == "sign" && first) {
        bool f = sema::is_float(first);
        Id r = ext_inst(value_type(first), f ? GLSLstd450FSign : GLSLstd450SSign, args());
        // HLSL's sign answers in int whatever the operand.
        define(i, value_type(first) == type ? r : op_result(f ? Op::OpConvertFToS : Op::OpBitcast, type, {r}));
        return true;
    }
    if (n == "saturate" && first) {
        define(i, ext_inst(type, GLSLstd450FClamp,
                           {arg(0), constant_splat(result, bits_of(result) == 64 ? 0 : 0),
                            constant_splat(result, bits_of(result) == 64 ? 0x3FF0000000000000ull
                                                   : bits_of(result) == 16 ? 0x3C00u
                                                                           : 0x3F800000u)}));
        return true;
    }
    if (n == "rcp" && first) {
        std::uint64_t one = bits_of(result) == 64 ? 0x3FF0000000000000ull : bits_of(result) == 16 ? 0x3C00u : 0x3F800000u;
        define(i, op_result(Op::OpFDiv, type, {constant_splat(result, one), arg(0)}));
        return true;
    }
    if (n == "log10" && first) {
        // log10(x) = log2(x) * log10(2), as DXC writes it.
        Id l = ext_inst(type, GLSLstd450Log2, {arg(0)});
        Id k = constant_splat(result, std::bit_cast<std::uint32_t>(0.30103f));
        define(i, op_result(sema::is_float(result) && result->is<sema::ScalarType>() ? Op::OpFMul : Op::OpVectorTimesScalar,
                            type, {l, result->is<sema::ScalarType>() ? k : constant_f32(0.30103f)}));
        return true;
    }
    if (n == "isfinite" && first) {
        Id a = op_result(Op::OpIsNan, type, {arg(0)});
        Id b = op_result(Op::OpIsInf, type, {arg(0)});
        Id either = op_result(Op::OpLogicalOr, type, {a, b});
        define(i, op_result(Op::OpLogicalNot, type, {either}));
        return true;
    }
    if (n == "mad" && first) {
        if (sema::is_float(first)) {
            define(i, ext_inst(type, GLSLstd450Fma, args()));
        } else {
            Id p = op_result(Op::OpIMul, type, {arg(0), arg(1)});
            define(i, op_result(Op::OpIAdd, type, {p, arg(2)}));
        }
        return true;
    }
    if (n == "dot" && first) {
        if (sema::is_float(first) && first->is<sema::VectorType>()) {
            define(i, op_result(Op::OpDot, type, {arg(0), arg(1)}));
            return true;
        }
        // Integer dot products add up component products.
        bool f = sema::is_float(first);
        std::uint32_t count = sema::component_count(first);
        if (count == 1) {
            define(i, op_result(f ? Op::OpFMul : Op::OpIMul, type, {arg(0), arg(1)}));
            return true;
        }
        Id products = op_result(Op::OpIMul, value_type(first), {arg(0), arg(1)});
        Id sum = op_result(Op::OpCompositeExtract, type, {products, 0u});
        for (std::uint32_t k = 1; k < count; ++k)
            sum = op_result(Op::OpIAdd, type, {sum, op_result(Op::OpCompositeExtract, type, {products, k})});
        define(i, sum);
        return true;
    }
    if ((n == "any" || n == "all") && first) {
        Id v = arg(0);
        std::uint32_t count = sema::component_count(first);
        if (!sema::is_bool(first)) {
            const sema::Type* bool_type = count == 1 ? static_cast<const sema::Type*>(types().scalar(sema::ScalarKind::Bool))
                                                     : types().vector(sema::ScalarKind::Bool, count);
            v = convert_value(v, first, bool_type);
        }
        define(i, count == 1 ? v : op_result(n == "any" ? Op::OpAny : Op::OpAll, type, {v}));
        return true;
    }
    if (n == "ldexp" && first) {
        Id e = ext_inst(value_type(first), GLSLstd450Exp2, {arg(1)});
        define(i, op_result(Op::OpFMul, type, {arg(0), e}));
        return true;
    }
    if ((n == "modf" || n == "sincos" || n == "frexp") && first) {
        for (std::size_t k = 1; k < i->operands.size(); ++k) {
            const PointerInfo* p = pointer(i->operands[k]);
            if (!p || p->layout) {
                unsupported("'" + std::string(n) + "' writing to this kind of memory");
                return true;
            }
        }
        if (n == "modf") {
            define(i, ext_inst(type, GLSLstd450Modf, {arg(0), pointer(i->operands[1])->id}));
        } else if (n == "sincos") {
            Id s = ext_inst(value_type(first), GLSLstd450Sin, {arg(0)});
            Id c = ext_inst(value_type(first), GLSLstd450Cos, {arg(0)});
            op(Op::OpStore, {pointer(i->operands[1])->id, s});
            op(Op::OpStore, {pointer(i->operands[2])->id, c});
        } else {
            // GLSL's exponent is an int; HLSL's has the operand's float type.
            std::uint32_t count = sema::component_count(first);
            Id int_type = type_vector(type_int(32, true), count);
            Id pair = type_struct({value_type(first), int_type});
            Id s = ext_inst(pair, GLSLstd450FrexpStruct, {arg(0)});
            Id mantissa = op_result(Op::OpCompositeExtract, value_type(first), {s, 0u});
            Id exponent = op_result(Op::OpCompositeExtract, int_type, {s, 1u});
            op(Op::OpStore, {pointer(i->operands[1])->id, op_result(Op::OpConvertSToF, value_type(first), {exponent})});
            define(i, mantissa);
        }
        return true;
    }
    if (n == "f32tof16" && first && first->is<sema::ScalarType>()) {
        Id v2 = op_result(Op::OpCompositeConstruct, type_vector(type_float(32), 2), {arg(0), constant_f32(0.0f)});
        define(i, ext_inst(type, GLSLstd450PackHalf2x16, {v2}));
        return true;
    }
    if (n == "f16tof32" && first && first->is<sema::ScalarType>()) {
        Id v2 = ext_inst(type_vector(type_float(32), 2), GLSLstd450UnpackHalf2x16, {arg(0)});
        define(i, op_result(Op::OpCompositeExtract, type, {v2, 0u}));
        return true;
    }
    // HLSL's barrier intrinsics, as flags of the IR's barrier.
    struct BarrierName {
        std::string_view name;
        std::uint32_t flags;
    };
    constexpr std::array kBarriers = {
        BarrierName{"AllMemoryBarrier", ir::kBarrierWorkgroupMemory | ir::kBarrierDeviceMemory},
        BarrierName{"AllMemoryBarrierWithGroupSync",
                    ir::kBarrierWorkgroupMemory | ir::kBarrierDeviceMemory | ir::kBarrierGroupSync},
        BarrierName{"DeviceMemoryBarrier", ir::kBarrierDeviceMemory},
        BarrierName{"DeviceMemoryBarrierWithGroupSync", ir::kBarrierDeviceMemory | ir::kBarrierGroupSync},
        BarrierName{"GroupMemoryBarrier", ir::kBarrierWorkgroupMemory},
        BarrierName{"GroupMemoryBarrierWithGroupSync", ir::kBarrierWorkgroupMemory | ir::kBarrierGroupSync},
    };
    for (const BarrierName& b : kBarriers) {
        if (b.name != n) continue;
        ir::Instruction barrier(ir::Opcode::Barrier, i->type());
        barrier.immediates.push_back(b.flags);
        return emit_atomic(&barrier);
    }

    // Wave and quad operations.
    Id subgroup = constant_u32(static_cast<std::uint32_t>(spv::Scope::Subgroup));
    auto wave = [&](spv::Capability c) {
        capability(spv::Capability::GroupNonUniform);
        capability(c);
    };
    if (n == "WaveGetLaneIndex" || n == "WaveGetLaneCount") {
        // DXC reads the SubgroupLocalInvocationId / SubgroupSize built-ins (GroupNonUniform).
        wave(spv::Capability::GroupNonUniform);
        bool index = n == "WaveGetLaneIndex";
        Id var = builtin_input(index ? spv::BuiltIn::SubgroupLocalInvocationId : spv::BuiltIn::SubgroupSize,
                               type_int(32, false), index ? "gl_SubgroupInvocationID" : "gl_SubgroupSize");
        define(i, op_result(Op::OpLoad, type, {var}));
        return true;
    }
    if (n == "WaveIsFirstLane") {
        wave(spv::Capability::GroupNonUniform);
        define(i, op_result(Op::OpGroupNonUniformElect, type, {subgroup}));
        return true;
    }
    if ((n == "WaveActiveCountBits" || n == "WavePrefixCountBits") && first) {
        wave(spv::Capability::GroupNonUniformBallot);
        Id ballot = op_result(Op::OpGroupNonUniformBallot, type_vector(type_int(32, false), 4), {subgroup, arg(0)});
        auto group = n == "WaveActiveCountBits" ? spv::GroupOperation::Reduce : spv::GroupOperation::ExclusiveScan;
        define(i, op_result(Op::OpGroupNonUniformBallotBitCount, type,
                            {subgroup, static_cast<std::uint32_t>(group), ballot}));
        return true;
    }
    if (n.starts_with("QuadReadAcross") && first) {
        std::uint32_t direction = n == "QuadReadAcrossX" ? 0 : n == "QuadReadAcrossY" ? 1 : 2;
        wave(spv::Capability::GroupNonUniformQuad);
        define(i, op_result(Op::OpGroupNonUniformQuadSwap, type, {subgroup, arg(0), constant_u32(direction)}));
        return true;
    }
    if (const WaveEntry* w = find(kWave, n); w && first) {
        Op wop = sema::is_float(first) ? w->float_op : sema::is_signed(first) ? w->signed_op : w->unsigned_op;
        if (wop == Op::OpNop) {
            fail(support::DiagCode::spirv_malformed_input,
                 "SPIR-V: '" + std::string(n) + "' has no overload for operands of this type");
            return true;
        }
        wave(w->capability);
        Operands ops{subgroup};
        if (w->group >= 0) ops.push_back(static_cast<std::uint32_t>(w->group));
        for (Id a : args()) ops.push_back(a);
        define(i, op_result(wop, type, ops));
        return true;
    }
    fail(support::DiagCode::spirv_unknown_intrinsic,
         "SPIR-V: the intrinsic '" + std::string(n) + "' has no SPIR-V mapping");
    return true;
}

}  // namespace oneshader::spirv
