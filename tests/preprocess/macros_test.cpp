// Macro definition and expansion: object-like, function-like, variadic, # and ##, rescanning.
#include <catch2/catch.hpp>

#include "pp_test_util.hpp"

using pptest::Run;

TEST_CASE("macros: object-like macro expands") {
    Run r("#define N 4\nfloat a[N];");
    CHECK(r.text() == "float a [ 4 ] ;");
    CHECK(r.codes().empty());
}

TEST_CASE("macros: empty macro expands to nothing") {
    Run r("#define EMPTY\nEMPTY int EMPTY x;");
    CHECK(r.text() == "int x ;");
}

TEST_CASE("macros: chains of object-like macros rescan") {
    Run r("#define A B\n#define B C\n#define C 42\nA");
    CHECK(r.text() == "42");
}

TEST_CASE("macros: keywords can be macros, as in DXC") {
    Run r("#define float half\nfloat x;");
    CHECK(r.text() == "half x ;");
}

TEST_CASE("macros: function-like macro with arguments") {
    Run r("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nMAX(1, x+2)");
    CHECK(r.text() == "( ( 1 ) > ( x + 2 ) ? ( 1 ) : ( x + 2 ) )");
}

TEST_CASE("macros: a function-like name without ( is not an invocation") {
    Run r("#define f(x) x+1\nint f; f (2)");
    CHECK(r.text() == "int f ; 2 + 1");
}

TEST_CASE("macros: invocation may span lines") {
    Run r("#define ADD(a, b) a + b\nADD(1,\n    2)\nz");
    CHECK(r.text() == "1 + 2 z");
}

TEST_CASE("macros: nested parentheses and commas in arguments") {
    Run r("#define FIRST(a, b) a\nFIRST((1, 2), 3) FIRST(f(x, y), 0)");
    CHECK(r.text() == "( 1 , 2 ) f ( x , y )");
}

TEST_CASE("macros: empty arguments") {
    Run r("#define P(a, b) [a|b]\nP(,) P(1,) P(,2)");
    CHECK(r.text() == "[ | ] [ 1 | ] [ | 2 ]");
    CHECK(r.codes().empty());
}

TEST_CASE("macros: F() for zero and one parameter") {
    Run r("#define Z() zero\n#define O(a) <a>\nZ() O()");
    CHECK(r.text() == "zero < >");
    CHECK(r.codes().empty());
}

TEST_CASE("macros: variadic macros") {
    Run r("#define V(fmt, ...) call(fmt, __VA_ARGS__)\nV(1, 2, 3) V(a,)");
    CHECK(r.text() == "call ( 1 , 2 , 3 ) call ( a , )");
    CHECK(r.codes().empty());
}

TEST_CASE("macros: variadic macro called without variadic arguments") {
    Run r("#define V(x, ...) f(x __VA_ARGS__)\n#define W(...) g(__VA_ARGS__)\nV(1) W()");
    CHECK(r.text() == "f ( 1 ) g ( )");
    CHECK(r.codes().empty());
}

TEST_CASE("macros: comma ## __VA_ARGS__ drops the comma when empty") {
    Run r("#define LOG(f, ...) log(f, ## __VA_ARGS__)\nLOG(a) LOG(a, b, c)");
    CHECK(r.text() == "log ( a ) log ( a , b , c )");
}

TEST_CASE("macros: stringizing keeps inner spacing and escapes quotes") {
    Run r("#define S(x) #x\nS(  a   +  b  ) S(\"q\\n\" 'c') S() S(a\n b)");
    REQUIRE(r.out.tokens.size() == 5);
    CHECK(r.out.tokens[0].text == "\"a + b\"");
    CHECK(r.out.tokens[1].text == "\"\\\"q\\\\n\\\" 'c'\"");
    CHECK(r.out.tokens[2].text == "\"\"");
    CHECK(r.out.tokens[3].text == "\"a b\"");
    CHECK(r.out.tokens[0].is(oneshader::syntax::TokenKind::String));
}

TEST_CASE("macros: stringizing does not expand the argument") {
    Run r("#define N 3\n#define S(x) #x\n#define XS(x) S(x)\nS(N) XS(N)");
    CHECK(r.text() == "\"N\" \"3\"");
}

