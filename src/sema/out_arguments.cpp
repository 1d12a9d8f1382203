// out/inout arguments of another type than their parameter. HLSL passes them by copy: the
// caller makes a temporary of the parameter's type, initialises it from the argument (inout),
// and after the call converts it back into the argument's storage. Both conversions must be
// implicit ones, whether or not the copy-in happens (an `out int3` parameter takes neither an
// int2 nor an int4 variable), so the rule is symmetric; a scalar variable for a vector
// parameter is splatted in and truncated back. The bound tree keeps the argument as the lvalue
// and the call's parameter types; the lowering makes the temporary and both conversions.
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

std::optional<std::uint32_t> Checker::out_argument_cost(const Type* arg, const Type* param, ParamDirection dir) const {
    if (!arg || !param) return std::nullopt;
    if (arg->value_type() == param->value_type()) return 0u;
    std::optional<std::uint32_t> in = conversion_cost(arg, param);
    std::optional<std::uint32_t> back = conversion_cost(param, arg);
    if (!in || !back) return std::nullopt;
    return dir == ParamDirection::InOut ? *in + *back : *back;
}

bool Checker::check_out_argument(const BExpr* a, const Type* param, ParamDirection dir, std::string_view what) {
    const Type* at = a->type->value_type();
    const Type* pt = param->value_type();
    if (at == pt) return true;
    const char* kind = dir == ParamDirection::Out ? "out" : "inout";
    if (!conversion_cost(pt, at)) {
        report(DiagCode::type_mismatch, a->range,
               fmt::format("{} is an {} parameter of type '{}', and its value is copied back into the variable, but "
                           "'{}' does not convert to the variable's type '{}'. Pass a variable of a type it converts "
                           "to, or copy through a temporary of type '{}'.",
                           what, kind, tname(pt), tname(pt), tname(at), tname(pt)));
        return false;
    }
    if (!conversion_cost(at, pt)) {
        report(DiagCode::type_mismatch, a->range,
               fmt::format("{} is an {} parameter of type '{}', but the variable is '{}', which does not convert to "
                           "it (an {} argument must convert both ways). Pass a variable of type '{}'.",
                           what, kind, tname(pt), tname(at), kind, tname(pt)));
        return false;
    }
    if (is_basic(at) && is_basic(pt)) {
        std::uint32_t an = component_count(at), pn = component_count(pt);
        if (dir == ParamDirection::InOut && pn < an) warn_truncation(at, pn, a->range);
        if (an < pn) warn_truncation(pt, an, a->range);
    }
    return true;
}

}  // namespace oneshader::sema
