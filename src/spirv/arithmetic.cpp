// Component-wise arithmetic, bit operations, logic, comparisons, selects and conversions. The IR
// has one opcode per operation; float, signed and unsigned forms come from the operand type.
// SPIR-V arithmetic takes no matrices (and integer matrices are arrays of rows), so component-wise
// matrix operations go row by row (an HLSL row is a SPIR-V matrix's column).
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

using ir::Opcode;
using spv::Op;

enum class Num : std::uint8_t { Float, Signed, Unsigned, Bool };

Num num_of(const sema::Type* t) {
    if (sema::is_bool(t)) return Num::Bool;
    if (sema::is_float(t)) return Num::Float;
    return sema::is_signed(t) ? Num::Signed : Num::Unsigned;
}

// The SPIR-V opcode of a binary IR operation on operands of class `n`; OpNop when none exists.
Op binary_op(Opcode o, Num n) {
    bool f = n == Num::Float, s = n == Num::Signed, b = n == Num::Bool;
    switch (o) {
    case Opcode::Add: return b ? Op::OpNop : f ? Op::OpFAdd : Op::OpIAdd;
    case Opcode::Sub: return b ? Op::OpNop : f ? Op::OpFSub : Op::OpISub;
    case Opcode::Mul: return b ? Op::OpNop : f ? Op::OpFMul : Op::OpIMul;
    case Opcode::Div: return b ? Op::OpNop : f ? Op::OpFDiv : s ? Op::OpSDiv : Op::OpUDiv;
    // HLSL's % takes the dividend's sign, which is FRem and SRem.
    case Opcode::Rem: return b ? Op::OpNop : f ? Op::OpFRem : s ? Op::OpSRem : Op::OpUMod;
    case Opcode::BitAnd: return f || b ? Op::OpNop : Op::OpBitwiseAnd;
    case Opcode::BitOr: return f || b ? Op::OpNop : Op::OpBitwiseOr;
    case Opcode::BitXor: return f || b ? Op::OpNop : Op::OpBitwiseXor;
    case Opcode::Shl: return f || b ? Op::OpNop : Op::OpShiftLeftLogical;
    case Opcode::Shr: return f || b ? Op::OpNop : s ? Op::OpShiftRightArithmetic : Op::OpShiftRightLogical;
    case Opcode::LogicalAnd: return b ? Op::OpLogicalAnd : Op::OpNop;
    case Opcode::LogicalOr: return b ? Op::OpLogicalOr : Op::OpNop;
    case Opcode::Eq: return b ? Op::OpLogicalEqual : f ? Op::OpFOrdEqual : Op::OpIEqual;
    // Unordered: NaN != x is true, as in HLSL.
    case Opcode::Ne: return b ? Op::OpLogicalNotEqual : f ? Op::OpFUnordNotEqual : Op::OpINotEqual;
    case Opcode::Lt: return b ? Op::OpNop : f ? Op::OpFOrdLessThan : s ? Op::OpSLessThan : Op::OpULessThan;
    case Opcode::Le: return b ? Op::OpNop : f ? Op::OpFOrdLessThanEqual : s ? Op::OpSLessThanEqual : Op::OpULessThanEqual;
    case Opcode::Gt: return b ? Op::OpNop : f ? Op::OpFOrdGreaterThan : s ? Op::OpSGreaterThan : Op::OpUGreaterThan;
    case Opcode::Ge:
        return b ? Op::OpNop : f ? Op::OpFOrdGreaterThanEqual : s ? Op::OpSGreaterThanEqual : Op::OpUGreaterThanEqual;
    default: return Op::OpNop;
    }
}

Op unary_op(Opcode o, Num n) {
    switch (o) {
    case Opcode::Neg: return n == Num::Bool ? Op::OpNop : n == Num::Float ? Op::OpFNegate : Op::OpSNegate;
    case Opcode::BitNot: return n == Num::Float || n == Num::Bool ? Op::OpNop : Op::OpNot;
    case Opcode::LogicalNot: return n == Num::Bool ? Op::OpLogicalNot : Op::OpNop;
    default: return Op::OpNop;
    }
}

}  // namespace

Id Emitter::bool_from_uint(Id v, const sema::Type* t) {
    std::uint32_t n = sema::component_count(t);
    Id uint_type = type_vector(type_int(32, false), n);
    Id zero = n == 1 ? constant_u32(0) : constant_composite_splat(uint_type, constant_u32(0), n);
    return op_result(Op::OpINotEqual, value_type(t), {v, zero});
}

