#include "types/scalar_spelling.hpp"

#include <array>

namespace oneshader::sema {

namespace {

struct ScalarName {
    std::string_view name;
    ScalarKind kind;
    bool needs_16bit;
};

// DXC's scalar names. The fixed-width 32/64-bit names are always available (HLSL 2018 and later,
// and we only speak 2021); the 16-bit ones exist only with native 16-bit types.
constexpr std::array<ScalarName, 23> kScalarNames = {{
    {"bool", ScalarKind::Bool, false},
    {"int", ScalarKind::Int, false},
    {"uint", ScalarKind::UInt, false},
    {"dword", ScalarKind::UInt, false},
    {"half", ScalarKind::Half, false},
    {"float", ScalarKind::Float, false},
    {"double", ScalarKind::Double, false},
    {"min16float", ScalarKind::Min16Float, false},
    {"min10float", ScalarKind::Min10Float, false},
    {"min16int", ScalarKind::Min16Int, false},
    {"min12int", ScalarKind::Min12Int, false},
    {"min16uint", ScalarKind::Min16UInt, false},
    {"int16_t", ScalarKind::Int16, true},
    {"uint16_t", ScalarKind::UInt16, true},
    {"float16_t", ScalarKind::Half, true},
    {"int32_t", ScalarKind::Int, false},
    {"uint32_t", ScalarKind::UInt, false},
    {"float32_t", ScalarKind::Float, false},
    {"int64_t", ScalarKind::Int64, false},
    {"uint64_t", ScalarKind::UInt64, false},
    {"float64_t", ScalarKind::Double, false},
    // SM 6.6's packed byte vectors are uint in every target (DXC keeps them apart only for
    // overloading, which these names do not).
    {"int8_t4_packed", ScalarKind::UInt, false},
    {"uint8_t4_packed", ScalarKind::UInt, false},
}};

bool is_dimension(char c) { return c >= '1' && c <= '4'; }

}  // namespace

std::optional<ScalarSpelling> lookup_scalar_name(std::string_view name) {
    for (const ScalarName& s : kScalarNames)
        if (s.name == name) return ScalarSpelling{s.kind, s.needs_16bit};
    return std::nullopt;
}

std::optional<NumericShape> lookup_numeric_shape(std::string_view name) {
    if (name == "vector") return NumericShape{ScalarKind::Float, 0, 4, false};
    if (name == "matrix") return NumericShape{ScalarKind::Float, 4, 4, false};
    for (const ScalarName& s : kScalarNames) {
        if (!name.starts_with(s.name)) continue;
        std::string_view rest = name.substr(s.name.size());
        if (rest.empty()) return NumericShape{s.kind, 0, 0, s.needs_16bit};
        if (rest.size() == 1 && is_dimension(rest[0]))
            return NumericShape{s.kind, 0, std::uint8_t(rest[0] - '0'), s.needs_16bit};
        if (rest.size() == 3 && is_dimension(rest[0]) && rest[1] == 'x' && is_dimension(rest[2]))
            return NumericShape{s.kind, std::uint8_t(rest[0] - '0'), std::uint8_t(rest[2] - '0'), s.needs_16bit};
    }
    return std::nullopt;
}

std::optional<NumericSpelling> lookup_numeric_spelling(TypeContext& types, std::string_view name) {
    auto shape = lookup_numeric_shape(name);
    if (!shape) return std::nullopt;
    const Type* t = shape->is_matrix()   ? static_cast<const Type*>(types.matrix(shape->kind, shape->rows, shape->cols))
                    : shape->is_vector() ? static_cast<const Type*>(types.vector(shape->kind, shape->cols))
                                         : static_cast<const Type*>(types.scalar(shape->kind));
    return NumericSpelling{t, shape->needs_16bit_types};
}

}  // namespace oneshader::sema
