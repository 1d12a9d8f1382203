// The shape of the typed tree the lowering reads: explicit conversions, swizzle and matrix
// element indices, folded literal arithmetic, overload and template choices, member calls with
// their object, and compound assignments.
#include "check_fixture.hpp"
#include "types/types_print.hpp"

using namespace check_test;

namespace {

// The expression of the `return` that ends function `name`.
const BExpr* returned(const Checked& c, std::string_view name) {
    const Function* f = c.function(name);
    REQUIRE(f->body);
    REQUIRE(!f->body->stmts.empty());
    const BStmt* last = f->body->stmts.back();
    REQUIRE(last->kind == BStmtKind::Return);
    return static_cast<const BReturn*>(last)->value;
}

}  // namespace

TEST_CASE("check tree: conversions are explicit nodes") {
    auto c = check_text("float4 f(int i) { return i; }\nfloat g(float4 v) { return v.z; }\n"
                        "float3 h(float4 v) { return (float3)v; }\n");
    REQUIRE(c->errors() == "");
    const BExpr* r = returned(*c, "f");
    REQUIRE(r->kind == BExprKind::Convert);
    CHECK(static_cast<const BConvert*>(r)->conversion == ConversionKind::Splat);
    const BExpr* inner = static_cast<const BConvert*>(r)->operand;
    REQUIRE(inner->kind == BExprKind::Convert);
    CHECK(static_cast<const BConvert*>(inner)->conversion == ConversionKind::Components);
    CHECK(type_name(inner->type) == "float");
    const BExpr* s = returned(*c, "g");
    REQUIRE(s->kind == BExprKind::Swizzle);
    CHECK(static_cast<const BSwizzle*>(s)->count == 1);
    CHECK(static_cast<const BSwizzle*>(s)->components[0] == 2);
    const BExpr* t = returned(*c, "h");
    REQUIRE(t->kind == BExprKind::Convert);
    CHECK(static_cast<const BConvert*>(t)->conversion == ConversionKind::Truncate);
    CHECK(static_cast<const BConvert*>(t)->explicit_cast);
}

TEST_CASE("check tree: literal arithmetic folds in 64 bits and double precision") {
    auto c = check_text("uint64_t f() { return 0x100000000 * 4; }\ndouble g() { return 1.0 / 3.0; }\n"
                        "float h(float x) { return x * 2; }\n");
    REQUIRE(c->errors() == "");
    const BExpr* r = returned(*c, "f");
    REQUIRE(r->kind == BExprKind::Convert);
    const BExpr* lit = static_cast<const BConvert*>(r)->operand;
    REQUIRE(lit->kind == BExprKind::Literal);
    CHECK(static_cast<const BLiteral*>(lit)->value.i == 0x400000000ll);
    const BExpr* d = static_cast<const BConvert*>(returned(*c, "g"))->operand;
    REQUIRE(d->kind == BExprKind::Literal);
    CHECK(static_cast<const BLiteral*>(d)->value.f == 1.0 / 3.0);
    const BExpr* m = returned(*c, "h");
    REQUIRE(m->kind == BExprKind::Binary);
    // The literal meets float and becomes a float operand.
    CHECK(type_name(static_cast<const BBinary*>(m)->rhs->type) == "float");
}

TEST_CASE("check tree: matrix elements, overloads, templates and member calls") {
    auto c = check_text("float2 f(float4x4 m) { return m._m01_22; }\n"
                        "float pick(float x) { return 1; }\nfloat pick(int x) { return 2; }\nfloat pick(float2 x) { return 3; }\n"
                        "float a() { return pick(1); }\nfloat b() { return pick(1.5); }\nfloat c2() { return pick(float2(1, 2)); }\n"
                        "template<typename T> T sq(T x) { return x * x; }\n"
                        "float3 d(float3 v) { return sq(v); }\nint e() { return sq<int>(3); }\n"
                        "struct S { float k; float get() { return k; } float twice() { return get() * 2; } };\n"
                        "float m(S s) { return s.twice(); }\n"
                        "void inc(inout float x) { x += 1; }\n");
    REQUIRE(c->errors() == "");
    const auto* me = static_cast<const BMatrixElements*>(returned(*c, "f"));
    REQUIRE(me->kind == BExprKind::MatrixElements);
    CHECK(me->count == 2);
    CHECK((me->rows[0] == 0 && me->cols[0] == 1 && me->rows[1] == 1 && me->cols[1] == 1));
    auto callee_of = [&](std::string_view fn) {
        const BExpr* r = returned(*c, fn);
        while (r->kind == BExprKind::Convert) r = static_cast<const BConvert*>(r)->operand;
        REQUIRE(r->kind == BExprKind::Call);
        return static_cast<const BCall*>(r)->callee;
    };
    CHECK(type_name(callee_of("a")->type) == "float(int)");
    CHECK(type_name(callee_of("b")->type) == "float(float)");
    CHECK(type_name(callee_of("c2")->type) == "float(float2)");
    const Function* sq3 = callee_of("d");
    REQUIRE(sq3->template_args.size() == 1);
    CHECK(type_name(sq3->template_args[0]) == "float3");
    CHECK(type_name(callee_of("e")->type) == "int(int)");
    const BExpr* mc = returned(*c, "m");
    REQUIRE(mc->kind == BExprKind::Call);
    CHECK(static_cast<const BCall*>(mc)->object->kind == BExprKind::VarRef);
    // Inside a method, a call of another method passes `this`.
    const BExpr* tw = returned(*c, "twice");
    REQUIRE(tw->kind == BExprKind::Binary);
    const BExpr* get = static_cast<const BBinary*>(tw)->lhs;
    REQUIRE(get->kind == BExprKind::Call);
    CHECK(static_cast<const BCall*>(get)->object->kind == BExprKind::This);
    const Function* inc = c->function("inc");
    REQUIRE(inc->body->stmts.size() == 1);
    const auto* es = static_cast<const BExprStmt*>(inc->body->stmts[0]);
    REQUIRE(es->expr->kind == BExprKind::Assign);
    const auto* as = static_cast<const BAssign*>(es->expr);
    CHECK(as->compound);
    CHECK(as->op == BinaryOp::Add);
    CHECK(type_name(as->value->type) == "float");
}
