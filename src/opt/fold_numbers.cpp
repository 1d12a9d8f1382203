#include "opt/fold_numbers.hpp"

#include <bit>
#include <cmath>

#include "ir/float_bits.hpp"

namespace oneshader::opt {

using ir::Opcode;

NumType num_type(const sema::ScalarType* t) {
    if (!t) return {};
    switch (t->scalar) {
    case sema::ScalarKind::Bool:
        return {NumClass::Bool, 1};
    case sema::ScalarKind::Int:
    case sema::ScalarKind::Int16:
    case sema::ScalarKind::Int64:
        return {NumClass::SInt, t->bits};
    case sema::ScalarKind::UInt:
    case sema::ScalarKind::UInt16:
    case sema::ScalarKind::UInt64:
        return {NumClass::UInt, t->bits};
    case sema::ScalarKind::Float:
    case sema::ScalarKind::Double:
    case sema::ScalarKind::Half:
        return {NumClass::Float, t->bits};
    default:
        return {};  // min-precision and literal kinds
    }
}

namespace {

struct FloatLayout {
    unsigned exp_bits, mant_bits;
};
FloatLayout layout(unsigned width) {
    if (width == 16) return {5, 10};
    if (width == 64) return {11, 52};
    return {8, 23};
}

std::uint64_t sign_bit(unsigned width) { return std::uint64_t(1) << (width - 1); }

// The smallest normal magnitude of a width.
double min_normal(unsigned width) {
    if (width == 16) return std::ldexp(1.0, -14);
    if (width == 64) return std::ldexp(1.0, -1022);
    return std::ldexp(1.0, -126);
}

bool fits_width(double v, unsigned width) {
    // The result, rounded, must be a zero or a normal number of `width` bits.
    std::uint64_t bits = double_to_float_bits(v, width);
    if (!foldable_float(bits, width)) return false;
    // A non-zero exact value that is below the normal range (rounded to zero or to a subnormal)
    // depends on the implementation's handling of subnormals.
    return v == 0.0 || std::fabs(v) >= min_normal(width);
}

std::optional<std::uint64_t> fold_float_binary(Opcode op, unsigned width, std::uint64_t a, std::uint64_t b) {
    if (!foldable_float(a, width) || !foldable_float(b, width)) return std::nullopt;
    double x = float_to_double(a, width), y = float_to_double(b, width);
    double r = 0;
    // Each of these is one correctly rounded double operation on exact operands; rounding that
    // double once more to float or half is still the correctly rounded result, since double has
    // more than twice the precision plus two bits (Figueroa, "When is double rounding innocuous?").
    switch (op) {
    case Opcode::Add:
        r = x + y;
        break;
    case Opcode::Sub:
        r = x - y;
        break;
    case Opcode::Mul:
        r = x * y;
        if (r == 0.0 && x != 0.0 && y != 0.0) return std::nullopt;  // underflow
        break;
    case Opcode::Div:
        if (y == 0.0) return std::nullopt;
        r = x / y;
        if (r == 0.0 && x != 0.0) return std::nullopt;  // underflow
        break;
    case Opcode::Rem:
        // fmod is exact in every precision; HLSL's % on floats truncates like fmod.
        if (y == 0.0) return std::nullopt;
        r = std::fmod(x, y);
        break;
    default:
        return std::nullopt;
    }
    if (!fits_width(r, width)) return std::nullopt;
    return double_to_float_bits(r, width);
}

std::optional<std::uint64_t> fold_int_binary(Opcode op, NumType t, std::uint64_t a, std::uint64_t b) {
    const unsigned w = t.width;
    const bool is_signed = t.cls == NumClass::SInt;
    const std::int64_t sa = ir::sign_extend(a, w), sb = ir::sign_extend(b, w);
    const std::int64_t smin = ir::sign_extend(sign_bit(w), w);
    std::uint64_t r = 0;
    switch (op) {
    case Opcode::Add:
        r = a + b;
        break;
    case Opcode::Sub:
        r = a - b;
        break;
    case Opcode::Mul:
        r = a * b;
        break;
    case Opcode::Div:
    case Opcode::Rem:
        if (b == 0) return std::nullopt;
        if (is_signed) {
            if (sa == smin && sb == -1) return std::nullopt;
            r = static_cast<std::uint64_t>(op == Opcode::Div ? sa / sb : sa % sb);
        } else {
            r = op == Opcode::Div ? a / b : a % b;
        }
        break;
    case Opcode::BitAnd:
        r = a & b;
        break;
    case Opcode::BitOr:
        r = a | b;
        break;
    case Opcode::BitXor:
        r = a ^ b;
        break;
    case Opcode::Shl:
        r = a << (b & (w - 1));
        break;
    case Opcode::Shr:
        r = is_signed ? static_cast<std::uint64_t>(sa >> (b & (w - 1))) : a >> (b & (w - 1));
        break;
    default:
        return std::nullopt;
    }
    return ir::mask_bits(r, w);
}

}  // namespace

FloatClass float_class(std::uint64_t bits, unsigned width) {
    FloatLayout l = layout(width);
    std::uint64_t mant = bits & ((std::uint64_t(1) << l.mant_bits) - 1);
    std::uint64_t exp = (bits >> l.mant_bits) & ((std::uint64_t(1) << l.exp_bits) - 1);
    std::uint64_t exp_max = (std::uint64_t(1) << l.exp_bits) - 1;
    if (exp == exp_max) return mant ? FloatClass::NaN : FloatClass::Infinite;
    if (exp == 0) return mant ? FloatClass::Subnormal : FloatClass::Zero;
    return FloatClass::Normal;
}

double float_to_double(std::uint64_t bits, unsigned width) { return ir::float_value(bits, width); }

std::uint16_t half_from_double(double v) {
    const std::uint64_t x = std::bit_cast<std::uint64_t>(v);
    const std::uint16_t sign = static_cast<std::uint16_t>((x >> 48) & 0x8000u);
    const int exp = static_cast<int>((x >> 52) & 0x7FF);
    const std::uint64_t mant = x & ((std::uint64_t(1) << 52) - 1);
    if (exp == 0x7FF) return static_cast<std::uint16_t>(sign | 0x7C00u | (mant ? 0x200u : 0u));
    if (exp == 0) return sign;  // a double subnormal is far below half's range
    const int e = exp - 1023 + 15;  // the biased half exponent
    if (e >= 31) return static_cast<std::uint16_t>(sign | 0x7C00u);
    const std::uint64_t m = mant | (std::uint64_t(1) << 52);  // 53 significant bits
    // Keep 11 bits for a normal half (the implicit one lands in the exponent field and adds one to
    // it, hence e - 1), fewer for a subnormal one.
    const unsigned shift = e >= 1 ? 42u : static_cast<unsigned>(43 - e);
    if (shift >= 64) return sign;
    std::uint64_t h = m >> shift;
    if (e >= 1) h += static_cast<std::uint64_t>(e - 1) << 10;
    const std::uint64_t rem = m & ((std::uint64_t(1) << shift) - 1);
    const std::uint64_t halfway = std::uint64_t(1) << (shift - 1);
    // Rounding may carry into the exponent, and from the largest finite into infinity: both right.
    if (rem > halfway || (rem == halfway && (h & 1))) ++h;
    return static_cast<std::uint16_t>(sign | h);
}

std::uint64_t double_to_float_bits(double v, unsigned width) {
    if (width == 64) return std::bit_cast<std::uint64_t>(v);
    if (width == 16) return half_from_double(v);
    return std::bit_cast<std::uint32_t>(static_cast<float>(v));
}

std::optional<std::uint64_t> fold_binary(Opcode op, NumType t, std::uint64_t a, std::uint64_t b) {
    switch (t.cls) {
    case NumClass::Float:
        if (op == Opcode::BitAnd || op == Opcode::BitOr || op == Opcode::BitXor || op == Opcode::Shl ||
            op == Opcode::Shr)
            return std::nullopt;
        return fold_float_binary(op, t.width, a, b);
    case NumClass::SInt:
    case NumClass::UInt:
        return fold_int_binary(op, t, a, b);
    case NumClass::Bool:
        if (op == Opcode::BitAnd) return a & b;
        if (op == Opcode::BitOr) return a | b;
        if (op == Opcode::BitXor) return a ^ b;
        return std::nullopt;
    case NumClass::None:
        break;
    }
    return std::nullopt;
}

std::optional<std::uint64_t> fold_unary(Opcode op, NumType t, std::uint64_t a) {
    switch (op) {
    case Opcode::Neg:
        if (t.cls == NumClass::Float) {
            if (!foldable_float(a, t.width)) return std::nullopt;
            return a ^ sign_bit(t.width);
        }
        if (t.cls == NumClass::SInt || t.cls == NumClass::UInt) return ir::mask_bits(0 - a, t.width);
        return std::nullopt;
    case Opcode::BitNot:
        if (t.cls == NumClass::SInt || t.cls == NumClass::UInt) return ir::mask_bits(~a, t.width);
        return std::nullopt;
    case Opcode::LogicalNot:
        if (t.cls == NumClass::Bool) return a ? 0 : 1;
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

std::optional<std::uint64_t> fold_logical(Opcode op, std::uint64_t a, std::uint64_t b) {
    if (op == Opcode::LogicalAnd) return (a && b) ? 1 : 0;
    if (op == Opcode::LogicalOr) return (a || b) ? 1 : 0;
    return std::nullopt;
}

std::optional<bool> fold_compare(Opcode op, NumType t, std::uint64_t a, std::uint64_t b) {
    int order = 0;  // -1, 0, 1
    switch (t.cls) {
    case NumClass::Float: {
        if (!foldable_float(a, t.width) || !foldable_float(b, t.width)) return std::nullopt;
        double x = float_to_double(a, t.width), y = float_to_double(b, t.width);
        order = x < y ? -1 : (x > y ? 1 : 0);  // -0.0 == 0.0
        break;
    }
    case NumClass::SInt: {
        std::int64_t x = ir::sign_extend(a, t.width), y = ir::sign_extend(b, t.width);
        order = x < y ? -1 : (x > y ? 1 : 0);
        break;
    }
    case NumClass::UInt:
    case NumClass::Bool:
        order = a < b ? -1 : (a > b ? 1 : 0);
        break;
    case NumClass::None:
        return std::nullopt;
    }
    switch (op) {
    case Opcode::Eq:
        return order == 0;
    case Opcode::Ne:
        return order != 0;
    case Opcode::Lt:
        return order < 0;
    case Opcode::Le:
        return order <= 0;
    case Opcode::Gt:
        return order > 0;
    case Opcode::Ge:
        return order >= 0;
    default:
        return std::nullopt;
    }
}

std::optional<std::uint64_t> fold_convert(NumType from, NumType to, std::uint64_t a) {
    if (from.cls == NumClass::None || to.cls == NumClass::None) return std::nullopt;
    const bool from_int = from.cls == NumClass::SInt || from.cls == NumClass::UInt;
    const bool to_int = to.cls == NumClass::SInt || to.cls == NumClass::UInt;
    if (from.cls == NumClass::Bool) {
        if (to.cls == NumClass::Bool) return a;
        if (to_int) return a ? 1 : 0;
        return double_to_float_bits(a ? 1.0 : 0.0, to.width);
    }
    if (from_int) {
        // Sign- or zero-extend from the source, then wrap to the target.
        std::uint64_t v = from.cls == NumClass::SInt ? static_cast<std::uint64_t>(ir::sign_extend(a, from.width))
                                                     : ir::mask_bits(a, from.width);
        if (to.cls == NumClass::Bool) return v != 0 ? 1 : 0;
        if (to_int) return ir::mask_bits(v, to.width);
        // Integer to float: one correct rounding into the target's precision.
        std::uint64_t bits = 0;
        double exact = 0;  // the value as a double, to check the range
        if (from.cls == NumClass::SInt) {
            std::int64_t s = static_cast<std::int64_t>(v);
            exact = static_cast<double>(s);
            if (to.width == 64) bits = std::bit_cast<std::uint64_t>(static_cast<double>(s));
            else if (to.width == 32) bits = std::bit_cast<std::uint32_t>(static_cast<float>(s));
            else if (s >= -(std::int64_t(1) << 53) && s <= (std::int64_t(1) << 53)) bits = half_from_double(exact);
            else return std::nullopt;
        } else {
            exact = static_cast<double>(v);
            if (to.width == 64) bits = std::bit_cast<std::uint64_t>(static_cast<double>(v));
            else if (to.width == 32) bits = std::bit_cast<std::uint32_t>(static_cast<float>(v));
            else if (v <= (std::uint64_t(1) << 53)) bits = half_from_double(exact);
            else return std::nullopt;
        }
        if (!foldable_float(bits, to.width)) return std::nullopt;  // overflow to infinity
        return bits;
    }
    // From a float.
    if (!foldable_float(a, from.width)) return std::nullopt;
    const double x = float_to_double(a, from.width);
    if (to.cls == NumClass::Bool) return x != 0.0 ? 1 : 0;
    if (to.cls == NumClass::Float) {
        if (!fits_width(x, to.width)) return std::nullopt;
        return double_to_float_bits(x, to.width);
    }
    const double t = std::trunc(x);
    if (to.cls == NumClass::SInt) {
        const double lo = -std::ldexp(1.0, static_cast<int>(to.width) - 1);
        const double hi = std::ldexp(1.0, static_cast<int>(to.width) - 1);  // exclusive
        if (!(t >= lo && t < hi)) return std::nullopt;
        return ir::mask_bits(static_cast<std::uint64_t>(static_cast<std::int64_t>(t)), to.width);
    }
    const double hi = std::ldexp(1.0, static_cast<int>(to.width));  // exclusive
    if (!(t >= 0.0 && t < hi)) return std::nullopt;
    return ir::mask_bits(static_cast<std::uint64_t>(t), to.width);
}

std::optional<std::uint64_t> fold_bitcast(NumType from, NumType to, std::uint64_t a) {
    if (from.cls == NumClass::None || to.cls == NumClass::None || from.cls == NumClass::Bool ||
        to.cls == NumClass::Bool || from.width != to.width)
        return std::nullopt;
    // The bits stay; a float result must still be one folding may produce.
    if (to.cls == NumClass::Float && !foldable_float(a, to.width)) return std::nullopt;
    return a;
}

}  // namespace oneshader::opt
