// HLSL intrinsics that reach the backend as CallIntrinsic, dispatched by id through the rows of
// intrinsics.def: one GLSL.std.450 instruction chosen by the operand's numeric class, one core
// instruction, one GroupNonUniform instruction, or a short sequence written out here as DXC
// writes it. Target-neutral rewrites (saturate, rcp, log10, mad...) are not here: the raise list
// (raise.cpp) has turned them into other IR before emission.
#include <spirv/unified1/GLSL.std.450.h>

#include <array>
#include <string_view>

#include "spirv/emitter.hpp"
#include "spirv/intrinsic_mapping.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

using IntrinsicId = intrinsics::Id;
using spv::Op;

constexpr int kNone = -1;      // no overload for this class: malformed input
constexpr int kIdentity = -2;  // the answer is the operand (abs of an unsigned value)
enum ResultForm : bool { kResultType = false, kOperandType = true };
constexpr int kNoGroup = -1;
constexpr int kReduce = static_cast<int>(spv::GroupOperation::Reduce);
constexpr int kScan = static_cast<int>(spv::GroupOperation::ExclusiveScan);

struct Row {
    IntrinsicMapping kind = IntrinsicMapping::None;
    std::array<int, 3> glsl = {kNone, kNone, kNone};           // float, signed, unsigned
    std::array<Op, 3> op = {Op::OpNop, Op::OpNop, Op::OpNop};  // core: [0]; wave: per class
    bool pixel_only = false;
    bool operand_typed = false;  // GLSL: answers in the operand's type
    int group = kNoGroup;        // wave: the GroupOperation
    spv::Capability capability = spv::Capability::Shader;
    support::DiagCode refusal = support::DiagCode::spirv_unknown_intrinsic;
    std::string_view transform;  // raised: the transform that rewrites it
};

using Rows = std::array<Row, intrinsics::kIdCount>;

consteval Row glsl_row(int f, int s, int u, bool operand_typed) {
    Row r;
    r.kind = IntrinsicMapping::Glsl;
    r.glsl = {f, s, u};
    r.operand_typed = operand_typed;
    return r;
}
consteval Row core_row(Op op, bool pixel_only) {
    Row r;
    r.kind = IntrinsicMapping::Core;
    r.op[0] = op;
    r.pixel_only = pixel_only;
    return r;
}
consteval Row wave_row(Op f, Op s, Op u, int group, spv::Capability capability) {
    Row r;
    r.kind = IntrinsicMapping::Wave;
    r.op = {f, s, u};
    r.group = group;
    r.capability = capability;
    return r;
}
consteval Row special_row() {
    Row r;
    r.kind = IntrinsicMapping::Special;
    return r;
}
consteval Row raised_row(std::string_view transform) {
    Row r;
    r.kind = IntrinsicMapping::Raised;
    r.transform = transform;
    return r;
}
consteval Row refused_row(support::DiagCode code) {
    Row r;
    r.kind = IntrinsicMapping::Refused;
    r.refusal = code;
    return r;
}

consteval Rows make_rows() {
    Rows t{};
#define GLSL(id, f, s, u, result) t[std::size_t(IntrinsicId::id)] = glsl_row(f, s, u, result);
#define CORE(id, o, pixel) t[std::size_t(IntrinsicId::id)] = core_row(Op::o, pixel);
#define WAVE(id, f, s, u, g, cap) \
    t[std::size_t(IntrinsicId::id)] = wave_row(Op::f, Op::s, Op::u, g, spv::Capability::cap);
#define SPECIAL(id) t[std::size_t(IntrinsicId::id)] = special_row();
#define RAISED(id, name) t[std::size_t(IntrinsicId::id)] = raised_row(#name);
#define REFUSED(id, code) t[std::size_t(IntrinsicId::id)] = refused_row(support::DiagCode::code);
#include "spirv/intrinsics.def"
    return t;
}

