#include "ir/float_bits.hpp"

#include <bit>
#include <cstring>

namespace oneshader::ir {

std::uint16_t half_from_float(float f) {
    std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    std::uint32_t sign = (x >> 16) & 0x8000u;
    std::uint32_t exp = (x >> 23) & 0xFFu;
    std::uint32_t mant = x & 0x7FFFFFu;
    if (exp == 0xFF) return static_cast<std::uint16_t>(sign | 0x7C00u | (mant ? 0x200u | (mant >> 13) : 0));
    int e = static_cast<int>(exp) - 127 + 15;
    if (e >= 31) return static_cast<std::uint16_t>(sign | 0x7C00u);
    if (e <= 0) {
        // Subnormal half (or zero): shift the mantissa with its implicit bit into place, rounding.
        if (e < -10) return static_cast<std::uint16_t>(sign);
        std::uint32_t m = mant | 0x800000u;
        unsigned shift = static_cast<unsigned>(14 - e);
        std::uint32_t half_m = m >> shift;
        std::uint32_t rem = m & ((1u << shift) - 1);
        std::uint32_t halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (half_m & 1))) ++half_m;
        return static_cast<std::uint16_t>(sign | half_m);
    }
    std::uint32_t h = (static_cast<std::uint32_t>(e) << 10) | (mant >> 13);
    std::uint32_t rem = mant & 0x1FFFu;
    // Rounding may carry into the exponent, and from the largest finite into infinity: both right.
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) ++h;
    return static_cast<std::uint16_t>(sign | h);
}

float float_from_half(std::uint16_t h) {
    std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    std::uint32_t exp = (h >> 10) & 0x1Fu;
    std::uint32_t mant = h & 0x3FFu;
    std::uint32_t x;
    if (exp == 0x1F) {
        x = sign | 0x7F800000u | (mant << 13);
    } else if (exp != 0) {
        x = sign | ((exp - 15 + 127) << 23) | (mant << 13);
    } else if (mant == 0) {
        x = sign;
    } else {
        // Normalize the subnormal.
        int e = -1;
        do {
            ++e;
            mant <<= 1;
        } while ((mant & 0x400u) == 0);
        x = sign | (static_cast<std::uint32_t>(127 - 15 - e) << 23) | ((mant & 0x3FFu) << 13);
    }
    return std::bit_cast<float>(x);
}

std::uint64_t float_bits(double v, unsigned width) {
    if (width == 64) return std::bit_cast<std::uint64_t>(v);
    float f = static_cast<float>(v);
    if (width == 16) return half_from_float(f);
    return std::bit_cast<std::uint32_t>(f);
}

double float_value(std::uint64_t bits, unsigned width) {
    if (width == 64) return std::bit_cast<double>(bits);
    if (width == 16) return float_from_half(static_cast<std::uint16_t>(bits));
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
}

std::uint64_t mask_bits(std::uint64_t v, unsigned width) {
    return width >= 64 ? v : v & ((std::uint64_t(1) << width) - 1);
}

std::int64_t sign_extend(std::uint64_t bits, unsigned width) {
    if (width >= 64) return static_cast<std::int64_t>(bits);
    std::uint64_t m = std::uint64_t(1) << (width - 1);
    bits = mask_bits(bits, width);
    return static_cast<std::int64_t>((bits ^ m) - m);
}

}  // namespace oneshader::ir
