// printf: the one call whose first argument is a string literal. Its format reaches the SPIR-V
// backend as an OpString of NonSemantic.DebugPrintf (the Vulkan validation layer's and RenderDoc's
// debug output), so the string is decoded here as C does; the arguments are the scalars and
// vectors the format's conversions read, each in a 32- or 64-bit type the layer can print.
#include <fmt/format.h>

#include "intrinsics/id.hpp"
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The bytes a C string literal's escapes stand for. False (with `bad` the escape) for one that
// C does not define, so a typo is an error, not a different message.
bool decode_escapes(std::string_view s, std::string& out, std::string& bad) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c != '\\' || i + 1 >= s.size()) {
            out += c;
            continue;
        }
        char e = s[++i];
        switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        case '?': out += '?'; break;
        case 'x': {
            unsigned v = 0;
            std::size_t digits = 0;
            while (i + 1 < s.size() && hex_digit(s[i + 1]) >= 0 && digits < 2) v = v * 16 + unsigned(hex_digit(s[++i])), ++digits;
            if (digits == 0) {
                bad = "\\x";
                return false;
            }
            out += static_cast<char>(v);
            break;
        }
        default:
            if (e >= '0' && e <= '7') {
                unsigned v = unsigned(e - '0');
                for (int k = 0; k < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++k)
                    v = v * 8 + unsigned(s[++i] - '0');
                out += static_cast<char>(v & 0xFF);
                break;
            }
            bad = std::string("\\") + e;
            return false;
        }
    }
    return true;
}

// The conversions of a printf format that read an argument: every '%' but "%%". A format the
// layer cannot parse prints nothing useful, but that is its rule to apply, not ours.
std::size_t conversions_in(std::string_view f) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '%') continue;
        if (i + 1 < f.size() && f[i + 1] == '%') {
            ++i;
            continue;
        }
        ++n;
    }
    return n;
}

}  // namespace

BExpr* Checker::check_printf(const syntax::CallExpr* e, SourceRange range) {
    if (e->args.empty() || e->args[0]->kind != syntax::ExprKind::StringLiteral) {
        report(DiagCode::intrinsic_bad_argument, range,
               "The first argument of 'printf' must be a string literal: the format, as in "
               "printf(\"x = %d\\n\", x).");
        return error_expr(range);
    }
    const auto* lit = static_cast<const syntax::StringLiteralExpr*>(e->args[0]);
    std::string format;
    std::string bad;
    if (!decode_escapes(lit->value, format, bad)) {
        report(DiagCode::intrinsic_bad_argument, SourceRange(lit->loc),
               fmt::format("The format of 'printf' has the escape '{}', which C does not define. Write \\\\ for a "
                           "backslash.",
                           bad));
        return error_expr(range);
    }
    support::SmallVec<BExpr*, 8> values;
    check_args(e->args.subspan(1), values);
    for (BExpr* a : values)
        if (!ok(a)) return error_expr(range);

    support::SmallVec<BExpr*, 8> args;
    std::vector<ParamType> params;
    for (std::size_t k = 0; k < values.size(); ++k) {
        BExpr* a = materialize(values[k]);
        const Type* t = a->type ? a->type->value_type() : nullptr;
        const ScalarType* c = component_type(t);
        if (!c || t->is<MatrixType>()) {
            report(DiagCode::intrinsic_bad_argument, a->range,
                   fmt::format("Argument {} of 'printf' is '{}', but printf prints scalars and vectors only. Pass "
                               "the members or elements one by one.",
                               k + 2, t ? tname(t) : std::string("?")));
            return error_expr(range);
        }
        // The layer prints 32- and 64-bit numbers: bools print as 0 or 1, and the narrow and
        // minimum-precision kinds are widened, as DXC widens them.
        ScalarKind to = c->scalar;
        switch (c->scalar) {
        case ScalarKind::Bool:
        case ScalarKind::UInt16:
        case ScalarKind::Min16UInt: to = ScalarKind::UInt; break;
        case ScalarKind::Int16:
        case ScalarKind::Min16Int:
        case ScalarKind::Min12Int: to = ScalarKind::Int; break;
        case ScalarKind::Half:
        case ScalarKind::Min16Float:
        case ScalarKind::Min10Float: to = ScalarKind::Float; break;
        default: break;
        }
        if (to != c->scalar) {
            const Type* wide = scalar(to);
            if (const auto* v = t->as<VectorType>()) wide = types.vector(to, v->count);
            a = make_convert(a, wide, ConversionKind::Components, false);
        }
        args.push_back(a);
        params.push_back(ParamType{a->type, ParamDirection::In});
    }
    std::size_t wanted = conversions_in(format);
    if (wanted != args.size())
        report(DiagCode::printf_format_mismatch, range,
               fmt::format("The format of 'printf' has {} conversion{} but the call passes {} value{}; the debug "
                           "output will not show what was meant. Pass one value per '%' (write %% for a percent "
                           "sign).",
                           wanted, wanted == 1 ? "" : "s", args.size(), args.size() == 1 ? "" : "s"));

    auto* call = make<BIntrinsicCall>(range);
    call->id = static_cast<IntrinsicId>(intrinsics::Id::Printf);
    call->overload = 0;
    call->name = intern("printf");
    call->type = types.void_type();
    call->args = to_span(args);
    call->params = to_span(params);
    call->format = arena.copy(format);
    return call;
}

}  // namespace oneshader::sema