TEST_CASE("macros: ## pastes into a new identifier which then expands") {
    Run r("#define CAT(a, b) a ## b\n#define foobar 99\nCAT(foo, bar) CAT(x, 1) CAT(1, 2)");
    CHECK(r.text() == "99 x1 12");
    CHECK(r.out.tokens[1].is(oneshader::syntax::TokenKind::Identifier));
    CHECK(r.out.tokens[1].ident.str() == "x1");
}

TEST_CASE("macros: ## operands are not expanded first") {
    Run r("#define A 1\n#define CAT(a, b) a ## b\n#define XCAT(a, b) CAT(a, b)\nCAT(A, A) XCAT(A, A)");
    CHECK(r.text() == "AA 11");
}

TEST_CASE("macros: ## with empty operands") {
    Run r("#define CAT(a, b) a ## b\n#define CAT3(a, b, c) a ## b ## c\nCAT(, x) CAT(y, ) CAT(,) CAT3(p, , q)");
    CHECK(r.text() == "x y pq");
    CHECK(r.codes().empty());
}

TEST_CASE("macros: ## forming punctuators") {
    Run r("#define CAT(a, b) a ## b\nCAT(+, =) CAT(<, <=) CAT(-, >)");
    CHECK(r.text() == "+= <<= ->");
    CHECK(r.out.tokens[1].is(oneshader::syntax::TokenKind::LessLessEqual));
}

TEST_CASE("macros: invalid paste is OSH0110 at the invocation with a note at the macro") {
    Run r("#define CAT(a, b) a ## b\nint x = CAT(+, -);");
    REQUIRE(r.codes() == std::vector<std::string>{"OSH0110"});
    CHECK(r.diag_at(0) == "main.hlsl(2,9)");
    REQUIRE(r.ctx.diags.diagnostics()[0].notes.size() == 1);
    CHECK(r.where(r.ctx.diags.diagnostics()[0].notes[0].range.begin) == "main.hlsl(1,9)");
    CHECK(r.ctx.diags.diagnostics()[0].notes[0].message == "expanded from macro 'CAT'");
}

TEST_CASE("macros: object-like ## pastes") {
    Run r("#define AB a ## b\nAB");
    CHECK(r.text() == "ab");
}

TEST_CASE("macros: self-reference stops (painted tokens)") {
    Run r("#define foo foo + 1\n#define a b\n#define b a\nfoo a b");
    CHECK(r.text() == "foo + 1 a b");
    CHECK(r.codes().empty());
    CHECK(r.out.tokens[0].has(oneshader::syntax::NoExpand));
}

TEST_CASE("macros: a painted name stays unexpanded after rescanning") {
    // The C standard's example: f(2)(9) gives 2*9*g.
    Run r("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)");
    CHECK(r.text() == "2 * 9 * g");
}

TEST_CASE("macros: function-like self reference through an argument") {
    Run r("#define f(x) x f\nf(f)(1)");
    // f(f) gives `f f` rescanned while f is disabled: both are painted, so (1) stays as written.
    CHECK(r.codes().empty());
    CHECK(r.text() == "f f ( 1 )");
}

TEST_CASE("macros: arguments are fully expanded before substitution") {
    Run r("#define TWICE(x) x x\n#define ONE 1\n#define ID(x) x\nTWICE(ONE) ID(ID(ID(7)))");
    CHECK(r.text() == "1 1 7");
}

TEST_CASE("macros: a macro name from the body can take arguments from the source") {
    Run r("#define F G\n#define G(x) [x]\nF(3)");
    CHECK(r.text() == "[ 3 ]");
}

TEST_CASE("macros: wrong argument count is OSH0106") {
    Run r("#define F(a, b) a\nF(1)\nF(1,2,3)\n#define V(a, ...) a\nV()");
    CHECK(r.codes() == std::vector<std::string>{"OSH0106", "OSH0106"});
    CHECK(r.diag_at(0) == "main.hlsl(2,1)");
    CHECK(r.message(0) == "macro 'F' takes 2 arguments, but 1 was given");
    CHECK(r.diag_at(1) == "main.hlsl(3,1)");
}

TEST_CASE("macros: unterminated invocation is OSH0107") {
    Run r("#define F(a) a\nF(1, \n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0107"});
    CHECK(r.diag_at(0) == "main.hlsl(2,1)");
}

