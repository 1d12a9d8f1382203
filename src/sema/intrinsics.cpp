#include "sema/intrinsics.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>

#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {
namespace {

// --- mul ----------------------------------------------------------------------------------------

enum class MulShape : std::uint8_t { Scalar, Vector, Matrix };

std::optional<MulShape> mul_shape_of(const Type* t) {
    if (t->is<ScalarType>()) return MulShape::Scalar;
    if (t->is<VectorType>()) return MulShape::Vector;
    if (t->is<MatrixType>()) return MulShape::Matrix;
    return std::nullopt;
}

std::optional<MulShape> mul_shape_word(std::string_view w) {
    if (w.starts_with("scalar")) return MulShape::Scalar;
    if (w.starts_with("vector")) return MulShape::Vector;
    if (w.starts_with("matrix")) return MulShape::Matrix;
    return std::nullopt;
}

// mul's nine forms: the operand shapes pick the row; the component type is the more precise of
// the two (literals take their default type); the side the operands share (the vector's length,
// the first matrix's columns, the second's rows) is the smaller of the two sizes, and the longer
// operand is truncated to it (an implicit truncation, OSH0311), as DXC and FXC take the smallest
// size for a template dimension: mul(float4, float3x3) uses v.xyz, mul(float3, float4x4) the
// first three rows, mul(float2x4, float3x3) the 2x3 corner of the first and a float3x3 result
// of 2x3.
Match match_mul(TypeContext& types, const IntrinsicInfo& row, std::span<const CallArg> args, bool explain) {
    Match m;
    if (args.size() != 2) {
        if (explain) m.why = "takes 2 arguments";
        return m;
    }
    const Type* a = args[0].type;
    const Type* b = args[1].type;
    if (!a || !b || (!is_numeric(a) && !is_bool(a)) || (!is_numeric(b) && !is_bool(b))) {
        if (explain) m.why = "needs scalars, vectors or matrices";
        return m;
    }
    std::size_t comma = row.params.find(',');
    auto want_a = mul_shape_word(row.params.substr(0, comma));
    auto want_b = mul_shape_word(row.params.substr(comma + 2));
    if (mul_shape_of(a) != want_a || mul_shape_of(b) != want_b) {
        if (explain) m.why = "the operand shapes differ";
        return m;
    }
    // The component: the template rules of a numeric T over both operands.
    static const Signature sig = parse_signature("T", "T<numeric,any> a, T b");
    CallArg scalars[2] = {{component_type(a), false}, {component_type(b), false}};
    Match c = match_signature(types, sig, scalars, {}, explain);
    if (!c.viable) {
        if (explain) m.why = c.why;
        return m;
    }
    const ScalarType* k = c.result->as<ScalarType>();
    const Type* pa = nullptr;
    const Type* pb = nullptr;
    const Type* result = nullptr;
    const auto* va = a->as<VectorType>();
    const auto* vb = b->as<VectorType>();
    const auto* ma = a->as<MatrixType>();
    const auto* mb = b->as<MatrixType>();
    switch (*want_a) {
        case MulShape::Scalar:
            pa = k;
            pb = *want_b == MulShape::Scalar ? static_cast<const Type*>(k)
                 : vb                       ? static_cast<const Type*>(types.vector(k, vb->count))
                                            : static_cast<const Type*>(types.matrix(k, mb->rows, mb->cols));
            result = pb;
            break;
        case MulShape::Vector:
            pa = types.vector(k, va->count);
            if (*want_b == MulShape::Scalar) {
                pb = k;
                result = pa;
            } else if (vb) {
                pa = pb = types.vector(k, std::min(va->count, vb->count));
                result = k;
            } else {
                std::uint8_t inner = std::min(va->count, mb->rows);
                pa = types.vector(k, inner);
                pb = types.matrix(k, inner, mb->cols);
                result = mb->cols == 1 ? static_cast<const Type*>(k) : types.vector(k, mb->cols);
            }
            break;
        case MulShape::Matrix:
            pa = types.matrix(k, ma->rows, ma->cols);
            if (*want_b == MulShape::Scalar) {
                pb = k;
                result = pa;
            } else if (vb) {
                std::uint8_t inner = std::min(vb->count, ma->cols);
                pa = types.matrix(k, ma->rows, inner);
                pb = types.vector(k, inner);
                result = ma->rows == 1 ? static_cast<const Type*>(k) : types.vector(k, ma->rows);
            } else {
                std::uint8_t inner = std::min(ma->cols, mb->rows);
                pa = types.matrix(k, ma->rows, inner);
                pb = types.matrix(k, inner, mb->cols);
                result = types.matrix(k, ma->rows, mb->cols);
            }
            break;
    }
    m.params = {{pa, ParamDirection::In}, {pb, ParamDirection::In}};
    m.ranks = {conversion_rank(a, pa), conversion_rank(b, pb)};
    m.result = result;
    m.viable = true;
    return m;
}

// Every row's signature, parsed once for all compiles (the table is immutable).
// A row's parsed signature, parsed the first time a call tries the row, once per process:
// parsing the whole table up front cost every process more than its shader did. A parsed row
// never changes.
const Signature& parsed_signature(const IntrinsicInfo& row) {
    struct Parsed {
        std::vector<Signature> rows;
        std::unique_ptr<std::once_flag[]> once;
    };
    static Parsed parsed = [] {
        Parsed p;
        p.rows.resize(intrinsic_table().size());
        p.once = std::make_unique<std::once_flag[]>(intrinsic_table().size());
        return p;
    }();
    const std::size_t i = std::size_t(&row - intrinsic_table().data());
    std::call_once(parsed.once[i], [&] { parsed.rows[i] = parse_signature(row.result, row.params); });
    return parsed.rows[i];
}

Match match_row(TypeContext& types, const IntrinsicInfo& row, std::span<const CallArg> args, bool explain) {
    if (row.id == Intrinsic::Mul) return match_mul(types, row, args, explain);
    return match_signature(types, parsed_signature(row), args, {}, explain);
}

}  // namespace