Id Emitter::uint_from_bool(Id v, const sema::Type* t) {
    std::uint32_t n = sema::component_count(t);
    Id uint_type = type_vector(type_int(32, false), n);
    Id zero = n == 1 ? constant_u32(0) : constant_composite_splat(uint_type, constant_u32(0), n);
    Id one = n == 1 ? constant_u32(1) : constant_composite_splat(uint_type, constant_u32(1), n);
    return op_result(Op::OpSelect, uint_type, {v, one, zero});
}

Id Emitter::convert_value(Id v, const sema::Type* from, const sema::Type* to) {
    from = from->value_type();
    to = to->value_type();
    if (is_matrix(from) || is_matrix(to)) {
        const auto* mf = from->as<sema::MatrixType>();
        const auto* mt = to->as<sema::MatrixType>();
        if (!mf || !mt || mf->rows != mt->rows || mf->cols != mt->cols) {
            unsupported("conversions that change a matrix's shape");
            return undef(value_type(to));
        }
        Operands columns;
        for (std::uint32_t c = 0; c < mf->rows; ++c) {
            Id col = op_result(Op::OpCompositeExtract, value_type(types().vector(mf->element, mf->cols)), {v, c});
            columns.push_back(convert_value(col, types().vector(mf->element, mf->cols), types().vector(mt->element, mt->cols)));
        }
        return op_result(Op::OpCompositeConstruct, value_type(to), columns);
    }
    Id to_type = value_type(to);
    if (value_type(from) == to_type) return v;
    Num nf = num_of(from), nt = num_of(to);
    std::uint32_t bf = bits_of(from), bt = bits_of(to);
    if (nf == Num::Bool) {
        return op_result(Op::OpSelect, to_type, {v, constant_splat(to, nt == Num::Float ? (bt == 64 ? 0x3FF0000000000000ull : bt == 16 ? 0x3C00u : 0x3F800000u) : 1u),
                                                 constant_splat(to, 0)});
    }
    if (nt == Num::Bool) {
        return op_result(nf == Num::Float ? Op::OpFOrdNotEqual : Op::OpINotEqual, to_type, {v, constant_splat(from, 0)});
    }
    if (nf == Num::Float && nt == Num::Float) return op_result(Op::OpFConvert, to_type, {v});
    if (nf == Num::Float) return op_result(nt == Num::Signed ? Op::OpConvertFToS : Op::OpConvertFToU, to_type, {v});
    if (nt == Num::Float) return op_result(nf == Num::Signed ? Op::OpConvertSToF : Op::OpConvertUToF, to_type, {v});
    if (bf == bt) return op_result(Op::OpBitcast, to_type, {v});
    // Widen (or narrow) by the source's signedness. SConvert may answer in either signedness;
    // UConvert answers unsigned only, so a signed result is a bitcast of the unsigned one.
    if (nf == Num::Signed) return op_result(Op::OpSConvert, to_type, {v});
    Id unsigned_type = type_vector(type_int(bt, false), sema::component_count(to));
    Id r = op_result(Op::OpUConvert, unsigned_type, {v});
    return unsigned_type == to_type ? r : op_result(Op::OpBitcast, to_type, {r});
}

// DXC's rule for NonUniformResourceIndex: a unary or binary operation (conversions included) on a
// non-uniform value is itself non-uniform and decorated, so `NonUniformResourceIndex(i) % 3` still
// indexes a resource array non-uniformly. Intrinsic calls and selects do not carry it, as in DXC.
void Emitter::propagate_nonuniform(const ir::Instruction* i, Id result) {
    for (const ir::Value* v : i->operands)
        if (is_nonuniform(v)) {
            mark_nonuniform(i);
            decorate(result, spv::Decoration::NonUniform);
            return;
        }
}

