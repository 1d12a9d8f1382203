#include "intrinsic_fixture.hpp"

#include "sema/intrinsic_table.hpp"

using namespace intrinsic_test;
using support::DiagCode;

namespace {

IntrinsicArg arg(const Type* t, bool lvalue = false, AddressSpace space = AddressSpace::Function) {
    return IntrinsicArg{t, lvalue, space, {}};
}

}  // namespace

TEST_CASE("the checker's lookup resolves calls to ids and overloads that map back to rows", "[intrinsics][lookup]") {
    Fixture f;
    const IntrinsicLookup& table = builtin_intrinsics();
    IntrinsicQuery q{f.types, f.arena, f.diags, f.range()};
    std::vector<IntrinsicArg> args = {arg(f.t("double")), arg(f.t("uint"), true), arg(f.t("uint"), true)};
    IntrinsicResult r = table.call(q, "asuint", args);
    REQUIRE(r.status == IntrinsicStatus::Resolved);
    CHECK(r.call.id == IntrinsicId(Intrinsic::AsUint));
    CHECK(r.call.overload == 1);
    CHECK(type_name(r.call.result) == "void");
    REQUIRE(r.call.params.size() == 3);
    CHECK(r.call.params[1].direction == ParamDirection::Out);
    const IntrinsicInfo* row = intrinsic_row(r.call.id, r.call.overload);
    REQUIRE(row);
    CHECK(row->params == "T<double,sv> d, out uint@T low, out uint@T high");
    CHECK(table.name(r.call.id) == "asuint");
}

TEST_CASE("the checker's lookup: not found, rejected, and OSH0314 for local atomics", "[intrinsics][lookup]") {
    Fixture f;
    const IntrinsicLookup& table = builtin_intrinsics();
    IntrinsicQuery q{f.types, f.arena, f.diags, f.range()};
    std::vector<IntrinsicArg> one = {arg(f.t("float"))};
    CHECK(table.call(q, "stepp", one).status == IntrinsicStatus::NotFound);
    CHECK(f.diag_count() == 0);
    std::vector<IntrinsicArg> bad = {arg(f.t("float3x3"))};
    CHECK(table.call(q, "length", bad).status == IntrinsicStatus::Rejected);
    CHECK(f.code(0) == DiagCode::intrinsic_no_match);
    std::vector<IntrinsicArg> local = {arg(f.t("uint"), true, AddressSpace::Function), arg(f.t("uint"))};
    CHECK(table.call(q, "InterlockedAdd", local).status == IntrinsicStatus::Rejected);
    CHECK(f.code(1) == DiagCode::intrinsic_bad_argument);
    std::vector<IntrinsicArg> shared = {arg(f.t("uint"), true, AddressSpace::Workgroup), arg(f.t("uint"))};
    CHECK(table.call(q, "InterlockedAdd", shared).status == IntrinsicStatus::Resolved);
}

TEST_CASE("the checker's lookup resolves methods to method ids", "[methods][lookup]") {
    Fixture f;
    const IntrinsicLookup& table = builtin_intrinsics();
    IntrinsicQuery q{f.types, f.arena, f.diags, f.range()};
    const ResourceType* tex = f.res(ResourceKind::Texture2D, "float4");
    std::vector<IntrinsicArg> args = {arg(f.types.resource(ResourceKind::SamplerState)), arg(f.t("float2")),
                                      arg(f.t("float")), arg(f.t("int2"))};
    IntrinsicResult r = table.method(q, tex, "SampleLevel", args, nullptr);
    REQUIRE(r.status == IntrinsicStatus::Resolved);
    CHECK(is_method_id(r.call.id));
    CHECK(table.name(r.call.id) == "SampleLevel");
    const MethodInfo* row = method_row(r.call.id, r.call.overload);
    REQUIRE(row);
    CHECK(row->params == "SamplerState s, Coord location, float lod, Offset offset");
    CHECK(table.method(q, tex, "Store", args, nullptr).status == IntrinsicStatus::NotFound);
    std::vector<std::string_view> names;
    table.method_names(ResourceKind::Texture2D, names);
    CHECK(std::find(names.begin(), names.end(), "SampleCmpLevelZero") != names.end());
    std::vector<std::string_view> functions;
    table.function_names(functions);
    CHECK(std::find(functions.begin(), functions.end(), "step") != functions.end());
    CHECK(std::count(functions.begin(), functions.end(), "mul") == 1);
}
