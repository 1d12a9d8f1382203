#pragma once
// The intrinsic table as the checker asks for it (intrinsic_lookup.hpp): `builtin_intrinsics()`
// answers calls and method calls from intrinsics.def and resource_methods.def. Pass it as
// CheckOptions::intrinsics. The ids it hands out map back to table rows for the lowering and the
// backends: `intrinsic_row(id, overload)` for functions, `method_row(id, overload)` for methods.
#include <cstdint>

#include "sema/intrinsic_lookup.hpp"
#include "sema/intrinsics.hpp"
#include "sema/resource_methods.hpp"

namespace oneshader::sema {

// Resource methods have ids from here on: kFirstMethodId + the method name's position among the
// distinct names of resource_methods.def, in table order. Functions have ids below it.
inline constexpr IntrinsicId kFirstMethodId = 0x400;
static_assert(std::uint16_t(Intrinsic::Count) < kFirstMethodId);

// The table itself: immutable, shared by every compile.
const IntrinsicLookup& builtin_intrinsics();

inline bool is_method_id(IntrinsicId id) { return id >= kFirstMethodId; }
// The row an IntrinsicCall names; null for an id or overload the table does not have.
const IntrinsicInfo* intrinsic_row(IntrinsicId id, std::uint32_t overload);
const MethodInfo* method_row(IntrinsicId id, std::uint32_t overload);

}  // namespace oneshader::sema