std::string stage_list(std::uint8_t stages) {
    static constexpr std::array<std::pair<Stage, std::string_view>, 3> kNames = {
        std::pair{Stage::Vertex, std::string_view("vertex")},
        std::pair{Stage::Pixel, std::string_view("pixel")},
        std::pair{Stage::Compute, std::string_view("compute")},
    };
    std::vector<std::string_view> names;
    for (const auto& [s, n] : kNames)
        if (stages & stage_bit(s)) names.push_back(n);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) out += i + 1 == names.size() ? " and " : ", ";
        out += names[i];
    }
    return out;
}

namespace {

// `'name'`, for messages (built by appending: `"'" + std::string(name)` makes GCC 12 warn of an
// overlapping copy that cannot happen).
std::string quote(std::string_view name) {
    std::string out;
    out.reserve(name.size() + 2);
    out += '\'';
    out += name;
    out += '\'';
    return out;
}

}  // namespace

bool check_intrinsic_stage(const IntrinsicInfo& info, Stage stage, support::DiagnosticEngine& diags,
                           support::SourceRange range) {
    if (info.stages & stage_bit(stage)) return true;
    std::string here = stage_list(stage_bit(stage));
    diags.report(support::DiagCode::intrinsic_wrong_stage, range,
                 quote(info.name) + " is only available in " + stage_list(info.stages) +
                     " shaders, and this is a " + here + " shader. Move the call to a " +
                     stage_list(info.stages).substr(0, stage_list(info.stages).find(' ')) +
                     " shader, or compute the value there and pass it in.");
    return false;
}