bool Emitter::emit_arithmetic(const ir::Instruction* i) {
    Opcode o = i->opcode;
    switch (o) {
    case Opcode::Convert: {
        Id v = value(i->operands[0]);
        Id r = convert_value(v, i->operands[0]->type(), i->type());
        if (r != v) propagate_nonuniform(i, r);
        else if (is_nonuniform(i->operands[0])) mark_nonuniform(i);  // the same id, already decorated
        define(i, r);
        return true;
    }
    case Opcode::Bitcast: {
        Id v = value(i->operands[0]);
        if (is_matrix(i->type()) && is_matrix(i->operands[0]->type())) {
            define(i, bitcast_rows(v, i->operands[0]->type(), i->type()));
            return true;
        }
        if (is_matrix(i->type()) || !sema::is_numeric(i->type())) {
            unsupported("bit-casting whole matrices to other shapes");
            return true;
        }
        Id to = value_type(i->type());
        if (to == value_type(i->operands[0]->type())) {
            if (is_nonuniform(i->operands[0])) mark_nonuniform(i);  // the same id, already decorated
            define(i, v);
            return true;
        }
        Id r = op_result(Op::OpBitcast, to, {v});
        propagate_nonuniform(i, r);
        define(i, r);
        return true;
    }
    case Opcode::BitFieldExtract:
    case Opcode::BitFieldInsert: {
        // As DXC writes bit fields: OpBitFieldUExtract/SExtract to read one, OpBitFieldInsert to write it.
        const sema::Type* t = i->type()->value_type();
        if (bits_of(t) != 32) {
            fail(support::DiagCode::spirv_malformed_input,
                 "SPIR-V: a bit field of a " + std::to_string(bits_of(t)) +
                     "-bit integer reached the emitter; Vulkan's OpBitField* take 32-bit integers, so "
                     "polyfill_wide_bitfields should have made it shifts");
            return true;
        }
        bool insert = o == Opcode::BitFieldInsert;
        Id result_type = value_type(t);
        Operands ops;
        for (const ir::Value* v : i->operands) ops.push_back(value(v));
        Op op = insert ? Op::OpBitFieldInsert : sema::is_signed(t) ? Op::OpBitFieldSExtract : Op::OpBitFieldUExtract;
        define(i, op_result(op, result_type, ops));
        return true;
    }
    case Opcode::Select: {
        const sema::Type* cond = i->operands[0]->type()->value_type();
        if (!cond->is<sema::ScalarType>() && !sema::is_basic(i->type())) {
            unsupported("a component-wise select of composites");
            return true;
        }
        if (is_matrix(i->type()) && !cond->is<sema::ScalarType>()) {
            define(i, select_rows(i));
            return true;
        }
        if (options_.version < Options::kSpirv14 && cond->is<sema::ScalarType>() && !i->type()->is<sema::ScalarType>()) {
            define(i, select_before_14(i));
            return true;
        }
        // Type, then operands: both may declare ids, and a call's arguments run in an unspecified order.
        Id select_type = value_type(i->type());
        define(i, op_result(Op::OpSelect, select_type,
                            {value(i->operands[0]), value(i->operands[1]), value(i->operands[2])}));
        return true;
    }
    default: break;
    }
    bool unary = o == Opcode::Neg || o == Opcode::BitNot || o == Opcode::LogicalNot;
    bool binary = ir::is_binary_arithmetic(o) || ir::is_comparison(o) || o == Opcode::LogicalAnd || o == Opcode::LogicalOr;
    if (!unary && !binary) return false;

    const sema::Type* t = i->operands[0]->type()->value_type();
    Num n = num_of(t);
    Op spv_op = unary ? unary_op(o, n) : binary_op(o, n);
    if (spv_op == Op::OpNop) {
        fail(support::DiagCode::spirv_malformed_input,
             "SPIR-V: '" + std::string(ir::mnemonic(o)) + "' on operands of this type has no meaning");
        return true;
    }
    Id a = value(i->operands[0]);
    Id b = unary ? 0 : value(i->operands[1]);
    bool shift = o == Opcode::Shl || o == Opcode::Shr;
    if (shift && !is_matrix(t)) {
        // HLSL uses only the low bits of the count; SPIR-V leaves larger counts undefined.
        // The type before the mask: both may declare ids, and a call's arguments run in an unspecified order.
        Id count_type = value_type(i->operands[1]->type());
        Id mask = constant_splat(i->operands[1]->type(), bits_of(t) - 1);
        b = op_result(Op::OpBitwiseAnd, count_type, {b, mask});
    }
    Id result_type = value_type(i->type());
    Id r = 0;
    if (is_matrix(t)) {
        // Row by row; a comparison's rows are bool vectors.
        const auto* m = t->as<sema::MatrixType>();
        const auto* rm = i->type()->value_type()->as<sema::MatrixType>();
        Id column_type = value_type(types().vector(m->element, m->cols));
        Id result_column_type = rm ? value_type(types().vector(rm->element, rm->cols)) : column_type;
        Operands columns;
        for (std::uint32_t c = 0; c < m->rows; ++c) {
            Id ac = op_result(Op::OpCompositeExtract, column_type, {a, c});
            Id rc = 0;
            if (unary) {
                rc = op_result(spv_op, result_column_type, {ac});
            } else {
                Id bc = op_result(Op::OpCompositeExtract, column_type, {b, c});
                if (shift) {
                    // HLSL uses only the low bits of the count, as above.
                    Id mask = constant_splat(types().vector(m->element, m->cols), bits_of(t) - 1);
                    bc = op_result(Op::OpBitwiseAnd, column_type, {bc, mask});
                }
                rc = op_result(spv_op, result_column_type, {ac, bc});
            }
            if (i->precise && n == Num::Float) decorate(rc, spv::Decoration::NoContraction);
            columns.push_back(rc);
        }
        r = op_result(Op::OpCompositeConstruct, result_type, columns);
    } else {
        r = unary ? op_result(spv_op, result_type, {a}) : op_result(spv_op, result_type, {a, b});
        if (i->precise && n == Num::Float) decorate(r, spv::Decoration::NoContraction);
    }
    propagate_nonuniform(i, r);
    define(i, r);
    return true;
}

