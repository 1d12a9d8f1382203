#pragma once
// Type spellings in the IR text form. They are HLSL's (`float4`, `row_major float3x4`,
// `Texture2D<float4>`, `float[2][3]`) plus `ptr<space, T>`; structs are written by the name the
// printer gives them (their own, made unique: see StructNames).
#include <string>
#include <unordered_map>

#include "types/types.hpp"

namespace oneshader::ir {

// The printed name of each struct a module uses. Lookup only; the printer decides the order.
using StructNames = std::unordered_map<const sema::StructType*, std::string>;

std::string type_text(const sema::Type* t, const StructNames& names);

}  // namespace oneshader::ir