std::optional<ResolvedCall> resolve_intrinsic_call(TypeContext& types, std::string_view name,
                                                   std::span<const CallArg> args, const CallSite& site) {
    using support::DiagCode;
    std::span<const IntrinsicInfo> rows = find_intrinsic(name);
    if (rows.empty()) {
        site.diags.report(DiagCode::internal_error, site.range,
                          "internal error: " + quote(name) + " is not an intrinsic");
        return std::nullopt;
    }
    // Built only for messages: most calls resolve without one.
    auto quoted = [&] { return quote(name); };
    if (rows[0].flags & kPartitioned) {
        site.diags.report(DiagCode::unsupported_construct, site.range,
                          "The intrinsic " + quoted() +
                              " is not supported: it needs partitioned subgroup operations, which no target offers "
                              "portably (SPIR-V has only a vendor extension; MSL and WGSL have none). Build the groups "
                              "with WaveActiveBallot and WaveReadLaneFirst in a loop instead.");
        return std::nullopt;
    }
    // printf is checked before the table (its format is a string literal, no value); a call that
    // reaches the table has no format.
    if ((rows[0].flags & kRefused) || rows[0].id == Intrinsic::Printf) {
        std::string why = rows[0].id == Intrinsic::Noise
                              ? "it exists only for the legacy tx_1_0 texture-shader target. Write the noise function "
                                "in HLSL, or sample a noise texture."
                          : rows[0].id == Intrinsic::Printf
                              ? "its first argument must be the format, as a string literal."
                              : "no target has a way to stop the whole dispatch or an error output. Remove the call, "
                                "or keep it behind an #ifdef that is off when compiling with OneShader.";
        site.diags.report(DiagCode::intrinsic_refused, site.range, quoted() + " is not supported: " + why);
        return std::nullopt;
    }
    if ((rows[0].flags & kAtomic) && !args.empty() && args[0].type) {
        const ScalarType* c = component_type(args[0].type);
        bool float_exchange = rows[0].id == Intrinsic::InterlockedExchange && c && c->scalar == ScalarKind::Float &&
                              args[0].type->as<ScalarType>();
        if (c && is_float_kind(c->scalar) && !float_exchange) {
            site.diags.report(DiagCode::atomic_on_float, site.range,
                              quoted() + " works on int, uint, int64_t and uint64_t, but the first argument is '" +
                                  type_name(args[0].type) +
                                  "'. Float atomics are not supported; reinterpret the data as uint with "
                                  "asuint()/asfloat().");
            return std::nullopt;
        }
    }

    // First without reasons; they are built only when no overload fits and a message needs them.
    // Only the viable matches are kept: most calls have one, which needs no list.
    Match first;
    std::size_t first_row = 0;
    std::vector<std::pair<std::size_t, Match>> others;  // the viable ones after the first, with their rows
    std::size_t viable_count = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        Match m = match_row(types, rows[i], args, false);
        if (!m.viable) continue;
        if (viable_count++ == 0) {
            first = std::move(m);
            first_row = i;
        } else {
            others.emplace_back(i, std::move(m));
        }
    }

    if (viable_count == 0) {
        std::vector<Match> matches;
        matches.reserve(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) matches.push_back(match_row(types, rows[i], args, true));
        // An output argument that is not an lvalue gets its own message when it is the only problem.
        for (const Match& m : matches) {
            if (m.why.find("needs an lvalue") != std::string::npos) {
                site.diags.report(DiagCode::intrinsic_out_not_lvalue, site.range,
                                  "In the call to " + quoted() + ", " + m.why.substr(0, m.why.find(" is an output")) +
                                      " is an out parameter: pass a variable, a member or an element, not a value.");
                return std::nullopt;
            }
        }
        std::string msg = "No overload of " + quoted() + " takes (" + describe_args(args) + ")";
        if (rows.size() == 1) {
            msg += ": " + intrinsic_signature_text(rows[0]) + " " + matches[0].why + ".";
            site.diags.report(DiagCode::intrinsic_no_match, site.range, msg);
        } else {
            msg += ". The candidates are:";
            site.diags.report(DiagCode::intrinsic_no_match, site.range, msg);
            for (std::size_t i = 0; i < rows.size(); ++i)
                site.diags.note(site.range, "candidate " + intrinsic_signature_text(rows[i]) + ": " + matches[i].why);
        }
        return std::nullopt;
    }

    // The viable matches in row order: k = 0 is `first`, k > 0 others[k - 1].
    auto viable_row = [&](std::size_t k) { return k == 0 ? first_row : others[k - 1].first; };
    auto viable_match = [&](std::size_t k) -> Match& { return k == 0 ? first : others[k - 1].second; };
    Selection sel;
    if (viable_count == 1) {
        sel.best = 0;
    } else {
        sel = select_best_of(viable_count, [&](std::size_t k) { return std::span<const ConversionRank>(viable_match(k).ranks); });
    }
    if (sel.best < 0) {
        site.diags.report(DiagCode::call_ambiguous, site.range,
                          "The call " + std::string(name) + "(" + describe_args(args) +
                              ") is ambiguous: several overloads match equally well. Cast the arguments to the "
                              "types of the one you mean.");
        for (std::size_t t : sel.tied)
            site.diags.note(site.range, "candidate " + intrinsic_signature_text(rows[viable_row(t)]));
        return std::nullopt;
    }

    const IntrinsicInfo& row = rows[viable_row(std::size_t(sel.best))];
    Match& m = viable_match(std::size_t(sel.best));
    if (m.narrowed_double) {
        site.diags.report(DiagCode::double_narrowed_to_float, site.range,
                          quoted() + " has no double version: the argument is converted to float, so the result has "
                                     "float precision. Use +, -, *, /, min, max, abs, clamp or fma to keep double "
                                     "precision.");
    }
    if (site.stage && !check_intrinsic_stage(row, *site.stage, site.diags, site.range)) return std::nullopt;

    ResolvedCall call;
    call.info = &row;
    call.result = m.result;
    call.params = std::move(m.params);
    call.ranks = std::move(m.ranks);
    call.narrowed_double = m.narrowed_double;
    return call;
}

}  // namespace oneshader::sema