// Each id has at most one row.
consteval bool rows_are_unique() {
    std::array<int, intrinsics::kIdCount> n{};
#define GLSL(id, ...) ++n[std::size_t(IntrinsicId::id)];
#define CORE(id, ...) ++n[std::size_t(IntrinsicId::id)];
#define WAVE(id, ...) ++n[std::size_t(IntrinsicId::id)];
#define SPECIAL(id) ++n[std::size_t(IntrinsicId::id)];
#define RAISED(id, ...) ++n[std::size_t(IntrinsicId::id)];
#define REFUSED(id, ...) ++n[std::size_t(IntrinsicId::id)];
#include "spirv/intrinsics.def"
    for (int c : n)
        if (c > 1) return false;
    return true;
}
static_assert(rows_are_unique(), "spirv/intrinsics.def: an id has two rows");

constexpr Rows kRows = make_rows();

const Row& row_of(IntrinsicId id) {
    static constexpr Row kMissing{};
    return std::size_t(id) < kRows.size() ? kRows[std::size_t(id)] : kMissing;
}

// The column of a row for the first operand's numeric class.
template <class T>
T by_class(const std::array<T, 3>& columns, const sema::Type* t) {
    return sema::is_float(t) ? columns[0] : sema::is_signed(t) ? columns[1] : columns[2];
}

}  // namespace

IntrinsicMapping intrinsic_mapping(IntrinsicId id) { return row_of(id).kind; }

