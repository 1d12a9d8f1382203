// The intrinsics, one row per id (intrinsics.def): WGSL built-in functions, subgroup functions,
// and the few written out here (bit tests for isnan/isinf, out parameters, any/all of numbers).
#include <fmt/compile.h>
#include <fmt/format.h>

#include <array>

#include "types/types_query.hpp"
#include "wgsl/intrinsic_mapping.hpp"
#include "wgsl/printer.hpp"

namespace oneshader::wgsl {

namespace {

using intrinsics::Id;

constexpr std::array<IntrinsicRow, intrinsics::kIdCount> make_rows() {
    std::array<IntrinsicRow, intrinsics::kIdCount> rows{};
#define FN(id, name) rows[std::size_t(Id::id)] = {IntrinsicMapping::Function, name};
#define BITS(id, name) rows[std::size_t(Id::id)] = {IntrinsicMapping::Bits, name};
#define WAVE(id, name) rows[std::size_t(Id::id)] = {IntrinsicMapping::Wave, name};
#define SPECIAL(id) rows[std::size_t(Id::id)] = {IntrinsicMapping::Special, {}};
#define RAISED(id, transform) rows[std::size_t(Id::id)] = {IntrinsicMapping::Raised, #transform};
#define REFUSED(id, advice) rows[std::size_t(Id::id)] = {IntrinsicMapping::Refused, advice};
#include "wgsl/intrinsics.def"
    return rows;
}

constexpr std::array<IntrinsicRow, intrinsics::kIdCount> kRows = make_rows();

constexpr bool rows_are_unique() {
    std::array<int, intrinsics::kIdCount> seen{};
#define ROW(id) ++seen[std::size_t(Id::id)];
#define FN(id, name) ROW(id)
#define BITS(id, name) ROW(id)
#define WAVE(id, name) ROW(id)
#define SPECIAL(id) ROW(id)
#define RAISED(id, transform) ROW(id)
#define REFUSED(id, advice) ROW(id)
#include "wgsl/intrinsics.def"
#include "textgen/format.hpp"
#undef ROW
    for (int n : seen)
        if (n > 1) return false;
    return true;
}
static_assert(rows_are_unique(), "wgsl/intrinsics.def: an id has two rows");

}  // namespace

const IntrinsicRow& intrinsic_row(intrinsics::Id id) {
    static const IntrinsicRow kNone{};
    return std::size_t(id) < kRows.size() ? kRows[std::size_t(id)] : kNone;
}

namespace {

std::string u32_of_shape(std::uint32_t n) { return n > 1 ? textgen::format(FMT_COMPILE("vec{}<u32>"), n) : "u32"; }

// Whether a Function row prints as `name(args)`: WGSL has no scalar dot (a product) and spells
// length, normalize and distance of scalars with abs and sign.
bool spelled_as_call(Id id, const sema::Type* first) {
    if (id == Id::Dot && first &&
        ((!sema::is_integer(first) && sema::component_count(first) == 1) || !first->is<sema::VectorType>()))
        return false;
    if ((id == Id::Length || id == Id::Normalize || id == Id::Distance) && (!first || sema::component_count(first) == 1))
        return false;
    return true;
}

}  // namespace

bool Printer::append_intrinsic_call(std::string& out, const ir::Instruction* i) {
    const Id id = i->intrinsic;
    const IntrinsicRow& row = intrinsic_row(id);
    // Subgroup functions go through intrinsic(), which checks the stage first.
    if (row.mapping != IntrinsicMapping::Function || intrinsics::is_wave(id) ||
        !spelled_as_call(id, i->operands.empty() ? nullptr : i->operands[0]->type()))
        return false;
    if (intrinsics::takes_derivatives(id)) derivatives_ = true;  // as intrinsic() does
    append_call(out, row.text, i);
    return true;
}

void Printer::append_call(std::string& out, std::string_view name, const ir::Instruction* i) {
    textgen::append_all(out, name, '(');
    for (std::size_t k = 0; k < i->operands.size(); ++k) {
        if (k) out += ", ";
        append_value(out, i->operands[k]);
    }
    out += ')';
}

std::string Printer::intrinsic(const ir::Instruction* i) {
    Id id = i->intrinsic;
    const IntrinsicRow& row = intrinsic_row(id);
    std::string n(intrinsics::name(id));
    auto args = [&]() {
        std::string s;
        for (std::size_t k = 0; k < i->operands.size(); ++k) {
            std::string e = value(i->operands[k]);
            textgen::append_all(s, k ? ", " : "", e);
        }
        return s;
    };
    const sema::Type* first = i->operands.empty() ? nullptr : i->operands[0]->type();
    std::uint32_t count = first ? sema::component_count(first) : 1;
    if (intrinsics::is_wave(id) || row.mapping == IntrinsicMapping::Wave) {
        if (entry_.stage == ir::ShaderStage::Vertex) {
            refuse(textgen::format(FMT_COMPILE("The intrinsic '{}' is not available in a vertex shader in WGSL: WebGPU's subgroup "
                               "functions exist only in compute and fragment shaders."),
                               n));
            return "0";
        }
        use_subgroups();
    }
    if (intrinsics::takes_derivatives(id)) derivatives_ = true;
    switch (row.mapping) {
        case IntrinsicMapping::None:
            malformed(textgen::format(FMT_COMPILE("the intrinsic '{}' has no WGSL row"), n));
            return "0";
        case IntrinsicMapping::Raised:
            malformed(textgen::format(FMT_COMPILE("the intrinsic '{}' should have been rewritten by the raise transform '{}'"), n, row.text));
            return "0";
        case IntrinsicMapping::Refused:
            refuse(textgen::format(FMT_COMPILE("The intrinsic '{}' is not available in WGSL; {}, or compile this shader for SPIR-V only."), n,
                               row.text));
            return "0";
        case IntrinsicMapping::Function: {
            if (spelled_as_call(id, first)) {
                std::string s;
                append_call(s, row.text, i);
                return s;
            }
            if (id == Id::Dot) return "(" + value(i->operands[0]) + " * " + value(i->operands[1]) + ")";
            if (id == Id::Length) return "abs(" + args() + ")";
            if (id == Id::Distance) return "abs(" + value(i->operands[0]) + " - " + value(i->operands[1]) + ")";
            return "sign(" + args() + ")";  // normalize
        }
        case IntrinsicMapping::Bits: {
            std::string a = args();
            std::string e = textgen::cat(row.text, '(', a, ')');
            return convert_bits(e, first, i->type());
        }
        case IntrinsicMapping::Wave: return std::string(row.text) + "(" + args() + ")";
        case IntrinsicMapping::Special: break;
    }
    auto a = [&](std::size_t k) { return value(i->operands[k]); };
    switch (id) {
        case Id::Fmod: return "(" + a(0) + " % " + a(1) + ")";
        case Id::IsNan:
        case Id::IsInf: {
            std::string u = u32_of_shape(count);
            std::string bits = "(bitcast<" + u + ">(" + a(0) + ") & " + u + "(0x7fffffffu))";
            return "(" + bits + (id == Id::IsNan ? " > " : " == ") + u + "(0x7f800000u))";
        }
        case Id::AsFloat:
        case Id::AsInt:
        case Id::AsUint: return "bitcast<" + type(i->type()) + ">(" + a(0) + ")";
        case Id::F16ToF32: {
            if (count == 1) return "unpack2x16float(" + a(0) + ").x";
            std::string s = type(i->type()) + "(";
            for (std::uint32_t k = 0; k < count; ++k)
                s += textgen::format(FMT_COMPILE("{}unpack2x16float({}.{}).x"), k ? ", " : "", a(0), "xyzw"[k]);
            return s + ")";
        }
        case Id::F32ToF16: {
            if (count == 1) return "pack2x16float(vec2<f32>(" + a(0) + ", 0.0f))";
            std::string s = type(i->type()) + "(";
            for (std::uint32_t k = 0; k < count; ++k)
                s += textgen::format(FMT_COMPILE("{}pack2x16float(vec2<f32>({}.{}, 0.0f))"), k ? ", " : "", a(0), "xyzw"[k]);
            return s + ")";
        }
        case Id::All:
        case Id::Any: {
            std::string e = a(0);
            if (!sema::is_bool(first)) e = "(" + e + " != " + zero(first) + ")";
            if (count == 1) return e;
            return std::string(id == Id::All ? "all" : "any") + "(" + e + ")";
        }
        case Id::WaveActiveAllEqual: {
            std::string e = "(" + a(0) + " == subgroupBroadcastFirst(" + a(0) + "))";
            if (count > 1) e = "all" + e;
            return "subgroupAll(" + e + ")";
        }
        case Id::WaveGetLaneIndex:
        case Id::WaveGetLaneCount: {
            // Private variables the entry function fills from the subgroup built-ins.
            const std::string& var = id == Id::WaveGetLaneIndex ? lane_index_ : lane_count_;
            return convert(var, module_.types().scalar(sema::ScalarKind::UInt), i->type());
        }
        case Id::WaveActiveCountBits: return "subgroupAdd(u32(" + a(0) + "))";
        case Id::WavePrefixCountBits: return "subgroupExclusiveAdd(u32(" + a(0) + "))";
        case Id::WaveReadLaneAt: return "subgroupShuffle(" + a(0) + ", " + u32_value(i->operands[1]) + ")";
        case Id::QuadReadLaneAt:
            if (!i->operands[1]->is<ir::Constant>()) {
                refuse("WGSL's quadBroadcast needs a constant lane; pass QuadReadLaneAt a literal lane index");
                return "0";
            }
            return "quadBroadcast(" + a(0) + ", " + u32_value(i->operands[1]) + ")";
        default: break;
    }
    malformed(textgen::format(FMT_COMPILE("the intrinsic '{}' with these operands"), n));
    return "0";
}

std::string Printer::convert_bits(const std::string& e, const sema::Type* from, const sema::Type* to) {
    if (!from || type(from) == type(to)) return e;
    return "bitcast<" + type(to) + ">(" + e + ")";
}

bool Printer::intrinsic_statement(const ir::Instruction* i, const std::string& result_name) {
    Id id = i->intrinsic;
    if (id != Id::SinCos && id != Id::Frexp && id != Id::Modf) {
        if (i->type()->is<sema::VoidType>()) {
            out().line_of(intrinsic(i), ';');
            return true;
        }
        // Effects (waves, derivatives) stay where the IR puts them.
        if (intrinsics::is_pure(id) && !intrinsics::is_wave(id) && !intrinsics::takes_derivatives(id)) return false;
        out().line_of("let ", result_name, " = ", intrinsic(i), ';');
        return true;
    }
    for (std::size_t k = 1; k < i->operands.size(); ++k) {
        Ref r = pointer(i->operands[k]);
        if (r.in_buffer) {
            refuse(textgen::format(FMT_COMPILE("WGSL: '{}' writing its out parameter into a buffer is not supported; use a local"),
                               intrinsics::name(id)));
            return true;
        }
    }
    std::string x = value(i->operands[0]);
    if (id == Id::SinCos) {
        store(i->operands[1], "sin(" + x + ")", i->operands[0]->type());
        store(i->operands[2], "cos(" + x + ")", i->operands[0]->type());
        return true;
    }
    std::string tmp = locals_.fresh(id == Id::Frexp ? "fr" : "mf");
    out().line_of("let ", tmp, " = ", std::string(id == Id::Frexp ? "frexp(" : "modf("), x, ");");
    if (id == Id::Frexp) {
        store(i->operands[1], type(i->operands[0]->type()) + "(" + tmp + ".exp)", i->operands[0]->type());
        out().line_of("let ", result_name, " = ", tmp, ".fract;");
    } else {
        store(i->operands[1], tmp + ".whole", i->operands[0]->type());
        out().line_of("let ", result_name, " = ", tmp, ".fract;");
    }
    return true;
}

}  // namespace oneshader::wgsl
