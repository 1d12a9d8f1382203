#pragma once
// What the SPIR-V backend's intrinsics.def says about an intrinsic id, for tests and for the
// raise list: every id that survives lowering must have a row.
#include <cstdint>

#include "intrinsics/id.hpp"

namespace oneshader::spirv {

enum class IntrinsicMapping : std::uint8_t {
    None,     // no row
    Glsl,     // a GLSL.std.450 instruction per numeric class
    Core,     // a core instruction
    Wave,     // a GroupNonUniform instruction
    Special,  // a short sequence written out in intrinsics.cpp
    Raised,   // rewritten by a raise transform before emission
    Refused,  // refused with a diagnostic
};

IntrinsicMapping intrinsic_mapping(intrinsics::Id id);

}  // namespace oneshader::spirv
