#pragma once
// What the WGSL backend's intrinsics.def says about an intrinsic id, for the printer, for tests
// and for the raise list: every id that survives lowering must have a row.
#include <cstdint>
#include <string_view>

#include "intrinsics/id.hpp"

namespace oneshader::wgsl {

enum class IntrinsicMapping : std::uint8_t {
    None,     // no row
    Function, // a WGSL built-in function on the same operands
    Bits,     // a built-in answering in the operand's type, bit-cast to the result's
    Wave,     // a subgroup built-in
    Special,  // written out in intrinsics.cpp
    Raised,   // rewritten by a raise transform before printing
    Refused,  // OSH5202
};

struct IntrinsicRow {
    IntrinsicMapping mapping = IntrinsicMapping::None;
    std::string_view text;  // the WGSL name, the raise transform or the advice
};

const IntrinsicRow& intrinsic_row(intrinsics::Id id);
inline IntrinsicMapping intrinsic_mapping(intrinsics::Id id) { return intrinsic_row(id).mapping; }

}  // namespace oneshader::wgsl
