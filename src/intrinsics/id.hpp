#pragma once
// An intrinsic function's identity as every stage after semantic analysis sees it: the id of its
// family in intrinsics.def, its HLSL name, and its properties. The IR carries the id; the
// optimizer asks the properties here (never a list of names of its own); each backend maps the
// id through its own <target>/intrinsics.def. Nothing here needs the type system, so the IR and
// the backends include it without depending on semantic analysis.
#include <cstdint>
#include <string_view>

namespace oneshader::intrinsics {

// One value per intrinsic family, in table order. `None` is 0: no intrinsic.
enum class Id : std::uint16_t {
    None,
#define INTRINSIC(id, name, result, params, stages, flags) id,
#include "intrinsics/intrinsics.def"
    Count,
};
inline constexpr std::size_t kIdCount = std::size_t(Id::Count);

enum Flags : std::uint32_t {
    kPure = 1u << 0,         // no side effects beyond its out parameters: may be removed when unused
    kDerivative = 1u << 1,   // takes implicit derivatives (helper lanes, uniform control flow)
    kAtomic = 1u << 2,
    kWave = 1u << 3,         // needs subgroup operations
    kQuad = 1u << 4,         // needs quad subgroup operations
    kBarrier = 1u << 5,
    kGroupSync = 1u << 6,    // also synchronises the thread group's execution
    kNeeds16Bit = 1u << 7,   // only with -enable-16bit-types
    kNeeds64Bit = 1u << 8,   // uses double or 64-bit integers (Float64/Int64 capability)
    kRefused = 1u << 9,      // OSH0374
    kPartitioned = 1u << 10, // OSH0350
    kLowered = 1u << 11,     // the lowering gives every call other IR instructions (or refuses it)
};

// The HLSL name of an id ("sqrt"); empty for None and out-of-range values.
std::string_view name(Id id);
// The id of an HLSL intrinsic name (case-sensitive, as in HLSL); None when there is none.
Id from_name(std::string_view name);

// The flags of every form of the family, or-ed: a family is pure when its value-returning form
// is (asuint's double-splitting form writes through out parameters, which the IR shows as
// pointer operands; the optimizer checks those itself).
std::uint32_t flags(Id id);
inline bool has(Id id, std::uint32_t flag) { return (flags(id) & flag) != 0; }

// The properties the optimizer asks of a CallIntrinsic.
inline bool is_pure(Id id) { return has(id, kPure); }
inline bool takes_derivatives(Id id) { return has(id, kDerivative); }
inline bool is_wave(Id id) { return has(id, kWave | kQuad); }
inline bool synchronizes(Id id) { return has(id, kBarrier | kGroupSync | kAtomic); }
// Whether a call of the id can be in the IR a backend receives: semantic analysis refuses some
// (noise, printf, the partitioned wave operations) and the lowering turns others into IR
// instructions of their own (mul, select, the Interlocked family, barriers, clip...). Every id
// for which this is true needs a row in every backend's intrinsics.def.
inline bool survives_lowering(Id id) {
    return id != Id::None && id < Id::Count && !has(id, kLowered | kRefused | kPartitioned);
}

}  // namespace oneshader::intrinsics
