// #line, #error, #warning, #pragma, unknown directives, predefined macros and defines.
#include <catch2/catch.hpp>

#include "pp_test_util.hpp"

using pptest::Run;

TEST_CASE("directives: #line renumbers and renames") {
    Run r("a\n#line 50\nb\n#line 7 \"other.hlsl\"\nc\nd");
    REQUIRE(r.out.tokens.size() == 5);
    CHECK(r.where(r.out.tokens[1].loc) == "main.hlsl(50,1)");
    CHECK(r.where(r.out.tokens[2].loc) == "other.hlsl(7,1)");
    CHECK(r.where(r.out.tokens[3].loc) == "other.hlsl(8,1)");
}

TEST_CASE("directives: #line with a macro and GNU line markers") {
    Run r("#define L 20\n#line L\nx\n# 5 \"g.hlsl\" 1\ny");
    CHECK(r.codes().empty());
    CHECK(r.where(r.out.tokens[0].loc) == "main.hlsl(20,1)");
    CHECK(r.where(r.out.tokens[1].loc) == "g.hlsl(5,1)");
}

TEST_CASE("directives: errors after #line use the new numbering") {
    Run r("#line 300 \"gen.hlsl\"\n#error stop here");
    CHECK(r.codes() == std::vector<std::string>{"OSH0103"});
    CHECK(r.diag_at(0) == "gen.hlsl(300,1)");
}

TEST_CASE("directives: bad #line is OSH0117") {
    Run r("#line\n#line x\n#line 12 notastring\n#line 99999999999\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0117", "OSH0117", "OSH0117", "OSH0117"});
}

TEST_CASE("directives: #error reports its text, #warning warns") {
    Run r("  #  error Shader needs   FEATURE_X (don't ship)\n#warning careful\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0103", "OSH0125"});
    CHECK(r.message(0) == "Shader needs   FEATURE_X (don't ship)");
    CHECK(r.diag_at(0) == "main.hlsl(1,3)");
    CHECK(r.ctx.diags.diagnostics()[1].severity == oneshader::support::DiagSeverity::Warning);
}

TEST_CASE("directives: unknown directives are OSH0100 at the name") {
    Run r("#include_next <x>\n#foo\n#\nok");
    CHECK(r.codes() == std::vector<std::string>{"OSH0100", "OSH0100"});
    CHECK(r.diag_at(1) == "main.hlsl(2,2)");
    CHECK(r.text() == "ok");
}

TEST_CASE("directives: pragma pack_matrix is recorded with its token position") {
    Run r("float4x4 a;\n#pragma pack_matrix(row_major)\nfloat4x4 b;\n#pragma pack_matrix( column_major )\n");
    REQUIRE(r.out.pack_matrix.size() == 2);
    CHECK(r.out.pack_matrix[0].packing == oneshader::MatrixPacking::RowMajor);
    CHECK(r.out.pack_matrix[0].token_index == 3);
    CHECK(r.out.pack_matrix[1].packing == oneshader::MatrixPacking::ColumnMajor);
    CHECK(r.out.pack_matrix[1].token_index == 6);
    CHECK(r.where(r.out.pack_matrix[0].loc) == "main.hlsl(2,1)");
    CHECK(r.codes().empty());
}

TEST_CASE("directives: bad pack_matrix warns OSH0118, other pragmas are ignored") {
    Run r("#pragma pack_matrix(diagonal)\n#pragma warning(disable: 3571)\n#pragma dxc diagnostic ignored \"-Wx\"\n"
          "#pragma\nx");
    CHECK(r.codes() == std::vector<std::string>{"OSH0118"});
    CHECK(r.out.pack_matrix.empty());
    CHECK(r.text() == "x");
}

TEST_CASE("directives: predefined macros for a profile") {
    oneshader::CompileOptions o;
    o.profile = oneshader::Profile{oneshader::Stage::Compute, 6, 4};
    Run r("__HLSL_VERSION __SHADER_TARGET_STAGE __SHADER_STAGE_COMPUTE __SHADER_TARGET_MAJOR __SHADER_TARGET_MINOR "
          "__spirv__ __hlsl_dx_compiler\n"
          "#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE\ncs\n#endif\n"
          "#ifdef __HLSL_ENABLE_16_BIT\nsixteen\n#endif\n",
          o);
    CHECK(r.text() == "2021 5 5 6 4 1 1 cs");
}

TEST_CASE("directives: stage constants match DXC's shader kinds") {
    oneshader::CompileOptions o;
    o.profile = oneshader::Profile{oneshader::Stage::Vertex, 6, 0};
    o.enable_16bit_types = true;
    Run r("__SHADER_STAGE_PIXEL __SHADER_STAGE_VERTEX __SHADER_STAGE_GEOMETRY __SHADER_STAGE_HULL "
          "__SHADER_STAGE_DOMAIN __SHADER_STAGE_LIBRARY __SHADER_STAGE_MESH __SHADER_STAGE_AMPLIFICATION "
          "__SHADER_TARGET_STAGE __HLSL_ENABLE_16_BIT",
          o);
    CHECK(r.text() == "0 1 2 3 4 6 13 14 1 1");
    o.profile = oneshader::Profile{oneshader::Stage::Pixel, 6, 2};
    Run p("__SHADER_TARGET_STAGE __SHADER_TARGET_MINOR", o);
    CHECK(p.text() == "0 2");
}

TEST_CASE("directives: without a profile the target macros are not defined") {
    Run r("#ifdef __SHADER_TARGET_STAGE\nyes\n#else\nno\n#endif");
    CHECK(r.text() == "no");
}

TEST_CASE("directives: defines apply in order, no value means 1, values are tokenized") {
    oneshader::CompileOptions o;
    o.defines = {{"A", std::nullopt}, {"B", "A + 2"}, {"F(x)", "((x) * 2)"}, {"A", "7"}, {"C=3", std::nullopt}};
    Run r("A B F(4) C", o);
    CHECK(r.text() == "7 7 + 2 ( ( 4 ) * 2 ) 3");
    // Redefining A with another value warns like a source #define would.
    CHECK(r.codes() == std::vector<std::string>{"OSH0104"});
}

TEST_CASE("directives: a define that is not an identifier is OSH0006") {
    oneshader::CompileOptions o;
    o.defines = {{"1BAD", "1"}, {"GOOD", "2"}};
    Run r("GOOD", o);
    CHECK(r.codes() == std::vector<std::string>{"OSH0006"});
    CHECK(r.text() == "2");
}

TEST_CASE("directives: files_read is not touched by predefined text") {
    oneshader::CompileOptions o;
    o.defines = {{"X", "1"}};
    Run r("X", o);
    CHECK(r.ctx.files_read == std::vector<std::string>{"main.hlsl"});
}

TEST_CASE("directives: stray characters reaching the output are OSH0116") {
    Run r("int a @ b;\n#if 0\n@\n#endif\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0116"});
    CHECK(r.diag_at(0) == "main.hlsl(1,7)");
}

TEST_CASE("directives: a directive inside a multi-line comment line continues after it") {
    Run r("#define A 1 /* a\n comment */ + 2\nA");
    CHECK(r.text() == "1 + 2");
}

TEST_CASE("directives: line splices continue a directive") {
    Run r("#define LONG a \\\n  b \\\n  c\nLONG");
    CHECK(r.text() == "a b c");
}

TEST_CASE("directives: unterminated comment is OSH0127") {
    Run r("x /* no end\n#define A\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0127"});
    CHECK(r.diag_at(0) == "main.hlsl(1,3)");
    CHECK(r.text() == "x");
}
