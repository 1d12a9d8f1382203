#include "sema/intrinsic_table.hpp"

#include <algorithm>

#include "support/small_vec.hpp"

namespace oneshader::sema {
namespace {

// Distinct method names in table order: the position of a name is its id's offset.

void to_call_args(std::span<const IntrinsicArg> args, support::SmallVec<CallArg, 8>& out) {
    for (const IntrinsicArg& a : args) out.push_back({a.type, a.is_lvalue});
}

std::span<const ParamType> copy_params(support::Arena& arena, std::span<const ParamType> params) {
    std::span<ParamType> out = arena.make_array<ParamType>(params.size());
    std::copy(params.begin(), params.end(), out.begin());
    return out;
}

// Memory other threads can see: groupshared, buffers, images.
bool shared_memory(AddressSpace s) {
    return s == AddressSpace::Workgroup || s == AddressSpace::StorageBuffer || s == AddressSpace::UniformConstant;
}

class BuiltinIntrinsics final : public IntrinsicLookup {
public:
    IntrinsicResult call(IntrinsicQuery& q, std::string_view name, std::span<const IntrinsicArg> args) const override {
        IntrinsicResult r;
        std::span<const IntrinsicInfo> rows = find_intrinsic(name);
        if (rows.empty()) return r;
        r.status = IntrinsicStatus::Rejected;
        support::SmallVec<CallArg, 8> cargs;
        to_call_args(args, cargs);
        auto resolved = resolve_intrinsic_call(q.types, name, cargs, CallSite{q.diags, q.range, std::nullopt});
        if (!resolved) return r;
        if ((resolved->info->flags & kAtomic) && !args.empty() && args[0].is_lvalue && !shared_memory(args[0].space)) {
            q.diags.report(support::DiagCode::intrinsic_bad_argument, args[0].range,
                           "'" + std::string(name) +
                               "' needs its first argument in groupshared memory or in a RW buffer or texture; an "
                               "atomic on a local or static variable is seen by no other thread. Declare the variable "
                               "groupshared, or use a buffer element.");
            return r;
        }
        r.status = IntrinsicStatus::Resolved;
        r.call.id = IntrinsicId(resolved->info->id);
        r.call.overload = std::uint32_t(resolved->info - rows.data());
        r.call.result = resolved->result;
        r.call.params = copy_params(q.arena, resolved->params);
        return r;
    }

    IntrinsicResult method(IntrinsicQuery& q, const ResourceType* object, std::string_view name,
                           std::span<const IntrinsicArg> args, const Type* template_arg) const override {
        IntrinsicResult r;
        if (!object || !has_method(object->resource, name)) return r;
        r.status = IntrinsicStatus::Rejected;
        support::SmallVec<CallArg, 8> cargs;
        to_call_args(args, cargs);
        auto resolved = resolve_method_call(q.types, object, name, cargs, template_arg, CallSite{q.diags, q.range, std::nullopt});
        if (!resolved) return r;
        const std::span<const std::string_view> names = method_name_order();
        const auto pos = std::find(names.begin(), names.end(), name);
        std::span<const MethodInfo> table = method_table();
        std::uint32_t overload = 0;
        for (const MethodInfo& m : table) {
            if (&m == resolved->method) break;
            if (m.name == name) ++overload;
        }
        r.status = IntrinsicStatus::Resolved;
        r.call.id = IntrinsicId(kFirstMethodId + (pos - names.begin()));
        r.call.overload = overload;
        r.call.result = resolved->result;
        r.call.params = copy_params(q.arena, resolved->params);
        return r;
    }

    void function_names(std::vector<std::string_view>& out) const override {
        for (const IntrinsicInfo& row : intrinsic_table())
            if (out.empty() || out.back() != row.name) out.push_back(row.name);
    }

    void method_names(ResourceKind kind, std::vector<std::string_view>& out) const override {
        for (std::string_view n : sema::method_names(kind)) out.push_back(n);
    }

    std::string_view name(IntrinsicId id) const override {
        if (is_method_id(id)) {
            const std::span<const std::string_view> names = method_name_order();
            std::size_t i = id - kFirstMethodId;
            return i < names.size() ? names[i] : std::string_view();
        }
        return intrinsics::name(intrinsics::Id(id));
    }
};

}  // namespace

const IntrinsicLookup& builtin_intrinsics() {
    static const BuiltinIntrinsics table;
    return table;
}

const IntrinsicInfo* intrinsic_row(IntrinsicId id, std::uint32_t overload) {
    if (is_method_id(id)) return nullptr;
    return intrinsics::row(intrinsics::Id(id), overload);
}

const MethodInfo* method_row(IntrinsicId id, std::uint32_t overload) {
    if (!is_method_id(id)) return nullptr;
    const std::span<const std::string_view> names = method_name_order();
    std::size_t i = id - kFirstMethodId;
    if (i >= names.size()) return nullptr;
    std::uint32_t n = 0;
    for (const MethodInfo& m : method_table()) {
        if (m.name != names[i]) continue;
        if (n++ == overload) return &m;
    }
    return nullptr;
}

}  // namespace oneshader::sema
