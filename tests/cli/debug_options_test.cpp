// DXC's debug options with DXC's meanings (-Zi, -fspv-debug=<category>, -Qstrip_debug,
// -Qembed_debug, -Qstrip_reflect) and --print-locs: the options they set, and the tool's output.
#include <catch2/catch.hpp>

#include <filesystem>

#include "command_line.hpp"
#include "tool_process.hpp"

using namespace oneshader;
using namespace oneshader::cli;
using cli_test::run_tool;
using cli_test::ScratchDir;

namespace {

SpirvDebugInfo debug_of(std::vector<std::string> argv) {
    argv.push_back("a.hlsl");
    auto result = parse_command_line(argv);
    if (auto* e = std::get_if<CommandLineError>(&result)) FAIL(e->message);
    return std::get<Request>(result).options.spirv_debug;
}

std::string refused(std::vector<std::string> argv) {
    auto result = parse_command_line(argv);
    REQUIRE(std::holds_alternative<CommandLineError>(result));
    return std::get<CommandLineError>(result).message;
}

bool same(const SpirvDebugInfo& a, const SpirvDebugInfo& b) {
    return a.file == b.file && a.source == b.source && a.line == b.line && a.tool == b.tool && a.vulkan == b.vulkan;
}

SpirvDebugInfo make(bool file, bool source, bool line, bool tool, bool vulkan) {
    SpirvDebugInfo d;
    d.file = file;
    d.source = source;
    d.line = line;
    d.tool = tool;
    d.vulkan = vulkan;
    return d;
}

}  // namespace

TEST_CASE("Zi and the fspv-debug categories set what DXC's do") {
    CHECK(same(debug_of({}), make(false, false, false, false, false)));
    CHECK(same(debug_of({"-Zi"}), make(true, true, true, true, false)));
    CHECK(same(debug_of({"-Zi", "-Qembed_debug"}), make(true, true, true, true, false)));
    CHECK(same(debug_of({"-Zi", "-fspv-debug=file"}), make(true, false, false, false, false)));
    CHECK(same(debug_of({"-fspv-debug=source"}), make(true, true, false, false, false)));
    CHECK(same(debug_of({"-Zi", "-fspv-debug=line"}), make(true, true, true, false, false)));
    CHECK(same(debug_of({"-Zi", "-fspv-debug=tool", "-fspv-debug=file"}), make(true, false, false, true, false)));
    CHECK(same(debug_of({"-Zi", "-fspv-debug=vulkan-with-source"}), make(false, true, false, false, true)));
    CHECK(same(debug_of({"-fspv-debug=vulkan"}), make(false, false, false, false, true)));
    CHECK(same(debug_of({"-Zi", "-Qstrip_debug"}), make(false, false, false, false, false)));
    CHECK(same(debug_of({"-Qstrip_reflect"}), make(false, false, false, false, false)));
}

TEST_CASE("a debug category DXC does not have, or one Vulkan no longer reads, is refused") {
    CHECK(refused({"-fspv-debug=lines", "a.hlsl"}) ==
          "-fspv-debug=lines is not a debug category. Use file, source, line, tool, vulkan or vulkan-with-source.");
    CHECK(refused({"-fspv-debug=rich", "a.hlsl"}).find("vulkan-with-source") != std::string::npos);
    CHECK(refused({"--print-locs", "a.hlsl"}) ==
          "--print-locs shows source locations in the IR that --dump-ir prints; add --dump-ir.");
}

TEST_CASE("the tool writes OpLine with -Zi and NonSemantic debug info with vulkan-with-source") {
    ScratchDir dir;
    dir.write("d.hlsl", "float4 main(float4 c : COLOR) : SV_Target\n{\n    return c * 2;\n}\n");
    cli_test::ToolRun plain = run_tool({"-T", "ps_6_0", "-E", "main", "d.hlsl", "-Fo", "plain.spv"}, dir.path());
    REQUIRE(plain.exit_code == 0);
    cli_test::ToolRun zi = run_tool({"-T", "ps_6_0", "-E", "main", "-Zi", "-Qembed_debug", "d.hlsl", "-Fo", "zi.spv"},
                                    dir.path());
    INFO(zi.err);
    REQUIRE(zi.exit_code == 0);
    std::string words = dir.read("zi.spv");
    CHECK(words.size() > dir.read("plain.spv").size());
    CHECK(words.find("return c * 2;") != std::string::npos);  // the text in OpSource
    cli_test::ToolRun stripped =
        run_tool({"-T", "ps_6_0", "-E", "main", "-Zi", "-Qstrip_debug", "d.hlsl", "-Fo", "s.spv"}, dir.path());
    REQUIRE(stripped.exit_code == 0);
    CHECK(dir.read("s.spv") == dir.read("plain.spv"));
    cli_test::ToolRun vk = run_tool(
        {"-T", "ps_6_0", "-E", "main", "-Zi", "-fspv-debug=vulkan-with-source", "d.hlsl", "-Fo", "vk.spv"}, dir.path());
    REQUIRE(vk.exit_code == 0);
    CHECK(dir.read("vk.spv").find("NonSemantic.Shader.DebugInfo.100") != std::string::npos);
}

TEST_CASE("dump-ir with print-locs shows each instruction's location") {
    ScratchDir dir;
    dir.write("d.hlsl", "float4 main(float4 c : COLOR) : SV_Target\n{\n    return c * 2;\n}\n");
    cli_test::ToolRun r = run_tool({"-T", "ps_6_0", "--dump-ir", "--print-locs", "d.hlsl"}, dir.path());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find(" !loc(1:") != std::string::npos);
    cli_test::ToolRun without = run_tool({"-T", "ps_6_0", "--dump-ir", "d.hlsl"}, dir.path());
    CHECK(without.out.find("!loc") == std::string::npos);
}
