#pragma once
// The built-in numeric type names of HLSL: scalars (`float`, `dword`, `min16float`, `int64_t`),
// their vector shorthand (`float4`, `float16_t2`) and matrix shorthand (`uint2x3`), plus bare
// `vector` and `matrix` (float4 and float4x4). The template forms `vector<T, N>` and
// `matrix<T, R, C>` are built by the caller from the scalar it looks up here.
#include <cstdint>
#include <optional>
#include <string_view>

#include "types/types.hpp"

namespace oneshader::sema {

struct ScalarSpelling {
    ScalarKind kind;
    // Spelled only with -enable-16bit-types: int16_t, uint16_t, float16_t and their vectors and
    // matrices. Without the option the caller reports OSH0360 and may keep checking with the type.
    bool needs_16bit_types;
};

struct NumericSpelling {
    const Type* type;  // a ScalarType, VectorType or MatrixType (orientation unspecified)
    bool needs_16bit_types;
};

// A numeric spelling as a description, without a compile's TypeContext: `float3` is Float with
// rows 1, cols 3. rows and cols are 0 for a scalar; rows is 0 for a vector.
struct NumericShape {
    ScalarKind kind;
    std::uint8_t rows;
    std::uint8_t cols;
    bool needs_16bit_types;
    bool is_vector() const { return rows == 0 && cols != 0; }
    bool is_matrix() const { return rows != 0; }
};

// The scalar a scalar name stands for: "dword" is UInt, "float16_t" is Half, "float64_t" Double.
std::optional<ScalarSpelling> lookup_scalar_name(std::string_view name);

// Any built-in numeric spelling as a description; nullopt when `name` is not one.
std::optional<NumericShape> lookup_numeric_shape(std::string_view name);

// Any built-in numeric spelling; nullopt when `name` is not one (it may still be a user type).
std::optional<NumericSpelling> lookup_numeric_spelling(TypeContext& types, std::string_view name);

}  // namespace oneshader::sema
