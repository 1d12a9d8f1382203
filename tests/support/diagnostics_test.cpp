#include <catch2/catch.hpp>

#include "support/diagnostics.hpp"

using namespace oneshader::support;

TEST_CASE("diagnostics print as file(line,col): severity code: message", "[diagnostics]") {
    SourceManager sm;
    FileId f = sm.add("blur.hlsl", "#include \"common/sample.hlsli\"\n");
    DiagnosticEngine de(sm);
    de.report(DiagCode::include_not_found, SourceRange({f, 9}, {f, 31}), "cannot find include file");
    REQUIRE(de.diagnostics().size() == 1);
    CHECK(de.format(de.diagnostics()[0]) == "blur.hlsl(1,10): error OSH0120: cannot find include file");
    CHECK(de.has_errors());
}

TEST_CASE("codes come from the one table", "[diagnostics]") {
    CHECK(format_code(DiagCode::file_unreadable) == "OSH0003");
    CHECK(format_code(DiagCode::too_many_errors) == "OSH0004");
    CHECK(format_code(DiagCode::include_not_found) == "OSH0120");
    CHECK(format_code(DiagCode::internal_error) == "OSH7000");
    CHECK(default_severity(DiagCode::pp_macro_redefined) == DiagSeverity::Warning);
    CHECK(code_name(DiagCode::include_not_found) == "include_not_found");
}

TEST_CASE("notes follow their diagnostic", "[diagnostics]") {
    SourceManager sm;
    FileId f = sm.add("a.hlsl", "#define X\nX\n");
    DiagnosticEngine de(sm);
    de.report(DiagCode::pp_macro_redefined, SourceRange({f, 10}), "'X' redefined");
    de.note(SourceRange({f, 8}), "previous definition is here");
    CHECK(de.format(de.diagnostics()[0]) ==
          "a.hlsl(2,1): warning OSH0104: 'X' redefined\na.hlsl(1,9): note: previous definition is here");
    CHECK_FALSE(de.has_errors());
}

TEST_CASE("warnings become errors on request", "[diagnostics]") {
    SourceManager sm;
    FileId f = sm.add("a.hlsl", "x");
    DiagnosticEngine de(sm, DiagOptions{true, 100});
    de.report(DiagCode::pp_macro_redefined, SourceRange({f, 0}), "w");
    REQUIRE(de.diagnostics().size() == 1);
    CHECK(de.diagnostics()[0].severity == DiagSeverity::Error);
    CHECK(de.has_errors());
}

TEST_CASE("identical consecutive errors are dropped, different ones kept", "[diagnostics]") {
    SourceManager sm;
    FileId f = sm.add("a.hlsl", "abc");
    DiagnosticEngine de(sm);
    de.report(DiagCode::pp_bad_expression, SourceRange({f, 0}), "same");
    de.report(DiagCode::pp_bad_expression, SourceRange({f, 0}), "same");
    de.note(SourceRange({f, 1}), "note of a dropped error is dropped too");
    de.report(DiagCode::pp_bad_expression, SourceRange({f, 1}), "same");
    de.report(DiagCode::pp_bad_expression, SourceRange({f, 0}), "same");
    REQUIRE(de.diagnostics().size() == 3);
    CHECK(de.diagnostics()[0].notes.empty());
    CHECK(de.error_count() == 3);
}

TEST_CASE("the error cap stops at 100 with OSH0004", "[diagnostics]") {
    SourceManager sm;
    FileId f = sm.add("a.hlsl", std::string(500, 'x'));
    DiagnosticEngine de(sm);
    for (std::uint32_t i = 0; i < 300; ++i) de.report(DiagCode::pp_bad_expression, SourceRange({f, i}), "e");
    REQUIRE(de.diagnostics().size() == 101);
    CHECK(de.diagnostics()[100].code == DiagCode::too_many_errors);
    CHECK(de.limit_reached());
    // Warnings after the cap are dropped as well: the compile is over.
    de.report(DiagCode::pp_macro_redefined, SourceRange({f, 0}), "w");
    CHECK(de.diagnostics().size() == 101);
}

TEST_CASE("a diagnostic without a position prints without one", "[diagnostics]") {
    SourceManager sm;
    DiagnosticEngine de(sm);
    de.report(DiagCode::file_unreadable, {}, "cannot read 'x.hlsl'");
    CHECK(de.format(de.diagnostics()[0]) == "error OSH0003: cannot read 'x.hlsl'");
}
