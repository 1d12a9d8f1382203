#include "ir/opcode.hpp"

#include <array>

namespace oneshader::ir {

namespace {

constexpr OpcodeInfo kInfos[] = {
#define X(name, mnem, result, min_ops, max_ops, syntax) \
    {mnem, ResultRule::result, min_ops, max_ops, OpSyntax::syntax},
#include "ir/opcode.def"
#undef X
};

}  // namespace

const OpcodeInfo& opcode_info(Opcode op) { return kInfos[static_cast<std::size_t>(op)]; }

std::optional<Opcode> opcode_from_mnemonic(std::string_view s) {
    for (std::size_t i = 0; i < std::size(kInfos); ++i)
        if (kInfos[i].mnemonic == s) return static_cast<Opcode>(i);
    return std::nullopt;
}

bool is_terminator(Opcode op) {
    switch (op) {
    case Opcode::Branch:
    case Opcode::CondBranch:
    case Opcode::Switch:
    case Opcode::Return:
    case Opcode::Kill:
    case Opcode::Unreachable:
        return true;
    default:
        return false;
    }
}

bool is_texture_op(Opcode op) {
    return op >= Opcode::TextureSample && op <= Opcode::TextureQueryLod;
}

bool has_lod_clamp(Opcode op, std::size_t operand_count) {
    bool takes = op == Opcode::TextureSample || op == Opcode::TextureSampleBias || op == Opcode::TextureSampleGrad ||
                 op == Opcode::TextureSampleCompare;
    return takes && operand_count == opcode_info(op).max_operands;
}

bool is_binary_arithmetic(Opcode op) {
    switch (op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::BitAnd:
    case Opcode::BitOr:
    case Opcode::BitXor:
    case Opcode::Shl:
    case Opcode::Shr:
        return true;
    default:
        return false;
    }
}

bool is_comparison(Opcode op) { return op >= Opcode::Eq && op <= Opcode::Ge; }

bool is_pure(Opcode op) {
    if (op <= Opcode::MatMul) return true;
    return op == Opcode::AccessChain || op == Opcode::NonUniformIndex || op == Opcode::Phi;
}

}  // namespace oneshader::ir