// A select with a bool matrix condition: OpSelect takes a vector condition with vector operands
// only, so it goes row by row.
Id Emitter::select_rows(const ir::Instruction* i) {
    const auto* m = i->type()->value_type()->as<sema::MatrixType>();
    Id condition_row = value_type(types().vector(sema::ScalarKind::Bool, m->cols));
    Id row = value_type(types().vector(m->element, m->cols));
    Id c = value(i->operands[0]), a = value(i->operands[1]), b = value(i->operands[2]);
    Operands rows;
    for (std::uint32_t k = 0; k < m->rows; ++k) {
        Id ck = op_result(Op::OpCompositeExtract, condition_row, {c, k});
        Id x = op_result(Op::OpCompositeExtract, row, {a, k});
        Id y = op_result(Op::OpCompositeExtract, row, {b, k});
        rows.push_back(op_result(Op::OpSelect, row, {ck, x, y}));
    }
    return op_result(Op::OpCompositeConstruct, value_type(i->type()), rows);
}

// Before SPIR-V 1.4 OpSelect takes only scalars and vectors, and a vector's condition must be a
// vector of its size: a scalar condition is repeated, and a matrix is selected column by column.
Id Emitter::select_before_14(const ir::Instruction* i) {
    const sema::Type* t = i->type();
    Id c = value(i->operands[0]), a = value(i->operands[1]), b = value(i->operands[2]);
    auto splat = [&](std::uint32_t n) {
        Operands parts = repeat(c, n);
        return op_result(Op::OpCompositeConstruct, type_vector(type_bool(), n),
                         std::span<const std::uint32_t>(parts.data(), parts.size()));
    };
    if (const auto* v = t->as<sema::VectorType>()) {
        Id select_type = value_type(t);  // before the condition's splat: arguments run in an unspecified order
        return op_result(Op::OpSelect, select_type, {splat(v->count), a, b});
    }
    if (const auto* m = t->as<sema::MatrixType>()) {
        if (m->rows == 1 || m->cols == 1) {
            Id select_type = value_type(t);
            return op_result(Op::OpSelect, select_type, {splat(m->rows * m->cols), a, b});
        }
        // A matrix is `rows` vectors of `cols` components (HLSL rows are SPIR-V columns).
        Id column_type = type_vector(component_type_of(t), m->cols);
        Id condition = splat(m->cols);
        Operands columns;
        for (std::uint32_t k = 0; k < m->rows; ++k) {
            Id x = op_result(Op::OpCompositeExtract, column_type, {a, k});
            Id y = op_result(Op::OpCompositeExtract, column_type, {b, k});
            columns.push_back(op_result(Op::OpSelect, column_type, {condition, x, y}));
        }
        return op_result(Op::OpCompositeConstruct, value_type(t),
                         std::span<const std::uint32_t>(columns.data(), columns.size()));
    }
    unsupported("selecting a whole struct or array before SPIR-V 1.4 (use -fspv-target-env=vulkan1.2)");
    return 0;
}

}  // namespace oneshader::spirv
