// --print-after=<pass> and --verify-ir: the option model, and what the built tool prints and writes.
#include <catch2/catch.hpp>

#include <initializer_list>

#include "command_line.hpp"
#include "tool_process.hpp"

using namespace oneshader;
using namespace oneshader::cli;
using cli_test::run_tool;
using cli_test::ScratchDir;

namespace {

std::variant<Request, CommandLineError> parse(std::initializer_list<std::string> argv) {
    std::vector<std::string> in(argv);
    return parse_command_line(in);
}

std::string refusal(std::initializer_list<std::string> argv) {
    auto r = parse(argv);
    REQUIRE(std::holds_alternative<CommandLineError>(r));
    return std::get<CommandLineError>(r).message;
}

const char* kShader =
    "struct VSIn { float4 w[2] : WEIGHTS; };\n"
    "float Twice(float x) { return x * 2.0; }\n"
    "[shader(\"vertex\")] float4 main(VSIn v) : SV_Position { return v.w[1] * Twice(v.w[0].x); }\n";

}  // namespace

TEST_CASE("print-after takes a pass name joined or separate, verify-ir is a switch", "[cli][ir-options]") {
    auto joined = parse({"--print-after=mem2reg", "a.hlsl"});
    REQUIRE(std::holds_alternative<Request>(joined));
    CHECK(std::get<Request>(joined).options.print_after == "mem2reg");
    CHECK_FALSE(std::get<Request>(joined).options.verify_ir);
    auto separate = parse({"--print-after", "split_stage_io", "--verify-ir", "a.hlsl"});
    REQUIRE(std::holds_alternative<Request>(separate));
    CHECK(std::get<Request>(separate).options.print_after == "split_stage_io");
    CHECK(std::get<Request>(separate).options.verify_ir);
}

TEST_CASE("print-after with an unknown name lists every optimizer pass and raise transform", "[cli][ir-options]") {
    std::string m = refusal({"--print-after=mem3reg", "a.hlsl"});
    CHECK(m.rfind("--print-after=mem3reg names no pass. Use one of ", 0) == 0);
    IrPassNames names = ir_pass_names();
    REQUIRE_FALSE(names.optimizer.empty());
    REQUIRE_FALSE(names.raise.empty());
    for (const std::string& n : names.optimizer) CHECK(m.find("'" + n + "'") != std::string::npos);
    for (const std::string& n : names.raise) CHECK(m.find("'" + n + "'") != std::string::npos);
    CHECK(std::find(names.raise.begin(), names.raise.end(), "split_stage_io") != names.raise.end());
    CHECK(refusal({"a.hlsl", "--print-after"}).find("needs a value") != std::string::npos);
}

TEST_CASE("print-after refuses runs that would print nothing", "[cli][ir-options]") {
    CHECK(refusal({"-Od", "--print-after=cse", "a.hlsl"}).find("-Od switches the optimizer off") != std::string::npos);
    CHECK(std::holds_alternative<Request>(parse({"-Od", "--print-after=split_stage_io", "a.hlsl"})));
    CHECK(refusal({"--dump-ir", "--print-after=cse", "a.hlsl"}).find("cannot be combined") != std::string::npos);
    CHECK(refusal({"-P", "--print-after=cse", "a.hlsl"}).find("cannot be combined") != std::string::npos);
}

TEST_CASE("tool: --print-after prints the IR after the named pass to standard error", "[cli][ir-options]") {
    ScratchDir dir;
    dir.write("s.hlsl", kShader);
    cli_test::ToolRun plain = run_tool({"-T", "vs_6_0", "s.hlsl", "-Fo", "plain.spv"}, dir.path());
    REQUIRE(plain.exit_code == 0);
    CHECK(plain.err.empty());

    cli_test::ToolRun split = run_tool({"-T", "vs_6_0", "--print-after=split_stage_io", "s.hlsl", "-Fo", "split.spv"},
                                       dir.path());
    INFO(split.err);
    REQUIRE(split.exit_code == 0);
    CHECK(split.err.rfind("; after split_stage_io\n", 0) == 0);
    CHECK(split.err.find("global input float4 location(1) ; in.var.WEIGHTS_1") != std::string::npos);
    CHECK(split.err.find("entry vertex @main") != std::string::npos);
    CHECK(dir.read("split.spv") == dir.read("plain.spv"));

    cli_test::ToolRun inl = run_tool({"-T", "vs_6_0", "--print-after=inline", "s.hlsl", "-Fo", "inl.spv"}, dir.path());
    REQUIRE(inl.exit_code == 0);
    CHECK(inl.err.rfind("; after inline\n", 0) == 0);
    CHECK(inl.err.find("; after split_stage_io") == std::string::npos);
    CHECK(inl.err.find("call @Twice") == std::string::npos);
}

TEST_CASE("tool: --verify-ir compiles a valid shader to the same bytes", "[cli][ir-options]") {
    ScratchDir dir;
    dir.write("s.hlsl", kShader);
    for (const char* o : {"-O3", "-Od"}) {
        REQUIRE(run_tool({"-T", "vs_6_0", o, "s.hlsl", "-Fo", "plain.spv"}, dir.path()).exit_code == 0);
        cli_test::ToolRun checked = run_tool({"-T", "vs_6_0", o, "--verify-ir", "s.hlsl", "-Fo", "checked.spv"}, dir.path());
        INFO(checked.err);
        REQUIRE(checked.exit_code == 0);
        CHECK(checked.err.empty());
        CHECK(dir.read("checked.spv") == dir.read("plain.spv"));
    }
}