TEST_CASE("macros: invocation cut by a directive is OSH0107 and the directive still runs") {
    Run r("#define F(a) a\nF(1\n#define X 5\n) X");
    CHECK(r.codes() == std::vector<std::string>{"OSH0107"});
    CHECK(r.text() == ") 5");
}

TEST_CASE("macros: # must name a parameter in function-like macros") {
    Run r("#define S(x) #y\n#define T #x\nT");
    CHECK(r.codes() == std::vector<std::string>{"OSH0108"});
    CHECK(r.diag_at(0) == "main.hlsl(1,14)");
    CHECK(r.text() == "# x");
}

TEST_CASE("macros: ## at the edge of a body is OSH0109") {
    Run r("#define A ## x\n#define B(x) x ##\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0109", "OSH0109"});
    CHECK(r.diag_at(0) == "main.hlsl(1,11)");
}

TEST_CASE("macros: malformed definitions are OSH0105") {
    Run r("#define\n#define 3 x\n#define F(a,) a\n#define G(a, a) a\n#define defined 1\n#define H(x) __VA_ARGS__\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0105", "OSH0105", "OSH0105", "OSH0105", "OSH0105", "OSH0105"});
    CHECK(r.diag_at(1) == "main.hlsl(2,9)");
    CHECK(r.diag_at(3) == "main.hlsl(4,14)");
}

TEST_CASE("macros: redefinition warns unless identical") {
    Run r("#define A 1 + 2\n#define A 1 + 2\n#define A 1+2\n#define F(x) x\n#define F(y) y\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0104", "OSH0104"});
    CHECK(r.diag_at(0) == "main.hlsl(3,9)");
    REQUIRE(r.ctx.diags.diagnostics()[0].notes.size() == 1);
    CHECK(r.where(r.ctx.diags.diagnostics()[0].notes[0].range.begin) == "main.hlsl(2,9)");
}

TEST_CASE("macros: #undef removes a macro") {
    Run r("#define A 1\nA\n#undef A\nA\n#undef NEVER_DEFINED\n");
    CHECK(r.text() == "1 A");
    CHECK(r.codes().empty());
}

TEST_CASE("macros: output tokens point at the invocation, spelling at the body") {
    Run r("#define VALUE (1 + 2)\n#define WRAP VALUE\nint x = WRAP;");
    REQUIRE(r.out.tokens.size() == 10);
    const auto& one = r.out.tokens[4];
    CHECK(one.text == "1");
    CHECK(r.where(one.loc) == "main.hlsl(3,9)");
    CHECK(r.where(one.spelling) == "main.hlsl(1,16)");
    CHECK(one.has(oneshader::syntax::FromMacro));
    CHECK_FALSE(r.out.tokens[0].has(oneshader::syntax::FromMacro));
}

TEST_CASE("macros: argument tokens keep their own spelling location") {
    Run r("#define ID(x) x\nID(  abc )");
    REQUIRE(r.out.tokens.size() == 2);
    CHECK(r.where(r.out.tokens[0].loc) == "main.hlsl(2,1)");
    CHECK(r.where(r.out.tokens[0].spelling) == "main.hlsl(2,6)");
}

TEST_CASE("macros: __LINE__, __FILE__ and __COUNTER__") {
    Run r("__LINE__\n#define L __LINE__\n\nL __FILE__ __COUNTER__ __COUNTER__");
    CHECK(r.text() == "1 4 \"main.hlsl\" 0 1");
}

TEST_CASE("macros: __LINE__ follows #line") {
    Run r("#line 100 \"renamed.hlsl\"\n__LINE__ __FILE__\n__LINE__");
    CHECK(r.text() == "100 \"renamed.hlsl\" 101");
}

TEST_CASE("macros: redefining a built-in macro warns OSH0114") {
    Run r("#define __LINE__ 5\n#undef __FILE__\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0114", "OSH0114"});
}

TEST_CASE("macros: expansion inside #define bodies is deferred to use") {
    Run r("#define A B\n#define B 1\nA\n#undef B\n#define B 2\nA");
    CHECK(r.text() == "1 2");
}

TEST_CASE("macros: the output ends with one Eof") {
    Run r("#define A\nA");
    REQUIRE(r.out.tokens.size() == 1);
    CHECK(r.out.tokens.back().is(oneshader::syntax::TokenKind::Eof));
}
