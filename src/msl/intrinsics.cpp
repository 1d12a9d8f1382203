// The intrinsics of msl/intrinsics.def: one Metal function on the same operands, or a short
// expression written out here (with a few statements before the line that uses it where a value is
// needed twice or goes through an out parameter).
#include <fmt/compile.h>
#include <fmt/format.h>

#include "msl/printer.hpp"
#include "types/types_query.hpp"

namespace oneshader::msl {

using intrinsics::Id;

namespace {

enum class Row : std::uint8_t { None, Call, Special, Raised, Refused };

struct Entry {
    Row row = Row::None;
    const char* text = nullptr;  // the Metal name, or the refusal's reason
};

struct Table {
    Entry entries[intrinsics::kIdCount];
    constexpr Table() {
#define CALL(id, name) entries[static_cast<std::size_t>(Id::id)] = {Row::Call, name};
#define SPECIAL(id) entries[static_cast<std::size_t>(Id::id)] = {Row::Special, nullptr};
#define RAISED(id, transform) entries[static_cast<std::size_t>(Id::id)] = {Row::Raised, #transform};
#define REFUSED(id, why) entries[static_cast<std::size_t>(Id::id)] = {Row::Refused, why};
#include "msl/intrinsics.def"
#include "textgen/format.hpp"
    }
};

constexpr Table kTable;

const Entry& entry(Id id) {
    static const Entry none;
    std::size_t k = static_cast<std::size_t>(id);
    return k < intrinsics::kIdCount ? kTable.entries[k] : none;
}

}  // namespace

bool has_intrinsic_row(Id id) { return entry(id).row != Row::None; }
bool intrinsic_is_raised(Id id) { return entry(id).row == Row::Raised; }

bool Printer::append_intrinsic_call(std::string& out, const ir::Instruction* i) {
    const Entry& e = entry(i->intrinsic);
    if (e.row != Row::Call) return false;
    textgen::append_all(out, e.text, '(');
    for (std::size_t k = 0; k < i->operands.size(); ++k) {
        if (k) out += ", ";
        append_expr(out, i->operands[k]);
    }
    out += ')';
    return true;
}

std::string Printer::intrinsic_expr(const ir::Instruction* i) {
    const Entry& e = entry(i->intrinsic);
    auto op = [&](std::size_t k) { return expr(i->operands[k]); };
    const sema::Type* rt = i->type()->value_type();
    auto args = [&]() {
        std::string out;
        for (std::size_t k = 0; k < i->operands.size(); ++k) {
            std::string a = op(k);
            textgen::append_all(out, k ? ", " : "", a);
        }
        return out;
    };
    auto temp = [&](const sema::Type* t, const std::string& value, std::string_view want) {
        std::string n = local_names_.fresh(want);
        out_.line_of(type_name(t), ' ', n, " = ", value, ';');
        return n;
    };
    switch (e.row) {
    case Row::None:
        fail(support::DiagCode::msl_malformed_input,
             textgen::format(FMT_COMPILE("the intrinsic '{}' has no row in the MSL table"), intrinsics::name(i->intrinsic)));
        return "0";
    case Row::Refused:
        fail(support::DiagCode::msl_not_supported,
             textgen::format(FMT_COMPILE("MSL: {}; compile this shader for SPIR-V only"), e.text));
        return "0";
    case Row::Raised:
        fail(support::DiagCode::msl_malformed_input,
             textgen::format(FMT_COMPILE("'{}' reached the printer unraised (run msl::raise first: {})"), intrinsics::name(i->intrinsic),
                         e.text));
        return "0";
    case Row::Call: {
        std::string out;
        append_intrinsic_call(out, i);
        return out;
    }
    case Row::Special: break;
    }
    const sema::Type* t0 = i->operands.empty() ? rt : i->operands[0]->type()->value_type();
    const sema::ScalarType* s0 = sema::component_type(t0);
    const std::uint32_t n0 = sema::component_count(t0);
    switch (i->intrinsic) {
    case Id::Clamp: return "clamp(" + args() + ")";
    case Id::Sign: {
        // polyfill_sign leaves the call answering in its operand's type, and unsigned operands
        // compared with zero. Metal's sign() takes floats only; a signed integer's sign is
        // (x > 0) - (x < 0) in its own type.
        if (i->operands.size() != 1 || !s0) break;
        if (sema::is_float_kind(s0->scalar)) return textgen::cat("sign(", op(0), ')');
        // A vector comparison is a bool vector, named as such (as operator_text does) so that it
        // converts to 0 and 1, not to a C++ vector mask.
        std::string v = temp(t0, op(0), "x");
        std::string tn = type_name(t0);
        std::string b = n0 > 1 ? textgen::format(FMT_COMPILE("bool{}"), n0) : std::string();
        return textgen::format(FMT_COMPILE("({0}({2}({1} > {0}(0))) - {0}({2}({1} < {0}(0))))"), tn, v, b);
    }
    // Only fragment functions have helper threads; elsewhere no thread is one.
    case Id::IsHelperLane: return entry_.stage == ir::ShaderStage::Pixel ? "simd_is_helper_thread()" : "false";
    case Id::Degrees: return textgen::format(FMT_COMPILE("({} * {}(57.29577951f))"), op(0), s0 ? scalar_name(s0) : "float");
    case Id::Radians: return textgen::format(FMT_COMPILE("({} * {}(0.01745329252f))"), op(0), s0 ? scalar_name(s0) : "float");
    case Id::Dot: {
        if (sema::is_float(t0) && n0 > 1) return "dot(" + args() + ")";
        if (n0 == 1) return "(" + op(0) + " * " + op(1) + ")";
        std::string a = temp(t0, op(0), "a"), b = temp(t0, op(1), "b");
        std::string sum;
        for (std::uint32_t k = 0; k < n0; ++k) sum += textgen::format(FMT_COMPILE("{}{}.{} * {}.{}"), k ? " + " : "", a, "xyzw"[k], b, "xyzw"[k]);
        return "(" + sum + ")";
    }
    case Id::Frexp: {
        std::optional<Place> p = place(i->operands[1]);
        std::string et = n0 == 1 ? "int" : textgen::format(FMT_COMPILE("int{}"), n0);
        std::string ex = local_names_.fresh("exponent");
        out_.line_of(et, " ", ex, " = ", et, "(0);");
        std::string m = temp(rt, "frexp(" + op(0) + ", " + ex + ")", "mantissa");
        if (p) out_.line_of(p->lvalue, " = ", type_name(t0), "(", ex, ");");
        return m;
    }
    case Id::Modf: {
        std::optional<Place> p = place(i->operands[1]);
        std::string ip = local_names_.fresh("whole");
        out_.line(type_name(t0) + " " + ip + " = " + type_name(t0) + "(0);");
        std::string f = temp(rt, "modf(" + op(0) + ", " + ip + ")", "fraction");
        if (p) out_.line_of(p->lvalue, " = ", ip, ";");
        return f;
    }
    case Id::AsFloat:
    case Id::AsInt:
    case Id::AsUint:
    case Id::AsFloat16:
    case Id::AsInt16:
    case Id::AsUint16:
        if (i->operands.size() != 1) break;
        if (type_name(t0) == type_name(rt)) return op(0);
        return "as_type<" + type_name(rt) + ">(" + op(0) + ")";
    case Id::F16ToF32: {
        std::string h = n0 == 1 ? "half" : textgen::format(FMT_COMPILE("half{}"), n0), u = n0 == 1 ? "ushort" : textgen::format(FMT_COMPILE("ushort{}"), n0);
        return textgen::format(FMT_COMPILE("{}(as_type<{}>({}({})))"), type_name(rt), h, u, op(0));
    }
    case Id::F32ToF16: {
        std::string h = n0 == 1 ? "half" : textgen::format(FMT_COMPILE("half{}"), n0), u = n0 == 1 ? "ushort" : textgen::format(FMT_COMPILE("ushort{}"), n0);
        return textgen::format(FMT_COMPILE("{}(as_type<{}>({}({})))"), type_name(rt), u, h, op(0));
    }
    case Id::FirstBitHigh:
    case Id::FirstBitLow: {
        // HLSL gives ~0 where no bit is found; firstbithigh of a negative int finds the first zero.
        std::string v = temp(t0, op(0), "bits");
        bool is_signed = s0 && sema::is_signed_kind(s0->scalar);
        std::string tn = type_name(t0);
        std::string zero = tn + "(0)";
        if (i->intrinsic == Id::FirstBitHigh) {
            if (is_signed) v = temp(t0, textgen::format(FMT_COMPILE("select({0}, ~{0}, {0} < {1})"), v, zero), "magnitude");
            if (n0 == 1) v = temp(t0, textgen::format(FMT_COMPILE("({0} < {1} ? ~{0} : {0})"), op(0), zero), "magnitude");
            std::string found = textgen::format(FMT_COMPILE("({}(31) - {}(clz({})))"), type_name(rt), type_name(rt), v);
            return n0 == 1 ? textgen::format(FMT_COMPILE("({} == {} ? {}(-1) : {})"), v, zero, type_name(rt), found)
                           : textgen::format(FMT_COMPILE("select({}, {}(-1), {})"), found, type_name(rt),
                                         textgen::format(FMT_COMPILE("bool{}({} == {})"), n0, v, zero));
        }
        std::string found = textgen::format(FMT_COMPILE("{}(ctz({}))"), type_name(rt), v);
        return n0 == 1 ? textgen::format(FMT_COMPILE("({} == {} ? {}(-1) : {})"), v, zero, type_name(rt), found)
                       : textgen::format(FMT_COMPILE("select({}, {}(-1), bool{}({} == {}))"), found, type_name(rt), n0, v, zero);
    }
    case Id::All:
    case Id::Any: {
        const char* fn = i->intrinsic == Id::All ? "all" : "any";
        if (n0 == 1) return sema::is_bool(t0) ? op(0) : "bool(" + op(0) + ")";
        if (sema::is_bool(t0)) return std::string(fn) + "(" + op(0) + ")";
        return textgen::format(FMT_COMPILE("{}(bool{}({} != {}(0)))"), fn, n0, op(0), type_name(t0));
    }
    case Id::WaveActiveAllEqual: {
        std::string v = temp(t0, op(0), "value");
        if (n0 == 1) return textgen::format(FMT_COMPILE("simd_all({0} == simd_broadcast_first({0}))"), v);
        std::string first = temp(t0, "simd_broadcast_first(" + v + ")", "first");
        std::string lanes;
        for (std::uint32_t k = 0; k < n0; ++k)
            lanes += textgen::format(FMT_COMPILE("{}simd_all({}.{} == {}.{})"), k ? ", " : "", v, "xyzw"[k], first, "xyzw"[k]);
        return textgen::format(FMT_COMPILE("bool{}({})"), n0, lanes);
    }
    case Id::WaveActiveBallot: {
        std::string b = temp(module_.types().scalar(sema::ScalarKind::UInt64), "ulong(simd_ballot(" + op(0) + "))", "ballot");
        return textgen::format(FMT_COMPILE("uint4(uint({0}), uint({0} >> 32), 0u, 0u)"), b);
    }
    case Id::WaveActiveCountBits: return "simd_sum(uint(" + op(0) + "))";
    case Id::WavePrefixCountBits: return "simd_prefix_exclusive_sum(uint(" + op(0) + "))";
    case Id::WaveGetLaneCount: return "oneshader_lane_count";
    case Id::WaveGetLaneIndex: return "oneshader_lane";
    case Id::WaveReadLaneAt: return "simd_shuffle(" + op(0) + ", ushort(" + op(1) + "))";
    case Id::QuadReadAcrossX: return "quad_shuffle_xor(" + op(0) + ", ushort(1))";
    case Id::QuadReadAcrossY: return "quad_shuffle_xor(" + op(0) + ", ushort(2))";
    case Id::QuadReadAcrossDiagonal: return "quad_shuffle_xor(" + op(0) + ", ushort(3))";
    case Id::QuadReadLaneAt: return "quad_shuffle(" + op(0) + ", ushort(" + op(1) + "))";
    default: break;
    }
    fail(support::DiagCode::msl_not_supported,
         textgen::format(FMT_COMPILE("MSL: this form of '{}' is not supported by the Metal backend; compile this shader for SPIR-V only"),
                     intrinsics::name(i->intrinsic)));
    return "0";
}

void Printer::intrinsic_effect(const ir::Instruction* i) {
    if (i->intrinsic == Id::SinCos && i->operands.size() == 3) {
        std::string x = expr(i->operands[0]);
        std::optional<Place> s = place(i->operands[1]);
        std::optional<Place> c = place(i->operands[2]);
        if (!s || !c) return;
        out_.line_of(s->lvalue, " = sin(", x, ");");
        out_.line_of(c->lvalue, " = cos(", x, ");");
        return;
    }
    std::string e = intrinsic_expr(i);
    if (!failed_) out_.line_of(e, ";");
}

}  // namespace oneshader::msl
