// Compiling through the built tool: the files it writes and where, standard output, --reflect,
// --depfile, --no-names, -O0, --syntax-only, and exit code 1 with a located diagnostic when the
// shader is wrong.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "oneshader/oneshader.hpp"
#include "tool_process.hpp"

using cli_test::run_tool;
using cli_test::ScratchDir;
using Args = std::vector<std::string>;

namespace {

constexpr std::uint32_t kSpirvMagic = 0x07230203;

std::string corpus_text(const char* rel) {
    std::ifstream in(std::string(ONESHADER_SOURCE_DIR) + "/corpus/" + rel, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The spec's Sprite.hlsl, copied into the scratch folder so paths in outputs are relative.
void write_sprite(const ScratchDir& dir) { dir.write("Sprite.hlsl", corpus_text("spec/Sprite.hlsl")); }

std::vector<std::uint32_t> words_of(const std::string& bytes) {
    std::vector<std::uint32_t> words(bytes.size() / 4);
    for (std::size_t i = 0; i < words.size(); ++i)
        for (int b = 3; b >= 0; --b) words[i] = (words[i] << 8) | static_cast<std::uint8_t>(bytes[i * 4 + b]);
    return words;
}

// How many instructions of `opcode` the module holds, walking it instruction by instruction.
std::size_t count_opcode(const std::string& bytes, std::uint32_t opcode) {
    std::vector<std::uint32_t> words = words_of(bytes);
    std::size_t n = 0;
    for (std::size_t i = 5; i < words.size();) {
        std::uint32_t count = words[i] >> 16;
        if ((words[i] & 0xffff) == opcode) ++n;
        if (count == 0) break;
        i += count;
    }
    return n;
}

bool is_spirv(const std::string& bytes) {
    std::vector<std::uint32_t> words = words_of(bytes);
    return words.size() > 5 && words[0] == kSpirvMagic && bytes.size() % 4 == 0;
}

constexpr std::uint32_t kOpName = 5;
constexpr std::uint32_t kOpMemberName = 6;
constexpr std::uint32_t kOpFunction = 54;

// The entry point as the spec prints it under "As JSON from the command line".
constexpr const char* kSpecEntryPointJson = R"(  "entryPoints": [
    {
      "name": "VSMain",
      "stage": "Vertex",
      "vertexStride": 20,
      "inputs": [
        {
          "name": "i.Position",
          "semantic": "POSITION",
          "semanticIndex": 0,
          "location": 0,
          "builtIn": "None",
          "scalar": "Float",
          "components": 2,
          "format": "Float32x2",
          "offset": 0,
          "interpolation": "Default"
        },
)";

}  // namespace

TEST_CASE("one entry point: SPIR-V written to -Fo exactly as named") {
    ScratchDir dir;
    write_sprite(dir);
    cli_test::ToolRun run = run_tool({"-T", "ps_6_0", "-E", "PSMain", "Sprite.hlsl", "-Fo", "sprite.ps.spv"}, dir.path());
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(run.err.empty());
    CHECK(run.out.empty());
    CHECK(is_spirv(dir.read("sprite.ps.spv")));
    CHECK_FALSE(dir.exists("sprite.ps.PSMain.spv"));
}

TEST_CASE("without -T every entry point is compiled, each written beside -Fo") {
    for (const Args& extra : {Args{}, Args{"--all-entries"}, Args{"-spirv"}}) {
        ScratchDir dir;
        write_sprite(dir);
        Args args{"Sprite.hlsl", "-Fo", "out/sprite.spv"};
        args.insert(args.end(), extra.begin(), extra.end());
        dir.write("out/.keep", "");
        cli_test::ToolRun run = run_tool(args, dir.path());
        INFO(run.err);
        REQUIRE(run.exit_code == 0);
        CHECK(run.err.empty());
        CHECK(is_spirv(dir.read("out/sprite.VSMain.spv")));
        CHECK(is_spirv(dir.read("out/sprite.PSMain.spv")));
        CHECK_FALSE(dir.exists("out/sprite.spv"));
    }
}

TEST_CASE("tool: --entry compiles the entry points named, by stage, with or without [shader]") {
    ScratchDir dir;
    dir.write("two.hlsl", "float4 VSMain(float4 p : POSITION) : SV_Position { return p; }\n"
                          "float4 PSMain() : SV_Target { return 1; }\n"
                          "[shader(\"compute\")] [numthreads(1, 1, 1)] void CSMain() {}\n");
    dir.write("out/.keep", "");
    cli_test::ToolRun run =
        run_tool({"--entry", "VSMain:vertex", "--entry", "PSMain:Pixel", "two.hlsl", "-Fo", "out/two.spv"}, dir.path());
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(is_spirv(dir.read("out/two.VSMain.spv")));
    CHECK(is_spirv(dir.read("out/two.PSMain.spv")));
    CHECK_FALSE(dir.exists("out/two.CSMain.spv"));
    cli_test::ToolRun missing = run_tool({"--entry", "Nope:pixel", "two.hlsl", "-Fo", "x.spv"}, dir.path());
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("Nope") != std::string::npos);
    CHECK(run_tool({"--entry", "VSMain", "two.hlsl"}, dir.path()).exit_code == 2);
}

TEST_CASE("the tool writes the library's bytes") {
    ScratchDir dir;
    write_sprite(dir);
    REQUIRE(run_tool({"Sprite.hlsl", "-Fo", "s.spv"}, dir.path()).exit_code == 0);
    oneshader::CompileResult lib = oneshader::compile_file((dir.path() / "Sprite.hlsl").string());
    REQUIRE(lib.ok());
    for (const char* entry : {"VSMain", "PSMain"}) {
        const oneshader::ShaderBlob* blob = lib.find(entry, oneshader::Target::SpirV);
        REQUIRE(blob);
        CHECK(dir.read(std::string("s.") + entry + ".spv") == std::string(blob->as_text()));
    }
}

TEST_CASE("without -Fo a single output goes to standard output as binary SPIR-V") {
    ScratchDir dir;
    write_sprite(dir);
    cli_test::ToolRun to_stdout = run_tool({"-T", "vs_6_0", "-E", "VSMain", "Sprite.hlsl"}, dir.path());
    INFO(to_stdout.err);
    REQUIRE(to_stdout.exit_code == 0);
    CHECK(is_spirv(to_stdout.out));
    REQUIRE(run_tool({"-T", "vs_6_0", "-E", "VSMain", "Sprite.hlsl", "-Fo", "vs.spv"}, dir.path()).exit_code == 0);
    CHECK(to_stdout.out == dir.read("vs.spv"));
}

TEST_CASE("several outputs without -Fo are exit code 1, nothing written") {
    ScratchDir dir;
    write_sprite(dir);
    cli_test::ToolRun run = run_tool({"Sprite.hlsl"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(run.out.empty());
    CHECK(run.err.starts_with("oneshader: error: 2 outputs cannot all go to standard output."));
}

TEST_CASE("tool: --reflect writes the JSON of schema version 1 with the spec's entry point") {
    ScratchDir dir;
    write_sprite(dir);
    cli_test::ToolRun run = run_tool(
        {"-T", "vs_6_0", "-E", "VSMain", "--reflect", "sprite.vs.json", "Sprite.hlsl", "-Fo", "sprite.vs.spv"},
        dir.path());
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(is_spirv(dir.read("sprite.vs.spv")));
    std::string json = dir.read("sprite.vs.json");
    CHECK(json.starts_with("{\n  \"schemaVersion\": 1,\n  \"source\": \"Sprite.hlsl\",\n"));
    CHECK(json.find(kSpecEntryPointJson) != std::string::npos);
    CHECK(json.find('\r') == std::string::npos);
    CHECK(json.find(dir.path().string()) == std::string::npos);  // no machine paths

    // The same bytes as the library's writer, and on every run.
    oneshader::CompileOptions options;
    options.profile = oneshader::parse_profile("vs_6_0");
    options.entry_points.push_back({"VSMain", oneshader::Stage::Vertex});
    oneshader::CompileResult lib = oneshader::compile_file((dir.path() / "Sprite.hlsl").string(), options);
    REQUIRE(lib.reflection);
    CHECK(json == oneshader::write_reflection_json(*lib.reflection));
    REQUIRE(run_tool({"-T", "vs_6_0", "-E", "VSMain", "--reflect", "again.json", "Sprite.hlsl", "-Fo", "x.spv"},
                     dir.path()).exit_code == 0);
    CHECK(dir.read("again.json") == json);
}

TEST_CASE("tool: --depfile names the shaders and the JSON written, then every file read") {
    ScratchDir dir;
    dir.write("shaders/post.hlsl",
              "#include \"common/color.hlsli\"\n"
              "[shader(\"pixel\")] float4 main(float4 p : SV_Position) : SV_Target { return Tone(p); }\n");
    dir.write("shaders/common/color.hlsli", "float4 Tone(float4 c) { return c * 0.5; }\n");
    dir.write("build dir/.keep", "");
    cli_test::ToolRun run = run_tool({"-T", "ps_6_0", "shaders/post.hlsl", "-Fo", "build dir/post.spv", "--reflect",
                                      "build dir/post.json", "--depfile", "build dir/post.d"},
                                     dir.path());
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(dir.read("build dir/post.d") ==
          "build\\ dir/post.spv build\\ dir/post.json: shaders/post.hlsl shaders/common/color.hlsli\n");

    ScratchDir sprite;
    write_sprite(sprite);
    REQUIRE(run_tool({"Sprite.hlsl", "-Fo", "s.spv", "--depfile", "s.d"}, sprite.path()).exit_code == 0);
    CHECK(sprite.read("s.d") == "s.VSMain.spv s.PSMain.spv: Sprite.hlsl\n");
}

TEST_CASE("tool: --no-names leaves OpName and OpMemberName out") {
    ScratchDir dir;
    write_sprite(dir);
    REQUIRE(run_tool({"-T", "vs_6_0", "-E", "VSMain", "Sprite.hlsl", "-Fo", "named.spv"}, dir.path()).exit_code == 0);
    REQUIRE(run_tool({"-T", "vs_6_0", "-E", "VSMain", "--no-names", "Sprite.hlsl", "-Fo", "bare.spv"}, dir.path())
                .exit_code == 0);
    std::string named = dir.read("named.spv"), bare = dir.read("bare.spv");
    REQUIRE(is_spirv(named));
    REQUIRE(is_spirv(bare));
    CHECK(count_opcode(named, kOpName) > 0);
    CHECK(count_opcode(named, kOpMemberName) > 0);
    CHECK(count_opcode(bare, kOpName) == 0);
    CHECK(count_opcode(bare, kOpMemberName) == 0);
    CHECK(bare.size() < named.size());
}

TEST_CASE("tool: -O0 and -Od turn the optimizer off, the last optimization option wins") {
    ScratchDir dir;
    dir.write("f.hlsl",
              "float Half(float x) { return x * 0.5; }\n"
              "[shader(\"pixel\")] float4 main(float4 p : SV_Position) : SV_Target { return Half(p.x); }\n");
    auto functions = [&](const Args& flags) {
        Args args{"-T", "ps_6_0", "f.hlsl", "-Fo", "f.spv"};
        args.insert(args.end(), flags.begin(), flags.end());
        cli_test::ToolRun run = run_tool(args, dir.path());
        INFO(run.err);
        REQUIRE(run.exit_code == 0);
        return count_opcode(dir.read("f.spv"), kOpFunction);
    };
    std::size_t optimized = functions({});
    CHECK(functions({"-O3"}) == optimized);
    CHECK(functions({"-O0"}) > optimized);  // the helper is not inlined
    CHECK(functions({"-Od"}) > optimized);
    CHECK(functions({"-O0", "-O2"}) == optimized);
}

TEST_CASE("a shader error is exit code 1 with file(line,col): error OSHnnnn: message, nothing written") {
    ScratchDir dir;
    dir.write("bad.hlsl",
              "[shader(\"pixel\")]\n"
              "float4 main() : SV_Target { return Colr; }\n");
    cli_test::ToolRun run = run_tool(
        {"-T", "ps_6_0", "bad.hlsl", "-Fo", "bad.spv", "--reflect", "bad.json", "--depfile", "bad.d"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(run.out.empty());
    INFO(run.err);
    CHECK(std::regex_search(run.err, std::regex(R"(^bad\.hlsl\(2,36\): error OSH\d{4}: .*Colr)")));
    CHECK_FALSE(dir.exists("bad.spv"));
    CHECK_FALSE(dir.exists("bad.json"));
    CHECK_FALSE(dir.exists("bad.d"));
}

TEST_CASE("preprocessor diagnostics print the same way") {
    ScratchDir dir;
    dir.write("bad.hlsl", "float x;\n#if\n#endif\n");
    cli_test::ToolRun run = run_tool({"-T", "ps_6_0", "bad.hlsl"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(run.err.starts_with("bad.hlsl(2,"));
    CHECK(run.err.find("): error OSH0") != std::string::npos);
}

TEST_CASE("a missing input file is OSH0003, exit code 1") {
    ScratchDir dir;
    for (const char* mode : {"-P", "-spirv", "--syntax-only"}) {
        Args args{mode, "missing.hlsl"};
        if (std::string(mode) != "--syntax-only") args.insert(args.end(), {"-Fo", "out"});
        cli_test::ToolRun run = run_tool(args, dir.path());
        CHECK(run.exit_code == 1);
        CHECK(run.err.find("missing.hlsl") != std::string::npos);
        CHECK(run.err.find("error OSH0003") != std::string::npos);
        CHECK_FALSE(dir.exists("out"));
    }
}

TEST_CASE("a file without entry points has nothing to compile: exit code 1") {
    ScratchDir dir;
    dir.write("lib.hlsl", "float Half(float x) { return x * 0.5; }\n");
    cli_test::ToolRun run = run_tool({"lib.hlsl", "-Fo", "lib.spv"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(run.err.starts_with("oneshader: error: the file has no entry point to compile."));
    CHECK_FALSE(dir.exists("lib.spv"));
}

TEST_CASE("WGSL writes one file per entry point next to the SPIR-V") {
    ScratchDir dir;
    write_sprite(dir);
    cli_test::ToolRun run = run_tool({"--target", "spirv", "--target", "wgsl", "Sprite.hlsl", "-Fo", "s"}, dir.path());
    INFO(run.err);
    CHECK(run.exit_code == 0);
    CHECK(dir.exists("s.VSMain.wgsl"));
    CHECK(dir.exists("s.PSMain.wgsl"));
    CHECK(dir.exists("s.VSMain.spv"));
}

TEST_CASE("all three targets in one run: one file per entry point and target") {
    ScratchDir dir;
    write_sprite(dir);
    cli_test::ToolRun run = run_tool(
        {"--target", "spirv", "--target", "wgsl", "--target", "msl", "Sprite.hlsl", "-Fo", "s"}, dir.path());
    INFO(run.err);
    CHECK(run.exit_code == 0);
    for (const char* entry : {"VSMain", "PSMain"})
        for (const char* ext : {".spv", ".wgsl", ".metal"}) CHECK(dir.exists(std::string("s.") + entry + ext));
}

TEST_CASE("tool: --syntax-only checks the source and writes no shader") {
    ScratchDir dir;
    write_sprite(dir);
    dir.write("bad.hlsl", "[shader(\"pixel\")]\nfloat4 main() : SV_Target { return Colr; }\n");

    cli_test::ToolRun ok = run_tool({"--syntax-only", "Sprite.hlsl"}, dir.path());
    INFO(ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(ok.out.empty());
    CHECK(ok.err.empty());

    cli_test::ToolRun bad = run_tool({"--syntax-only", "-T", "ps_6_0", "bad.hlsl"}, dir.path());
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.starts_with("bad.hlsl(2,36): error OSH"));

    // MSL and WGSL need no backend to be checked.
    CHECK(run_tool({"--syntax-only", "--target", "msl", "--target", "wgsl", "Sprite.hlsl"}, dir.path()).exit_code == 0);

    // The front end gives the reflection; it and its depfile may be written.
    cli_test::ToolRun reflect =
        run_tool({"--syntax-only", "--reflect", "s.json", "--depfile", "s.d", "Sprite.hlsl"}, dir.path());
    REQUIRE(reflect.exit_code == 0);
    CHECK(dir.read("s.json").find(kSpecEntryPointJson) != std::string::npos);
    CHECK(dir.read("s.d") == "s.json: Sprite.hlsl\n");

    cli_test::ToolRun with_fo = run_tool({"--syntax-only", "Sprite.hlsl", "-Fo", "s.spv"}, dir.path());
    CHECK(with_fo.exit_code == 2);
    CHECK(with_fo.err.starts_with("oneshader: error: --syntax-only writes no shader"));
}
