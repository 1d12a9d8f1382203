#include <catch2/catch.hpp>

#include "support/source_manager.hpp"

using namespace oneshader::support;

TEST_CASE("line and column are 1-based across line ending styles", "[sources]") {
    SourceManager sm;
    FileId f = sm.add("a.hlsl", "ab\ncd\r\nef\rgh");
    CHECK(sm.line({f, 0}) == 1);
    CHECK(sm.column({f, 0}) == 1);
    CHECK(sm.column({f, 1}) == 2);
    CHECK(sm.line({f, 3}) == 2);
    CHECK(sm.column({f, 4}) == 2);
    CHECK(sm.line({f, 7}) == 3);  // after \r\n
    CHECK(sm.line({f, 10}) == 4); // after a lone \r
    CHECK(sm.line_text({f, 4}) == "cd");
    CHECK(sm.line_text({f, 10}) == "gh");
}

TEST_CASE("the end of a file has a position", "[sources]") {
    SourceManager sm;
    FileId f = sm.add("a.hlsl", "x\n");
    CHECK(sm.line({f, 2}) == 2);
    CHECK(sm.column({f, 2}) == 1);
    FileId e = sm.add("empty.hlsl", "");
    CHECK(sm.line({e, 0}) == 1);
}

TEST_CASE("#line directives renumber and rename", "[sources]") {
    SourceManager sm;
    FileId f = sm.add("a.hlsl", "l1\n#line 100 \"gen.hlsl\"\nl3\nl4\n#line 7\nl6\n");
    sm.add_line_directive(f, 24, 100, "gen.hlsl");  // the line after the first directive starts at 24
    sm.add_line_directive(f, 38, 7, "");
    PresumedLoc before = sm.presumed({f, 0});
    CHECK(before.file == "a.hlsl");
    CHECK(before.line == 1);
    PresumedLoc l3 = sm.presumed({f, 24});
    CHECK(l3.file == "gen.hlsl");
    CHECK(l3.line == 100);
    PresumedLoc l4 = sm.presumed({f, 27});
    CHECK(l4.line == 101);
    PresumedLoc l6 = sm.presumed({f, 39});
    CHECK(l6.file == "gen.hlsl");  // the name stays until another directive changes it
    CHECK(l6.line == 7);
    CHECK(l6.column == 2);
}

TEST_CASE("include stack lists the #include locations innermost first", "[sources]") {
    SourceManager sm;
    FileId main = sm.add("main.hlsl", "#include \"a.hlsli\"\n");
    FileId a = sm.add("a.hlsli", "\n#include \"b.hlsli\"\n", {main, 0});
    FileId b = sm.add("b.hlsli", "float x;", {a, 1});
    auto stack = sm.include_stack(b);
    REQUIRE(stack.size() == 2);
    CHECK(stack[0].file == a);
    CHECK(sm.line(stack[0]) == 2);
    CHECK(stack[1].file == main);
    CHECK(sm.include_stack(main).empty());
}

TEST_CASE("texts stay in place while files are added", "[sources]") {
    // Tokens keep views into file texts; short texts are stored inline in std::string, so the
    // manager must never move a file once added.
    SourceManager sm;
    FileId first = sm.add("a.hlsl", "local");
    std::string_view view = sm.text(first);
    const char* data = view.data();
    for (int i = 0; i < 1000; ++i) sm.add("f" + std::to_string(i) + ".hlsl", "x");
    CHECK(sm.text(first).data() == data);
    CHECK(view == "local");
    sm.add_line_directive(first, 0, 5, "n.hlsl");
    PresumedLoc p = sm.presumed({first, 0});
    for (int i = 0; i < 100; ++i) sm.add_line_directive(first, 0, 5, "m" + std::to_string(i));
    CHECK(p.file == "n.hlsl");
}
