// `oneshader -P` through the built tool: includes, macros, conditionals, and where the text goes.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tool_process.hpp"

using cli_test::compact;
using cli_test::run_tool;
using cli_test::ScratchDir;

namespace {

// A shader with a relative include, an include found through -I, and a macro-driven conditional.
void write_project(const ScratchDir& dir) {
    dir.write("shaders/main.hlsl",
              "#include \"common/near.hlsli\"\n"
              "#include \"far.hlsli\"\n"
              "#if QUALITY >= 2\n"
              "float quality = HIGH_VALUE;\n"
              "#else\n"
              "float quality = 0.5;\n"
              "#endif\n"
              "#ifdef FLAG\n"
              "int flag = FLAG;\n"
              "#endif\n");
    dir.write("shaders/common/near.hlsli", "#define HIGH_VALUE 4.0\nfloat near_value;\n");
    dir.write("lib/far.hlsli", "float far_value;\n");
}

}  // namespace

TEST_CASE("preprocessing writes the text to standard output") {
    ScratchDir dir;
    write_project(dir);
    cli_test::ToolRun run = run_tool({"-P", "shaders/main.hlsl", "-I", "lib"}, dir.path());
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(run.err.empty());
    std::string text = compact(run.out);
    CHECK(text.find("floatnear_value;") != std::string::npos);
    CHECK(text.find("floatfar_value;") != std::string::npos);
    CHECK(text.find("floatquality=0.5;") != std::string::npos);
    CHECK(text.find("HIGH_VALUE") == std::string::npos);
    CHECK(text.find("flag") == std::string::npos);
}

TEST_CASE("preprocessing applies -D, joined or separate, with and without a value") {
    ScratchDir dir;
    write_project(dir);
    cli_test::ToolRun run = run_tool({"-P", "-DQUALITY=2", "-D", "FLAG", "-Ilib", "shaders/main.hlsl"}, dir.path());
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    std::string text = compact(run.out);
    CHECK(text.find("floatquality=4.0;") != std::string::npos);
    CHECK(text.find("intflag=1;") != std::string::npos);
}

TEST_CASE("preprocessing writes to -Fo, and to -Fi in preference") {
    ScratchDir dir;
    write_project(dir);
    cli_test::ToolRun to_fo = run_tool({"-P", "shaders/main.hlsl", "-Ilib", "-Fo", "out.i"}, dir.path());
    INFO(to_fo.err);
    REQUIRE(to_fo.exit_code == 0);
    CHECK(to_fo.out.empty());
    CHECK(compact(dir.read("out.i")).find("floatfar_value;") != std::string::npos);

    cli_test::ToolRun to_fi = run_tool({"-P", "shaders/main.hlsl", "-Ilib", "-Fojunk.i", "-Fi", "pp.i"}, dir.path());
    REQUIRE(to_fi.exit_code == 0);
    CHECK(to_fi.out.empty());
    CHECK(dir.exists("pp.i"));
    CHECK_FALSE(dir.exists("junk.i"));
    CHECK(dir.read("pp.i") == dir.read("out.i"));
}

TEST_CASE("preprocessed output is the same bytes on every run") {
    ScratchDir dir;
    write_project(dir);
    cli_test::ToolRun first = run_tool({"-P", "shaders/main.hlsl", "-Ilib"}, dir.path());
    cli_test::ToolRun second = run_tool({"-P", "shaders/main.hlsl", "-Ilib"}, dir.path());
    REQUIRE(first.exit_code == 0);
    CHECK(first.out == second.out);
}

TEST_CASE("a missing include fails with exit code 1 and writes nothing") {
    ScratchDir dir;
    write_project(dir);
    cli_test::ToolRun run = run_tool({"-P", "shaders/main.hlsl", "-Fo", "out.i", "--depfile", "out.d"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("error OSH0120") != std::string::npos);
    CHECK(run.err.find("far.hlsli") != std::string::npos);
    CHECK_FALSE(dir.exists("out.i"));
    CHECK_FALSE(dir.exists("out.d"));
}

TEST_CASE("an error directive stops -P with exit code 1 and a located diagnostic") {
    ScratchDir dir;
    dir.write("e.hlsl", "\n#error stop here\n");
    cli_test::ToolRun run = run_tool({"-P", "e.hlsl"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("e.hlsl(2,") != std::string::npos);
    CHECK(run.err.find("error OSH0103") != std::string::npos);
}

TEST_CASE("the depfile after preprocessing lists the output and every file read, escaped") {
    ScratchDir dir;
    dir.write("my shaders/a$b.hlsl", "#include \"in#c.hlsli\"\nfloat a;\n");
    dir.write("my shaders/in#c.hlsli", "float c;\n");
    cli_test::ToolRun run =
        run_tool({"-P", "my shaders/a$b.hlsl", "-Fi", "out dir.i", "--depfile", "deps.d"}, dir.path());
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    std::string deps = dir.read("deps.d");
    CHECK(deps.starts_with("out\\ dir.i: my\\ shaders/a$$b.hlsl "));
    CHECK(deps.find("in\\#c.hlsli") != std::string::npos);
    CHECK(deps.ends_with("\n"));
    CHECK(std::count(deps.begin(), deps.end(), '\n') == 1);
}

// A missing folder is made (as DXC does); a folder that is a file cannot be.
TEST_CASE("an output that cannot be written gives exit code 1") {
    ScratchDir dir;
    dir.write("a.hlsl", "float a;\n");
    cli_test::ToolRun made = run_tool({"-P", "a.hlsl", "-Fo", "new/dir/out.i"}, dir.path());
    CHECK(made.exit_code == 0);
    CHECK(dir.exists("new/dir/out.i"));
    cli_test::ToolRun run = run_tool({"-P", "a.hlsl", "-Fo", "a.hlsl/out.i"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(run.err.starts_with("oneshader: error: cannot write 'a.hlsl/out.i': "));

    cli_test::ToolRun into_folder = run_tool({"-P", "a.hlsl", "-Fo", "."}, dir.path());
    CHECK(into_folder.exit_code == 1);

    cli_test::ToolRun bad_depfile =
        run_tool({"-P", "a.hlsl", "-Fo", "ok.i", "--depfile", "a.hlsl/x.d"}, dir.path());
    CHECK(bad_depfile.exit_code == 1);
    CHECK(bad_depfile.err.starts_with("oneshader: error: cannot write 'a.hlsl/x.d': "));
}
