#pragma once
// Exact conversions between numbers and the bit patterns constants keep.
#include <cstdint>

namespace oneshader::ir {

// IEEE-754 binary16, round to nearest even; NaN stays NaN (quiet), overflow gives infinity.
std::uint16_t half_from_float(float f);
float float_from_half(std::uint16_t h);  // exact: every half is a float

// Bits of `v` as a float of `width` bits (16, 32 or 64).
std::uint64_t float_bits(double v, unsigned width);
// The value of a `width`-bit float pattern.
double float_value(std::uint64_t bits, unsigned width);
// `v` masked to `width` bits.
std::uint64_t mask_bits(std::uint64_t v, unsigned width);
// `bits` of a `width`-bit integer, sign-extended.
std::int64_t sign_extend(std::uint64_t bits, unsigned width);

}  // namespace oneshader::ir
