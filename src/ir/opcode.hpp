#pragma once
// Opcodes and the facts about each that the printer, parser and verifier share (opcode.def).
#include <cstdint>
#include <optional>
#include <string_view>

namespace oneshader::ir {

enum class Opcode : std::uint8_t {
#define X(name, mnemonic, result, min_ops, max_ops, syntax) name,
#include "ir/opcode.def"
#undef X
};

enum class ResultRule : std::uint8_t { Yes, No, Maybe };

// How an opcode's immediates and block targets are written in the text form.
enum class OpSyntax : std::uint8_t {
    Plain,      // operands only
    IndexList,  // operands, then `[i, j, ...]`
    Offset,     // operands, then an optional `offset(x[, y[, z]])`
    Gather,     // operands, then `component(c)` and an optional offset
    Atomic,     // `atomic OP operands`
    Barrier,    // `barrier flag|flag`
    Intrinsic,  // `intrinsic NAME(operands)`
    Call,       // `call @f(operands)`
    Phi,        // `[value, bbN], ...`
    Branch,     // operands, then the target blocks
    Switch,     // selector, `default bbN`, `[case: bbN, ...]`
};

inline constexpr std::uint32_t kMany = 0xFFFFFFFFu;

struct OpcodeInfo {
    std::string_view mnemonic;
    ResultRule result;
    std::uint32_t min_operands;
    std::uint32_t max_operands;
    OpSyntax syntax;
};

const OpcodeInfo& opcode_info(Opcode op);
inline std::string_view mnemonic(Opcode op) { return opcode_info(op).mnemonic; }
std::optional<Opcode> opcode_from_mnemonic(std::string_view s);

bool is_terminator(Opcode op);
// Texture opcodes whose first operand is a texture pointer.
bool is_texture_op(Opcode op);
// Whether a texture instruction with `operand_count` operands carries a level-of-detail clamp (HLSL's
// `clamp` argument): the sampling opcodes take it as an optional last operand.
bool has_lod_clamp(Opcode op, std::size_t operand_count);
// Add..Rem and the bit operations: operands and result of one type.
bool is_binary_arithmetic(Opcode op);
bool is_comparison(Opcode op);
// No side effects and no memory read: may be removed when unused and merged when equal.
bool is_pure(Opcode op);

}  // namespace oneshader::ir
