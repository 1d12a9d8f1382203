#pragma once
// Types calls of intrinsics and resource methods the way the checker will, and keeps the
// diagnostics for inspection.
#include <catch2/catch.hpp>

#include <algorithm>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sema/intrinsics.hpp"
#include "sema/resource_methods.hpp"
#include "support/arena.hpp"
#include "support/diagnostics.hpp"
#include "support/interner.hpp"
#include "types/scalar_spelling.hpp"
#include "types/types.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace intrinsic_test {

using namespace oneshader::sema;
namespace support = oneshader::support;
using oneshader::Stage;
using oneshader::Target;

struct Fixture {
    explicit Fixture(bool enable_16bit = false) : types(arena, TypeOptions{enable_16bit}) {
        file = sources.add("t.hlsl", "void main() { call(); }\n");
    }

    const Type* t(std::string_view spelling) {
        if (spelling == "literal int") return types.scalar(ScalarKind::LiteralInt);
        if (spelling == "literal float") return types.scalar(ScalarKind::LiteralFloat);
        auto found = lookup_numeric_spelling(types, spelling);
        REQUIRE(found.has_value());
        return found->type;
    }
    CallArg v(std::string_view spelling) { return {t(spelling), false}; }   // a value
    CallArg lv(std::string_view spelling) { return {t(spelling), true}; }   // an lvalue
    const ResourceType* res(ResourceKind k, std::string_view element = "") {
        return types.resource(k, element.empty() ? nullptr : t(element));
    }

    std::optional<ResolvedCall> call(std::string_view name, std::vector<CallArg> args,
                                     std::optional<Stage> stage = std::nullopt) {
        REQUIRE(is_intrinsic(name));
        return resolve_intrinsic_call(types, name, args, CallSite{diags, range(), stage});
    }
    // The result type's spelling, or "error".
    std::string result(std::string_view name, std::vector<CallArg> args) {
        auto r = call(name, std::move(args));
        return r ? type_name(r->result) : std::string("error");
    }

    std::optional<ResolvedMethodCall> method(const ResourceType* object, std::string_view name,
                                             std::vector<CallArg> args, const Type* template_arg = nullptr,
                                             std::optional<Stage> stage = std::nullopt) {
        return resolve_method_call(types, object, name, args, template_arg, CallSite{diags, range(), stage});
    }
    std::string method_result(const ResourceType* object, std::string_view name, std::vector<CallArg> args,
                              const Type* template_arg = nullptr) {
        auto r = method(object, name, std::move(args), template_arg);
        return r ? type_name(r->result) : std::string("error");
    }

    support::SourceRange range() const { return support::SourceRange({file, 14}, {file, 20}); }

    // The one diagnostic reported since the last clear(), printed.
    std::string only_diag() {
        REQUIRE(diags.diagnostics().size() == 1);
        return diags.format(diags.diagnostics()[0]);
    }
    std::size_t diag_count() const { return diags.diagnostics().size(); }
    std::string message(std::size_t i = 0) const { return diags.diagnostics().at(i).message; }
    support::DiagCode code(std::size_t i = 0) const { return diags.diagnostics().at(i).code; }

    support::Arena arena;
    TypeContext types;
    support::SourceManager sources;
    support::FileId file = 0;
    support::DiagnosticEngine diags{sources};
};

}  // namespace intrinsic_test
