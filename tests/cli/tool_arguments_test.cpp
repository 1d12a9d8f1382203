// The built tool as a process: --help, --version, every accepted flag, every refusal and its exit code.
#include <catch2/catch.hpp>

#include "oneshader/oneshader.hpp"
#include "tool_process.hpp"

using cli_test::run_tool;
using cli_test::ScratchDir;
using Args = std::vector<std::string>;

namespace {

constexpr const char* kShader = "[shader(\"pixel\")] float4 main() : SV_Target { return 1; }\n";
constexpr const char* kHint = " Run 'oneshader --help' for the options.\n";

// A refused command line: exit code 2, one error line naming the problem, nothing on stdout.
void check_refused(const Args& args, const std::string& message_start) {
    ScratchDir dir;
    dir.write("a.hlsl", kShader);
    cli_test::ToolRun run = run_tool(args, dir.path());
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK(run.out.empty());
    CHECK(run.err.starts_with("oneshader: error: " + message_start));
    CHECK(run.err.ends_with(kHint));
}

}  // namespace

TEST_CASE("help lists every option and exits 0") {
    ScratchDir dir;
    for (const Args& args : {Args{"--help"}, Args{"-help"}, Args{"-?"}}) {
        cli_test::ToolRun run = run_tool(args, dir.path());
        CHECK(run.exit_code == 0);
        CHECK(run.err.empty());
        for (const char* flag : {"-T <profile>", "-E <name>", "-D NAME[=VALUE]", "-I <dir>", "-Fo <file>", "-spirv",
                                 "-O0", "-Od", "-O3", "-Zpr", "-Zpc", "-HV 2021", "-WX", "-enable-16bit-types",
                                 "-fspv-target-env=<env>", "-fvk-{b,t,u,s}-shift N S", "-fvk-bind-register",
                                 "-fvk-bind-globals", "-fvk-auto-shift-bindings", "-fspv-extension=<ext>",
                                 "-fspv-entrypoint-name=<n>", "-fvk-invert-y", "-Fc <file>",
                                 "-fdiagnostics-format=msvc|clang", "--diagnostics-json",
                                 "-nologo", "-P", "-Fi <file>", "--target spirv|msl|wgsl",
                                 "--all-entries", "--reflect <file.json>", "--depfile <file>", "--no-names", "--syntax-only",
                                 "--version", "--help"})
            CHECK(run.out.find(flag) != std::string::npos);
    }
}

TEST_CASE("version prints the library version") {
    ScratchDir dir;
    cli_test::ToolRun run = run_tool({"--version"}, dir.path());
    CHECK(run.exit_code == 0);
    CHECK(run.out == "oneshader " + std::string(oneshader::version()) + "\n");
}

TEST_CASE("every DXC-compatible and oneshader flag is accepted") {
    // Preprocessing gives a definite success for flags that apply to it.
    ScratchDir dir;
    dir.write("a.hlsl", kShader);
    dir.write("inc/x.hlsli", "");
    const Args accepted[] = {
        {"-T", "ps_6_0"}, {"-Tps_6_0"}, {"-T", "vs_6_7"}, {"-T", "cs_5_0"}, {"-E", "main"}, {"-Emain"},
        {"-D", "X"},      {"-DX=1"},    {"-I", "inc"},    {"-Iinc"},        {"-spirv"},      {"-O0"},
        {"-Od"},          {"-O1"},      {"-O2"},          {"-O3"},          {"-Zpr"},        {"-Zpc"},
        {"-HV", "2021"},  {"-HV202x"},  {"-WX"},          {"-enable-16bit-types"},
        {"-fspv-target-env=vulkan1.2"}, {"-fspv-target-env=vulkan1.3"},     {"-nologo"},
        {"--target", "spirv"}, {"--target=msl"}, {"--all-entries"}, {"--no-names"},
    };
    for (const Args& flag : accepted) {
        Args args{"-P", "a.hlsl"};
        args.insert(args.end(), flag.begin(), flag.end());
        cli_test::ToolRun run = run_tool(args, dir.path());
        INFO(flag.front() << "\n" << run.err);
        CHECK(run.exit_code == 0);
        CHECK(run.err.empty());
    }
}

