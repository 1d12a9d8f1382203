#pragma once
// The small signature language of intrinsics.def and sema/resource_methods.def, and the matcher that
// types one call against one signature. Free intrinsics and resource methods share both.
//
// A signature is `params` text plus a result text, each type one of:
//   float2, uint, int3, bool, double, void  a concrete type (any built-in numeric spelling)
//   SamplerState, SamplerComparisonState    a sampler
//   sampler                                 either sampler kind (CalculateLevelOfDetail)
//   T<class,shape>                          declares the call's template type T: its component
//                                           must be of `class`, its shape obey `shape`
//   T                                       the same type as T
//   bool@T, uint@T, int@T, float@T, ...     that component type in T's shape
//   elem(T)                                 a scalar of T's component type
//   elem4(T)                                a 4-vector of T's component type
//   transpose(T)                            T with rows and columns swapped
//   any other word                          a placeholder the caller supplies (resource methods:
//                                           E, Coord, Offset, ...)
// A parameter may start with `out`, `inout` or `ref` (an atomic destination: an lvalue of
// exactly T) and may end with a name. `...` as the last parameter allows more arguments. An
// out/inout argument is an lvalue whose type converts to the parameter's and back (the value
// is copied through a temporary); T comes from the inputs unless every T argument is an output.
//
// Classes: float (half/float/min-precision floats; a double argument is narrowed to float with
// warning OSH0361), anyfloat (with double), double, numeric (not bool), any (with bool), integer,
// unsigned, bool, numeric32, numeric16, atomic (int, uint, int64_t, uint64_t), dimension (uint
// or float).
// Shapes: any (scalar, vector or matrix), sv (scalar or vector), scalar, 1..4 (a vector of that
// size; a scalar is splatted), square (an N x N matrix), matrix.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/small_vec.hpp"
#include "types/types.hpp"

namespace oneshader::intrinsics {

// The type system (types/) the signatures are written in.
using sema::ParamDirection;
using sema::ParamType;
using sema::ScalarKind;
using sema::Type;
using sema::TypeContext;

// How an argument converts to a parameter, best first (HLSL: exact match, promotion, conversion).
enum class ConversionRank : std::uint8_t { Exact, Promotion, Conversion, None };

// The rank of an implicit conversion of a value of `from` to `to`. Promotions widen within a
// family (half to float, int to int64_t, a literal to a concrete type of its kind) or splat a
// scalar; conversions change the family (int to float, signed to unsigned, to or from bool),
// narrow, or truncate a vector or matrix. Non-numeric types convert only to themselves.
ConversionRank conversion_rank(const Type* from, const Type* to);

// One argument of a call as the checker typed it.
struct CallArg {
    const Type* type = nullptr;
    bool is_lvalue = false;  // may be passed to out/inout parameters
};

enum class TypeClass : std::uint8_t {
    Float, AnyFloat, Double, Numeric, Any, Integer, Unsigned, Bool, Numeric32, Numeric16, Atomic, AtomicExchange, Dimension,
};
enum class ShapeRule : std::uint8_t { Any, ScalarOrVector, Scalar, Vector, Square, Matrix };

enum class PatternKind : std::uint8_t {
    Concrete,      // `concrete`
    Placeholder,   // `word`, a type the caller supplies per call (resource methods)
    TemplateDecl,  // T<class,shape>
    Template,      // T
    WithShapeOfT,  // <component>@T
    ElemOfT,       // elem(T)
    Elem4OfT,      // elem4(T)
    TransposeOfT,  // transpose(T)
    AnySampler,    // sampler
};

// A concrete type of the signature language as a description, so that a signature parsed once
// serves every compile; matching builds the Type in the compile's TypeContext.
struct ConcreteType {
    enum class Form : std::uint8_t { Scalar, Vector, Matrix, Void, SamplerState, SamplerComparisonState };
    Form form = Form::Void;
    ScalarKind scalar = ScalarKind::Float;
    std::uint8_t rows = 1;  // matrices
    std::uint8_t cols = 1;  // vector size or matrix columns
};

struct Pattern {
    PatternKind kind = PatternKind::Concrete;
    ParamDirection direction = ParamDirection::In;
    bool ref = false;
    ConcreteType concrete;  // Concrete
    std::string_view word;  // Placeholder
    TypeClass cls = TypeClass::Any;
    ShapeRule shape = ShapeRule::Any;
    std::uint8_t size = 0;  // ShapeRule::Vector: 1..4
    ScalarKind component = ScalarKind::Float;  // WithShapeOfT
    std::string_view name;
};

struct Signature {
    Pattern result;
    std::vector<Pattern> params;
    bool variadic = false;
    bool valid = true;  // false when the text did not parse (a table bug; tests catch it)
    bool has_placeholders = false;
};

// Placeholder words and the types they stand for in one call (resource methods).
using Placeholders = std::span<const std::pair<std::string_view, const Type*>>;

// Parses a signature on its own, so the tables can be parsed once for all compiles. The words
// in `placeholder_words` become Placeholder patterns; any other unknown word makes it invalid.
// The strings the signature keeps point into `result` and `params`.
Signature parse_signature(std::string_view result, std::string_view params,
                          std::span<const std::string_view> placeholder_words = {});

struct Match {
    bool viable = false;
    const Type* result = nullptr;
    // Inline for the few arguments intrinsics take: every overload tried fills these.
    support::SmallVec<ParamType, 4> params;      // the type each argument converts to, and its direction
    support::SmallVec<ConversionRank, 4> ranks;  // per argument
    bool narrowed_double = false;        // a double argument became float (OSH0361)
    std::string why;                     // when not viable and asked for: a short reason, for notes
};

// Types one call against one signature; placeholders give the Placeholder words their types.
// With `explain` false a failed match leaves `why` empty (building the reason is only worth it
// when a diagnostic will show it).
Match match_signature(TypeContext& types, const Signature& sig, std::span<const CallArg> args,
                      Placeholders placeholders = {}, bool explain = true);

// Picks the best of several viable candidates: the one whose every argument ranks at least as
// well as in each other candidate. `best` is its index; when none is best, `tied` lists the
// candidates no other one beats (an ambiguous call). Usable for user-function overloads too.
struct Selection {
    int best = -1;
    std::vector<std::size_t> tied;
};
// `ranks_of(i)` gives candidate i's ranks as a span.
template <class RanksOf>
Selection select_best_of(std::size_t n, RanksOf ranks_of) {
    Selection sel;
    auto beats = [](std::span<const ConversionRank> a, std::span<const ConversionRank> b) {
        bool better = false;
        for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
            if (a[i] > b[i]) return false;
            if (a[i] < b[i]) better = true;
        }
        return better;
    };
    int only = -1;
    std::size_t unbeaten = 0;
    for (std::size_t i = 0; i < n; ++i) {
        bool beaten = false;
        for (std::size_t j = 0; j < n && !beaten; ++j)
            if (j != i && beats(ranks_of(j), ranks_of(i))) beaten = true;
        if (beaten) continue;
        // The list of ties is only built when there is more than one.
        if (++unbeaten == 1) {
            only = int(i);
            continue;
        }
        if (unbeaten == 2) sel.tied.push_back(std::size_t(only));
        sel.tied.push_back(i);
    }
    if (unbeaten == 1) sel.best = only;
    return sel;
}
Selection select_best(std::span<const std::vector<ConversionRank>> candidates);

// `float`, `T<float,any>`: for diagnostics that list candidates.
std::string describe_args(std::span<const CallArg> args);

}  // namespace oneshader::intrinsics
