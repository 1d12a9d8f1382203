#pragma once
// SPIR-V as text, as DXC prints it without -Fo and writes it with -Fc: SPIRV-Tools' disassembly
// with friendly names, for the target environment of the compile.
#include <cstdint>
#include <span>
#include <string>

#include "oneshader/oneshader.hpp"

namespace oneshader::cli {

// The text, or an empty string when the bytes are no SPIR-V module.
std::string disassemble_spirv(std::span<const std::uint8_t> bytes, SpirvTargetEnv env);

}  // namespace oneshader::cli
