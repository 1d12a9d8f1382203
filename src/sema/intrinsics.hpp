#pragma once
// HLSL's intrinsic functions: the table (intrinsics.def), lookup by name, and typing of a call
// by overload resolution against the argument types. The semantic checker calls
// `resolve_intrinsic_call` for a call whose name is not a user function; later stages read the
// chosen `IntrinsicInfo` (its id, flags and per-target mapping) instead of matching names again.
//
// Resolution, in order: refused intrinsics (abort, printf, errorf, noise: OSH0374; WaveMatch and
// WaveMultiPrefix*: OSH0350) are reported without looking at arguments; an Interlocked* call on a
// float destination is OSH0314; otherwise every overload of the name is matched (see
// intrinsic_signature.hpp) and the best one by HLSL's ranking (exact > promotion > conversion)
// wins. No viable overload is OSH0370 with the candidates as notes; two equally good ones are
// OSH0371. A double passed to a float-only intrinsic is narrowed with warning OSH0361.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "sema/intrinsic_signature.hpp"
#include "support/diagnostics.hpp"
#include "types/types.hpp"

namespace oneshader::sema {

// One value per intrinsic family. `None` is 0, so `uint16_t(Intrinsic::X)` is the IntrinsicId of
// intrinsic_lookup.hpp (where 0 means "none"); resource methods take ids from kFirstMethodId on.
enum class Intrinsic : std::uint16_t {
    None,
#define INTRINSIC(id, name, result, params, stages, flags, spirv, msl, wgsl) id,
#include "sema/intrinsics.def"
    Count,
};

// Stages an intrinsic may be used in, as a bit set of oneshader::Stage.
enum StageBits : std::uint8_t {
    kVertex = 1u << unsigned(Stage::Vertex),
    kPixel = 1u << unsigned(Stage::Pixel),
    kCompute = 1u << unsigned(Stage::Compute),
    kPixelCompute = kPixel | kCompute,
    kAllStages = kVertex | kPixel | kCompute,
};
inline constexpr std::uint8_t stage_bit(Stage s) { return std::uint8_t(1u << unsigned(s)); }

enum IntrinsicFlags : std::uint32_t {
    kPure = 1u << 0,         // no side effects: may be removed or hoisted when unused
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
};

// What a backend does with the intrinsic: a GLSL.std.450 instruction or core opcode, a Metal or
// WGSL function; `unsupported:OSHnnnn` when the target refuses it.
struct TargetMapping {
    std::string_view spirv;
    std::string_view msl;
    std::string_view wgsl;
};

// One row of the table: one form (overload) of an intrinsic.
struct IntrinsicInfo {
    Intrinsic id;
    std::string_view name;
    std::string_view result;  // signature language, intrinsic_signature.hpp
    std::string_view params;
    std::uint8_t stages;      // StageBits
    std::uint32_t flags;      // IntrinsicFlags
    TargetMapping targets;
};

// Every row, in table order.
std::span<const IntrinsicInfo> intrinsic_table();
// The rows (overloads) of one name, in table order; empty when `name` is not an intrinsic.
// Names are case-sensitive, as in HLSL.
std::span<const IntrinsicInfo> find_intrinsic(std::string_view name);
inline bool is_intrinsic(std::string_view name) { return !find_intrinsic(name).empty(); }
// `T lerp(T<float,any> a, T b, T s)`: how a candidate is shown in diagnostics and docs.
std::string intrinsic_signature_text(const IntrinsicInfo& info);
// The OSH code a target refuses the intrinsic with (5102 for MSL, 5202 for WGSL...), if any.
std::optional<std::uint16_t> target_refusal(const IntrinsicInfo& info, Target target);
std::string_view target_mapping(const IntrinsicInfo& info, Target target);

// A call typed against its chosen overload.
struct ResolvedCall {
    const IntrinsicInfo* info = nullptr;  // the chosen row (resource methods: null, see method)
    const Type* result = nullptr;
    // The type each argument converts to, with the parameter's direction; `ranks` says how.
    std::vector<ParamType> params;
    std::vector<ConversionRank> ranks;
    bool narrowed_double = false;  // OSH0361 was reported
};

struct CallSite {
    support::DiagnosticEngine& diags;
    support::SourceRange range;  // the call (the name for "no overload" errors)
    // The stage when the checker knows it (a function only one entry point reaches); stage rules
    // are then checked too. Otherwise call check_intrinsic_stage once the stage is known.
    std::optional<Stage> stage;
};

// Types a call of the intrinsic `name` (which must satisfy is_intrinsic) and reports problems.
// nullopt after an error; the checker then gives the call an error type and goes on.
std::optional<ResolvedCall> resolve_intrinsic_call(TypeContext& types, std::string_view name,
                                                   std::span<const CallArg> args, const CallSite& site);

// OSH0372 when the intrinsic is not allowed in `stage` ("'ddx' is only available in pixel
// shaders"). Returns false when it reported.
bool check_intrinsic_stage(const IntrinsicInfo& info, Stage stage, support::DiagnosticEngine& diags,
                           support::SourceRange range);

// "pixel", "pixel and compute", ... as messages say it.
std::string stage_list(std::uint8_t stages);

}  // namespace oneshader::sema
