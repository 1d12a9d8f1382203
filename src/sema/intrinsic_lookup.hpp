#pragma once
// The question semantic analysis asks the intrinsic table (src/sema/intrinsic*.cpp): "is `name`
// an intrinsic function (or a method of this resource type), and which overload do these
// arguments select?". Semantic analysis owns argument checking for user functions; for
// intrinsics it hands over the argument types and takes back the chosen overload, the type each
// argument converts to (with its direction), and the result type. It then inserts the
// conversions, checks that out/inout arguments are lvalues, and tags the call with `id` and
// `overload` for the lowering.
//
// The table is an interface rather than free functions so that a compile passes the table it was
// built with (CheckOptions::intrinsics) and tests can give a small table of their own.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "support/diagnostics.hpp"
#include "types/types.hpp"

namespace oneshader::sema {

// One intrinsic function or resource method of the table; 0 is "none".
using IntrinsicId = std::uint16_t;

struct IntrinsicArg {
    // The argument's value type. Unsuffixed literals have ScalarKind::LiteralInt/LiteralFloat
    // types (scalars, or vectors of them after a swizzle): the table picks the concrete overload.
    const Type* type = nullptr;
    bool is_lvalue = false;  // can be written: required for out/inout parameters
    // For lvalues: where the root variable lives (groupshared is Workgroup, a RW buffer element
    // StorageBuffer, a local Function). Interlocked* need Workgroup or StorageBuffer.
    AddressSpace space = AddressSpace::Function;
    support::SourceRange range;  // the argument as written, for diagnostics
};

struct IntrinsicCall {
    IntrinsicId id = 0;
    std::uint32_t overload = 0;  // which signature of `id`, for the lowering's table lookups
    const Type* result = nullptr;  // the void type when the intrinsic returns nothing
    // One per argument, in order: the type the argument is converted to and its direction.
    std::span<const ParamType> params;
};

enum class IntrinsicStatus : std::uint8_t {
    NotFound,  // no intrinsic (or method) of that name: the caller reports OSH0300/OSH0308
    Resolved,  // `call` is filled in
    Rejected,  // the name exists but the arguments fit no overload: the table has reported why
};

struct IntrinsicResult {
    IntrinsicStatus status = IntrinsicStatus::NotFound;
    IntrinsicCall call;
};

// What a lookup may use: the compile's types (to build result types), its arena (for `params`),
// and its diagnostics (to report a rejected call, OSH0313 no overload, OSH0314 bad atomic
// operand, OSH0361 double demoted to float) at `range`, the call as written.
struct IntrinsicQuery {
    TypeContext& types;
    support::Arena& arena;
    support::DiagnosticEngine& diags;
    support::SourceRange range;
};

class IntrinsicLookup {
public:
    virtual ~IntrinsicLookup() = default;

    // A free intrinsic function call `name(args...)`.
    virtual IntrinsicResult call(IntrinsicQuery& q, std::string_view name, std::span<const IntrinsicArg> args) const = 0;

    // A method call `object.name(args...)` on a resource (`Tex.Sample(s, uv)`,
    // `Buf.Load<float4>(0)`: `template_arg` is the written template argument, or null).
    virtual IntrinsicResult method(IntrinsicQuery& q, const ResourceType* object, std::string_view name,
                                   std::span<const IntrinsicArg> args, const Type* template_arg) const = 0;

    // Every intrinsic function name, for "Did you mean" suggestions (`stepp` → `step`).
    virtual void function_names(std::vector<std::string_view>& out) const = 0;
    // The method names of a resource type, for suggestions after a misspelt method.
    virtual void method_names(ResourceKind kind, std::vector<std::string_view>& out) const = 0;
    // The HLSL name of an id, for dumps and messages.
    virtual std::string_view name(IntrinsicId id) const = 0;
};

}  // namespace oneshader::sema
