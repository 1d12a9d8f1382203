#pragma once
// HLSL's intrinsic functions: the table (intrinsics.def), lookup by name, and typing of a call
// by overload resolution against the argument types. The semantic checker calls
// `resolve_intrinsic_call` for a call whose name is not a user function; later stages read the
// chosen row's id (intrinsics/id.hpp) instead of matching names again.
//
// Resolution, in order: refused intrinsics (abort, printf, errorf, noise: OSH0374; WaveMatch and
// WaveMultiPrefix*: OSH0350) are reported without looking at arguments; an Interlocked* call on a
// float destination is OSH0314; otherwise every overload of the name is matched (see
// intrinsics/signature.hpp) and the best one by HLSL's ranking (exact > promotion > conversion)
// wins. No viable overload is OSH0370 with the candidates as notes; two equally good ones are
// OSH0371. A double passed to a float-only intrinsic is narrowed with warning OSH0361.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "intrinsics/signature.hpp"
#include "intrinsics/table.hpp"
#include "support/diagnostics.hpp"
#include "types/types.hpp"

namespace oneshader::sema {

// The table itself and its signature language live in intrinsics/ (intrinsics.def, table.hpp,
// signature.hpp): these are their names as semantic analysis spells them.
using intrinsics::CallArg;
using intrinsics::ConcreteType;
using intrinsics::conversion_rank;
using intrinsics::ConversionRank;
using intrinsics::describe_args;
using intrinsics::Match;
using intrinsics::match_signature;
using intrinsics::parse_signature;
using intrinsics::Pattern;
using intrinsics::PatternKind;
using intrinsics::Placeholders;
using intrinsics::select_best;
using intrinsics::select_best_of;
using intrinsics::Selection;
using intrinsics::ShapeRule;
using intrinsics::Signature;
using intrinsics::TypeClass;
using Intrinsic = intrinsics::Id;
using IntrinsicInfo = intrinsics::Row;
using intrinsics::kAllStages;
using intrinsics::kCompute;
using intrinsics::kPixel;
using intrinsics::kPixelCompute;
using intrinsics::kVertex;
using intrinsics::stage_bit;
using intrinsics::kAtomic;
using intrinsics::kBarrier;
using intrinsics::kDerivative;
using intrinsics::kGroupSync;
using intrinsics::kNeeds16Bit;
using intrinsics::kNeeds64Bit;
using intrinsics::kPartitioned;
using intrinsics::kPure;
using intrinsics::kQuad;
using intrinsics::kRefused;
using intrinsics::kWave;

// Every row, in table order.
inline std::span<const IntrinsicInfo> intrinsic_table() { return intrinsics::table(); }
// The rows (overloads) of one name, in table order; empty when `name` is not an intrinsic.
// Names are case-sensitive, as in HLSL.
inline std::span<const IntrinsicInfo> find_intrinsic(std::string_view name) { return intrinsics::find(name); }
inline bool is_intrinsic(std::string_view name) { return !find_intrinsic(name).empty(); }
// `T lerp(T<float,any> a, T b, T s)`: how a candidate is shown in diagnostics and docs.
inline std::string intrinsic_signature_text(const IntrinsicInfo& info) { return intrinsics::signature_text(info); }

// A call typed against its chosen overload.
struct ResolvedCall {
    const IntrinsicInfo* info = nullptr;  // the chosen row (resource methods: null, see method)
    const Type* result = nullptr;
    // The type each argument converts to, with the parameter's direction; `ranks` says how.
    support::SmallVec<ParamType, 4> params;
    support::SmallVec<ConversionRank, 4> ranks;
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
