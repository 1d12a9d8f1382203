#pragma once
// The buffer-layout half of compare_interface: walks two byte-layout trees of one buffer and says,
// in words, every offset, type, stride and size the generated structs would get wrong.
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/compatibility.hpp"
#include "oneshader/reflection.hpp"

namespace oneshader::layouts {

// The HLSL spelling of a layout type: "float4", "float4x4", "uint[8]", "Light[4]".
std::string type_name(const ReflectedType& type);

// Appends a BufferLayout difference to `out` for each change from `built` to `fresh`, naming
// members by their path from `root` ("Frame.Tint", "Lights.Lights[].Color").
void compare_layout(std::string_view root, const ReflectedType& built, const ReflectedType& fresh,
                    std::vector<InterfaceDifference>& out);

}  // namespace oneshader::layouts
