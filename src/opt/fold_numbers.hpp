#pragma once
// Exact scalar arithmetic on constant bits, for combine's folding rules. Every function answers
// only when the result is the same on every implementation (docs/optimizer.md, "Exactness"):
// otherwise it returns nothing and the instruction stays for the GPU to compute.
//   - integers wrap in their own width; shift amounts are masked to the width;
//   - nothing for division or remainder by zero, nor for INT_MIN / -1 and INT_MIN % -1;
//   - floats are computed in their own precision (half, float, double) with one correct rounding;
//     nothing when an operand or the result is a NaN, an infinity or a subnormal, nor when a
//     non-zero result would round to zero;
//   - float-to-int conversions only when the truncated value is in the target's range;
//   - min-precision types (min16float, min16int, ...) are never folded: their precision is the
//     implementation's choice.
#include <cstdint>
#include <optional>

#include "ir/opcode.hpp"
#include "types/types.hpp"

namespace oneshader::opt {

enum class NumClass : std::uint8_t { None, Bool, SInt, UInt, Float };

struct NumType {
    NumClass cls = NumClass::None;
    unsigned width = 0;  // 1 for bool; 16, 32 or 64 otherwise
};

// How the folder sees a scalar type; None for those it leaves alone.
NumType num_type(const sema::ScalarType* t);

enum class FloatClass : std::uint8_t { Zero, Normal, Subnormal, Infinite, NaN };
FloatClass float_class(std::uint64_t bits, unsigned width);
// True for zero and normal numbers: the only operands and results folding accepts.
inline bool foldable_float(std::uint64_t bits, unsigned width) {
    FloatClass c = float_class(bits, width);
    return c == FloatClass::Zero || c == FloatClass::Normal;
}

// The value of a float pattern, exactly (every half and float is a double).
double float_to_double(std::uint64_t bits, unsigned width);
// `v` rounded once, to nearest even, to a float of `width` bits (half directly from double).
std::uint64_t double_to_float_bits(double v, unsigned width);
std::uint16_t half_from_double(double v);

// Binary arithmetic, bit operations and shifts (Add..Rem, BitAnd..BitXor, Shl, Shr).
std::optional<std::uint64_t> fold_binary(ir::Opcode op, NumType t, std::uint64_t a, std::uint64_t b);
// Neg, BitNot, LogicalNot.
std::optional<std::uint64_t> fold_unary(ir::Opcode op, NumType t, std::uint64_t a);
// LogicalAnd, LogicalOr on bools.
std::optional<std::uint64_t> fold_logical(ir::Opcode op, std::uint64_t a, std::uint64_t b);
// Eq..Ge: a bool.
std::optional<bool> fold_compare(ir::Opcode op, NumType t, std::uint64_t a, std::uint64_t b);
// Convert from one scalar type to another.
std::optional<std::uint64_t> fold_convert(NumType from, NumType to, std::uint64_t a);
// Bitcast between scalars of one width.
std::optional<std::uint64_t> fold_bitcast(NumType from, NumType to, std::uint64_t a);

}  // namespace oneshader::opt