bool Emitter::emit_intrinsic(const ir::Instruction* i) {
    if (i->opcode != ir::Opcode::CallIntrinsic) return false;
    const IntrinsicId id = i->intrinsic;
    const Row& row = row_of(id);
    std::string_view n = intrinsics::name(id);
    const sema::Type* result = i->type()->value_type();
    Id type = value_type(result);
    auto arg = [&](std::size_t k) { return value(i->operands[k]); };
    auto args = [&]() {
        Operands out;
        for (std::size_t k = 0; k < i->operands.size(); ++k) out.push_back(arg(k));
        return out;
    };
    const sema::Type* first = i->operands.empty() ? nullptr : i->operands[0]->type()->value_type();
    auto no_mapping = [&](support::DiagCode code) {
        fail(code, "SPIR-V: the intrinsic '" + std::string(n) + "' has no SPIR-V mapping");
        return true;
    };
    auto no_overload = [&]() {
        fail(support::DiagCode::spirv_malformed_input,
             "SPIR-V: '" + std::string(n) + "' has no overload for operands of this type");
        return true;
    };
    auto pixel_only = [&]() {
        if (stage() == ir::ShaderStage::Pixel) return true;
        fail(support::DiagCode::spirv_wrong_stage,
             "SPIR-V: '" + std::string(n) + "' needs derivatives, which only pixel shaders have");
        return false;
    };
    // Vulkan's bit instructions (BitCount, BitReverse, FindMsb, FindLsb) take 32-bit integers and
    // its derivatives 32-bit floats: a 16-bit operand is widened, `sign_extend` keeping its sign.
    struct Wide {
        Id value, type;
        const sema::Type* sema_type;
    };
    auto widened = [&](Id v, const sema::Type* t, bool sign_extend) {
        std::uint32_t count = sema::component_count(t);
        bool s = sema::is_signed(t) && sign_extend;
        sema::ScalarKind k = sema::is_float(t) ? sema::ScalarKind::Float : s ? sema::ScalarKind::Int : sema::ScalarKind::UInt;
        const sema::Type* st = count == 1 ? static_cast<const sema::Type*>(types().scalar(k)) : types().vector(k, count);
        Id wide = value_type(st);
        // Zero-extension is UConvert, which reads the bits as unsigned whatever the operand's type.
        Op o = sema::is_float(t) ? Op::OpFConvert : s ? Op::OpSConvert : Op::OpUConvert;
        return Wide{op_result(o, wide, {v}), wide, st};
    };
    // As DXC says: Vulkan's bit instructions take 32-bit integers only.
    auto only_32_bits = [&]() {
        fail(support::DiagCode::spirv_not_expressible,
             "SPIR-V: '" + std::string(n) + "' is limited to 32-bit integer components in Vulkan; apply it to the two 32-bit "
             "halves of the 64-bit value (uint(x) and uint(x >> 32)) instead");
        return true;
    };
    Id subgroup = 0;
    auto wave = [&](spv::Capability c) {
        capability(spv::Capability::GroupNonUniform);
        capability(c);
        subgroup = constant_u32(static_cast<std::uint32_t>(spv::Scope::Subgroup));
    };

    switch (row.kind) {
    case IntrinsicMapping::None: return no_mapping(support::DiagCode::spirv_unknown_intrinsic);
    case IntrinsicMapping::Refused: return no_mapping(row.refusal);
    case IntrinsicMapping::Raised:
        fail(support::DiagCode::spirv_malformed_input, "SPIR-V: '" + std::string(n) + "' should have been rewritten by " +
                                                           std::string(row.transform) + " before emission");
        return true;
    case IntrinsicMapping::Glsl: {
        if (!first) return no_mapping(support::DiagCode::spirv_unknown_intrinsic);
        int glsl_op = by_class(row.glsl, first);
        if (glsl_op == kIdentity) {
            define(i, arg(0));
            return true;
        }
        if (glsl_op == kNone) return no_overload();
        if (row.operand_typed) {
            if (bits_of(first) == 64) return only_32_bits();
            // FindMsb/FindLsb answer in the operand's type; HLSL answers in uint.
            if (bits_of(first) == 16) {
                Wide w = widened(arg(0), first, glsl_op == GLSLstd450FindSMsb);
                Id r = ext_inst(w.type, static_cast<std::uint32_t>(glsl_op), {w.value});
                define(i, w.type == type ? r : op_result(Op::OpBitcast, type, {r}));
                return true;
            }
            Id r = ext_inst(value_type(first), static_cast<std::uint32_t>(glsl_op), args());
            define(i, value_type(first) == type ? r : op_result(Op::OpBitcast, type, {r}));
            return true;
        }
        Id r = ext_inst(type, static_cast<std::uint32_t>(glsl_op), args());
        if (i->precise) decorate(r, spv::Decoration::NoContraction);
        define(i, r);
        return true;
    }
    case IntrinsicMapping::Core: {
        if (!first) return no_mapping(support::DiagCode::spirv_unknown_intrinsic);
        if (id == IntrinsicId::AsUint && i->operands.size() == 3) break;  // the double split, below
        Op core = row.op[0];
        if (row.pixel_only && !pixel_only()) return true;
        // A 1 x N or N x 1 matrix is a vector in SPIR-V, and its transpose the same vector.
        if (core == Op::OpTranspose && !is_matrix(first)) {
            define(i, arg(0));
            return true;
        }
        if (core == Op::OpTranspose && !is_float_matrix(first)) {
            define(i, transpose_rows(arg(0), first->value_type()->as<sema::MatrixType>()));
            return true;
        }
        if (bits_of(first) == 64 && (core == Op::OpBitCount || core == Op::OpBitReverse)) return only_32_bits();
        if (core == Op::OpDPdxFine || core == Op::OpDPdyFine || core == Op::OpDPdxCoarse || core == Op::OpDPdyCoarse)
            capability(spv::Capability::DerivativeControl);
        if (bits_of(first) == 16 && (row.pixel_only || core == Op::OpBitCount || core == Op::OpBitReverse)) {
            // Widened to 32 bits and back; countbits answers in uint already.
            Wide w = widened(arg(0), first, false);
            Id r = op_result(core, core == Op::OpBitCount ? type : w.type, {w.value});
            if (core == Op::OpBitReverse) {
                // The 16 reversed bits are the top half of the 32.
                r = op_result(Op::OpShiftRightLogical, w.type, {r, constant_splat(w.sema_type, 16)});
            }
            if (core != Op::OpBitCount) r = convert_value(r, w.sema_type, result);
            define(i, r);
            return true;
        }
        if (core == Op::OpBitcast && (bits_of(first) != bits_of(result) || !sema::is_basic(first))) {
            unsupported(std::string("'").append(n) + "' between types of different widths");
            return true;
        }
        if (core == Op::OpBitcast && value_type(first) == type) {
            define(i, arg(0));
            return true;
        }
        if (core == Op::OpBitcast && is_matrix(first)) {
            define(i, bitcast_rows(arg(0), first, result));
            return true;
        }
        define(i, op_result(core, type, {arg(0)}));
        return true;
    }
    case IntrinsicMapping::Wave: {
        if (!first) return no_mapping(support::DiagCode::spirv_unknown_intrinsic);
        Op wop = by_class(row.op, first);
        if (wop == Op::OpNop) return no_overload();
        wave(row.capability);
        Operands ops{subgroup};
        if (row.group != kNoGroup) ops.push_back(static_cast<std::uint32_t>(row.group));
        for (Id a : args()) ops.push_back(a);
        define(i, op_result(wop, type, ops));
        return true;
    }
    case IntrinsicMapping::Special: break;
    }

    switch (id) {
    case IntrinsicId::Dot: {
        if (!first) break;
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
        Id products_type = value_type(first);  // before the operands: arguments run in any order
        Id products = op_result(Op::OpIMul, products_type, {arg(0), arg(1)});
        Id sum = op_result(Op::OpCompositeExtract, type, {products, 0u});
        for (std::uint32_t k = 1; k < count; ++k)
            sum = op_result(Op::OpIAdd, type, {sum, op_result(Op::OpCompositeExtract, type, {products, k})});
        define(i, sum);
        return true;
    }
    case IntrinsicId::Any:
    case IntrinsicId::All: {
        if (!first) break;
        bool any = id == IntrinsicId::Any;
        // One vector (or scalar) to bool, then OpAny/OpAll.
        auto reduce = [&](Id v, const sema::Type* t) {
            std::uint32_t count = sema::component_count(t);
            if (!sema::is_bool(t)) {
                const sema::Type* bool_type = count == 1 ? static_cast<const sema::Type*>(types().scalar(sema::ScalarKind::Bool))
                                                         : types().vector(sema::ScalarKind::Bool, count);
                v = convert_value(v, t, bool_type);
            }
            return count == 1 ? v : op_result(any ? Op::OpAny : Op::OpAll, type, {v});
        };
        const auto* m = first->as<sema::MatrixType>();
        if (m && !is_matrix(first)) {
            // A 1 x N or N x 1 matrix is a vector (or a scalar) in SPIR-V.
            std::uint32_t count = sema::component_count(first);
            define(i, reduce(arg(0), count == 1 ? static_cast<const sema::Type*>(m->element) : types().vector(m->element, count)));
            return true;
        }
        if (!m) {
            define(i, reduce(arg(0), first));
            return true;
        }
        // OpAny/OpAll take vectors only: each column reduced, the answers or-ed (and-ed).
        const sema::Type* column = types().vector(m->element, m->cols);
        Id r = 0;
        for (std::uint32_t c = 0; c < m->rows; ++c) {
            Id column_type = value_type(column);  // before the operand: arguments run in any order
            Id part = reduce(op_result(Op::OpCompositeExtract, column_type, {arg(0), c}), column);
            r = c == 0 ? part : op_result(any ? Op::OpLogicalOr : Op::OpLogicalAnd, type, {r, part});
        }
        define(i, r);
        return true;
    }
    case IntrinsicId::Modf:
    case IntrinsicId::SinCos:
    case IntrinsicId::Frexp: {
        if (!first) break;
        for (std::size_t k = 1; k < i->operands.size(); ++k) {
            const PointerInfo* p = pointer(i->operands[k]);
            if (!p || p->layout) {
                unsupported(std::string("'").append(n) + "' writing to this kind of memory");
                return true;
            }
        }
        if (id == IntrinsicId::Modf) {
            define(i, ext_inst(type, GLSLstd450Modf, {arg(0), pointer(i->operands[1])->id}));
        } else if (id == IntrinsicId::SinCos) {
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
    case IntrinsicId::AsDouble:
    case IntrinsicId::AsUint: {
        // A double is the bitcast of a uint2 (low word first), one component at a time: a
        // double3's six words are no SPIR-V vector.
        if (!first) break;
        std::uint32_t count = sema::component_count(first);
        Id u32 = type_int(32, false);
        Id f64 = type_float(64);
        Id pair = type_vector(u32, 2);
        auto part = [&](Id v, std::uint32_t k, Id part_type) {
            return count == 1 ? v : op_result(Op::OpCompositeExtract, part_type, {v, k});
        };
        auto whole = [&](Operands parts, Id whole_type) {
            return count == 1 ? parts[0] : op_result(Op::OpCompositeConstruct, whole_type, parts);
        };
        if (id == IntrinsicId::AsDouble) {
            // HLSL's asdouble takes uints: 16- and 64-bit unsigned arguments are converted first.
            const sema::Type* words_sema = count == 1 ? static_cast<const sema::Type*>(types().scalar(sema::ScalarKind::UInt))
                                                      : types().vector(sema::ScalarKind::UInt, count);
            Id low = convert_value(arg(0), first, words_sema);
            Id high = convert_value(arg(1), i->operands[1]->type()->value_type(), words_sema);
            Operands doubles;
            for (std::uint32_t k = 0; k < count; ++k) {
                Id lo = part(low, k, u32);
                Id hi = part(high, k, u32);
                Id words = op_result(Op::OpCompositeConstruct, pair, {lo, hi});
                doubles.push_back(op_result(Op::OpBitcast, f64, {words}));
            }
            define(i, whole(doubles, type));
            return true;
        }
        for (std::size_t k = 1; k < 3; ++k) {
            const PointerInfo* p = pointer(i->operands[k]);
            if (!p || p->layout) {
                unsupported(std::string("'").append(n) + "' writing to this kind of memory");
                return true;
            }
        }
        Id d = arg(0);
        Id words_type = count == 1 ? u32 : type_vector(u32, count);
        Operands lows, highs;
        for (std::uint32_t k = 0; k < count; ++k) {
            Id one = part(d, k, f64);
            Id words = op_result(Op::OpBitcast, pair, {one});
            lows.push_back(op_result(Op::OpCompositeExtract, u32, {words, 0u}));
            highs.push_back(op_result(Op::OpCompositeExtract, u32, {words, 1u}));
        }
        Id low = whole(lows, words_type);
        Id high = whole(highs, words_type);
        op(Op::OpStore, {pointer(i->operands[1])->id, low});
        op(Op::OpStore, {pointer(i->operands[2])->id, high});
        return true;
    }
    case IntrinsicId::F32ToF16:
    case IntrinsicId::F16ToF32: {
        if (!first || !sema::is_basic(first) || is_matrix(first)) break;
        const sema::ScalarType* from = sema::component_type(first);
        bool pack = id == IntrinsicId::F32ToF16;
        auto one = [&](Id x) {
            if (pack) {
                // PackHalf2x16 packs 32-bit floats: a half (or double) argument is converted first.
                x = convert_value(x, from, types().scalar(sema::ScalarKind::Float));
                Id v2_type = type_vector(type_float(32), 2);  // before the constant: arguments run in any order
                Id v2 = op_result(Op::OpCompositeConstruct, v2_type, {x, constant_f32(0.0f)});
                return ext_inst(type_int(32, false), GLSLstd450PackHalf2x16, {v2});
            }
            // UnpackHalf2x16 reads a 32-bit uint: a 16- or 64-bit argument is converted first.
            x = convert_value(x, from, types().scalar(sema::ScalarKind::UInt));
            Id v2 = ext_inst(type_vector(type_float(32), 2), GLSLstd450UnpackHalf2x16, {x});
            return op_result(Op::OpCompositeExtract, type_float(32), {v2, 0u});
        };
        std::uint32_t count = sema::component_count(first);
        if (count == 1) {
            define(i, one(arg(0)));
            return true;
        }
        // The GLSL instructions convert one value: a vector goes component by component.
        Operands parts;
        for (std::uint32_t k = 0; k < count; ++k) {
            Id part_type = type_scalar(from);  // before the operand: arguments run in any order
            parts.push_back(one(op_result(Op::OpCompositeExtract, part_type, {arg(0), k})));
        }
        define(i, op_result(Op::OpCompositeConstruct, type, parts));
        return true;
    }
    case IntrinsicId::Dot4AddI8Packed:
    case IntrinsicId::Dot4AddU8Packed: {
        // As DXC: the packed-byte dot product of SPV_KHR_integer_dot_product, then the accumulator.
        if (i->operands.size() != 3) break;
        capability(spv::Capability::DotProduct);
        capability(spv::Capability::DotProductInput4x8BitPacked);
        extension("SPV_KHR_integer_dot_product");
        Op dot = id == IntrinsicId::Dot4AddI8Packed ? Op::OpSDot : Op::OpUDot;
        Id d = op_result(dot, type, {arg(0), arg(1), static_cast<std::uint32_t>(spv::PackedVectorFormat::PackedVectorFormat4x8Bit)});
        define(i, op_result(Op::OpIAdd, type, {d, arg(2)}));
        return true;
    }
    case IntrinsicId::CheckAccessFullyMapped: {
        // As DXC: the residency code of a sparse instruction, read by OpImageSparseTexelsResident.
        if (i->operands.size() != 1) break;
        capability(spv::Capability::SparseResidency);
        define(i, op_result(Op::OpImageSparseTexelsResident, type, {arg(0)}));
        return true;
    }
    case IntrinsicId::Printf: {
        // As DXC: OpExtInst DebugPrintf (instruction 1 of NonSemantic.DebugPrintf) on the format's
        // OpString and the values, which the Vulkan validation layer or RenderDoc prints.
        if (i->immediates.empty() || i->immediates[0] < 0 ||
            std::size_t(i->immediates[0]) >= module().strings().size()) {
            fail(support::DiagCode::spirv_malformed_input, "SPIR-V: printf names no format string");
            return true;
        }
        extension("SPV_KHR_non_semantic_info");
        Operands ops{debug_printf_set(), 1u, printf_format(std::size_t(i->immediates[0]))};
        for (std::size_t k = 0; k < i->operands.size(); ++k) ops.push_back(arg(k));
        op_result(Op::OpExtInst, type_void(), std::span<const std::uint32_t>(ops.data(), ops.size()));
        return true;
    }
    case IntrinsicId::IsHelperLane: {
        // Only fragment invocations can be helpers. As DXC for Vulkan 1.2:
        // OpIsHelperInvocationEXT of SPV_EXT_demote_to_helper_invocation, which sees a demotion.
        if (stage() != ir::ShaderStage::Pixel) {
            define(i, constant_scalar(types().scalar(sema::ScalarKind::Bool), 0));
            return true;
        }
        capability(spv::Capability::DemoteToHelperInvocation);
        extension("SPV_EXT_demote_to_helper_invocation");
        define(i, op_result(Op::OpIsHelperInvocationEXT, type, {}));
        return true;
    }
    case IntrinsicId::WaveGetLaneIndex:
    case IntrinsicId::WaveGetLaneCount: {
        // DXC reads the SubgroupLocalInvocationId / SubgroupSize built-ins (GroupNonUniform).
        wave(spv::Capability::GroupNonUniform);
        bool index = id == IntrinsicId::WaveGetLaneIndex;
        Id var = builtin_input(index ? spv::BuiltIn::SubgroupLocalInvocationId : spv::BuiltIn::SubgroupSize,
                               type_int(32, false), index ? "gl_SubgroupInvocationID" : "gl_SubgroupSize");
        define(i, op_result(Op::OpLoad, type, {var}));
        return true;
    }
    case IntrinsicId::WaveIsFirstLane:
        wave(spv::Capability::GroupNonUniform);
        define(i, op_result(Op::OpGroupNonUniformElect, type, {subgroup}));
        return true;
    case IntrinsicId::WaveActiveCountBits:
    case IntrinsicId::WavePrefixCountBits: {
        if (!first) break;
        wave(spv::Capability::GroupNonUniformBallot);
        Id ballot_type = type_vector(type_int(32, false), 4);  // before the operand: arguments run in any order
        Id ballot = op_result(Op::OpGroupNonUniformBallot, ballot_type, {subgroup, arg(0)});
        auto group = id == IntrinsicId::WaveActiveCountBits ? spv::GroupOperation::Reduce : spv::GroupOperation::ExclusiveScan;
        define(i, op_result(Op::OpGroupNonUniformBallotBitCount, type,
                            {subgroup, static_cast<std::uint32_t>(group), ballot}));
        return true;
    }
    case IntrinsicId::QuadReadAcrossX:
    case IntrinsicId::QuadReadAcrossY:
    case IntrinsicId::QuadReadAcrossDiagonal: {
        if (!first) break;
        std::uint32_t direction = id == IntrinsicId::QuadReadAcrossX ? 0 : id == IntrinsicId::QuadReadAcrossY ? 1 : 2;
        wave(spv::Capability::GroupNonUniformQuad);
        define(i, op_result(Op::OpGroupNonUniformQuadSwap, type, {subgroup, arg(0), constant_u32(direction)}));
        return true;
    }
    default: break;
    }
    return no_mapping(support::DiagCode::spirv_unknown_intrinsic);
}

}  // namespace oneshader::spirv