TEST_CASE("compile flags reach the compiler, not a command-line refusal") {
    ScratchDir dir;
    dir.write("a.hlsl", kShader);
    const Args compile_lines[] = {
        {"-T", "ps_6_0", "-E", "main", "-spirv", "-O3", "-HV", "2021", "-WX", "-Zpr", "-enable-16bit-types",
         "-fspv-target-env=vulkan1.2", "-nologo", "a.hlsl", "-Fo", "a.spv"},
        {"--all-entries", "--target", "spirv", "--target", "msl", "--target", "wgsl", "--reflect", "a.json",
         "--depfile", "a.d", "--no-names", "a.hlsl", "-Fo", "out"},
        {"a.hlsl"},
    };
    for (const Args& args : compile_lines) {
        cli_test::ToolRun run = run_tool(args, dir.path());
        INFO(run.err);
        CHECK(run.exit_code == 0);  // every target has a backend
        CHECK(run.err.find("oneshader: error:") == std::string::npos);
    }
}

// The layout and profile refusals say more than the spec's words since the DXC options landed
// (docs/command-line.md): the binding and debug options are taken now, and the profile names its stage.
TEST_CASE("the three refusal messages, word for word") {
    check_refused({"-Zs", "a.hlsl"},
                  "option '-Zs' is not supported: there is no separate debug file; -Zi (or -fspv-debug=...) puts "
                  "the debug information inside the SPIR-V module. Remove it. Run 'oneshader --help' for the "
                  "options.");
    check_refused({"-T", "ps_6_0", "-fvk-allow-rwstructuredbuffer-arrays", "a.hlsl"},
                  "option '-fvk-allow-rwstructuredbuffer-arrays' is not supported. Of the -fvk-* options oneshader takes the "
                  "register shifts and bindings (-fvk-b/t/u/s-shift, -fvk-bind-register, -fvk-bind-globals, "
                  "-fvk-bind-resource-heap, -fvk-bind-sampler-heap, -fvk-bind-counter-heap, -fvk-auto-shift-bindings), -fvk-invert-y, -fvk-use-dx-position-w, -fvk-stage-io-order=, "
                  "-fvk-support-nonzero-base-vertex/-instance and the layout flags -fvk-use-dx-layout, "
                  "-fvk-use-gl-layout and -fvk-use-scalar-layout; remove it, or express it in the shader "
                  "([[vk::location]], [[vk::offset]]). Run 'oneshader --help' for the options.");
    check_refused({"-T", "gs_6_0", "a.hlsl"},
                  "-T gs_6_0 is a geometry shader profile, which oneshader does not compile. Use vs_6_x, ps_6_x or "
                  "cs_6_x; geometry, tessellation, mesh and library profiles are not supported. Run 'oneshader "
                  "--help' for the options.");
}

TEST_CASE("other refusals name the option, exit code 2") {
    check_refused({"-fvk-allow-rwstructuredbuffer-arrays", "a.hlsl"}, "option '-fvk-allow-rwstructuredbuffer-arrays' is not supported.");
    check_refused({"-fvk-use-dx-layout", "-fvk-use-gl-layout", "a.hlsl"},
                  "-fvk-use-dx-layout and -fvk-use-gl-layout cannot be given together: pick one buffer layout.");
    check_refused({"-Fre", "a.json", "a.hlsl"}, "option '-Fre' is not supported.");
    check_refused({"-fspv-target-env=vulkan1.4", "a.hlsl"}, "-fspv-target-env=vulkan1.4 is not supported.");
    check_refused({"-Fe", "a.txt", "a.hlsl"}, "option '-Fe' is a DXC option oneshader does not support.");
    check_refused({"-Qstrip_priv", "a.hlsl"}, "option '-Qstrip_priv' is a DXC option");
    for (const char* profile : {"hs_6_0", "ds_6_0", "ms_6_5", "as_6_5", "lib_6_3"})
        check_refused({"-T", profile, "a.hlsl"}, std::string("-T ") + profile + " is a");
    check_refused({"-T", "xx_9_9", "a.hlsl"}, "-T xx_9_9 is not a supported profile.");
    check_refused({"-HV", "2018", "a.hlsl"}, "-HV 2018 is not a supported language version.");
    check_refused({"-T", "ps_6_0", "--all-entries", "a.hlsl"}, "--all-entries cannot be combined with -T or -E.");
    check_refused({"-E", "main", "--all-entries", "a.hlsl"}, "--all-entries cannot be combined with -T or -E.");
    check_refused({"-bogus", "a.hlsl"}, "unknown option '-bogus'.");
    check_refused({"--bogus", "a.hlsl"}, "unknown option '--bogus'.");
    check_refused({"-T", "ps_6_0"}, "no input file.");
    check_refused({}, "no input file.");
    check_refused({"a.hlsl", "b.hlsl"}, "more than one input file ('a.hlsl', 'b.hlsl')");
    check_refused({"a.hlsl", "-Fo"}, "option '-Fo' needs a value");
    check_refused({"--target", "dxil", "a.hlsl"}, "--target dxil is not a target.");
}
