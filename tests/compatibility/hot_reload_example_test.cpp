// The hot-reload example (docs/examples/hot_reload.cpp) as a user runs it: on a temporary copy of
// the spec's Sprite.hlsl, through the cookbook's edits ("Reload shaders while the app runs"), plus
// an include edited while the shader is broken. The test reads each reload's output before it
// makes the next edit, so it needs no timing.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void write_text(const fs::path& p, const std::string& text) {
    // Write a new file and rename it over the old one, as editors do, so the watcher never reads
    // half a file.
    fs::path tmp = p;
    tmp += ".tmp";
    std::ofstream(tmp, std::ios::binary) << text;
    fs::rename(tmp, p);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// One reload's lines: up to the line that says what happened to the running shader.
std::vector<std::string> next_block(std::FILE* out) {
    std::vector<std::string> lines;
    char buf[4096];
    while (std::fgets(buf, sizeof buf, out)) {
        std::string line(buf);
        if (!line.empty() && line.back() == '\n') line.pop_back();
        lines.push_back(line);
        if (line.starts_with("  compatible:") || line == "  kept the last good shader") break;
    }
    return lines;
}

}  // namespace

TEST_CASE("hot reload example: swaps compatible edits, reports the others, follows includes after an error",
          "[compatibility][hot-reload]") {
    fs::path dir = fs::temp_directory_path() / ("oneshader_hot_reload_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    // The spec's file is corpus/spec/Sprite.hlsl without its first (comment) line, so the typo
    // below is at line 24 column 74 as the cookbook prints it; an include at the end is watched too.
    std::string corpus = read_text(fs::path(ONESHADER_SOURCE_DIR) / "corpus/spec/Sprite.hlsl");
    const std::string sprite = corpus.substr(corpus.find('\n') + 1) + "#include \"Extra.hlsli\"\n";
    const fs::path shader = dir / "Sprite.hlsl", extra = dir / "Extra.hlsli";
    write_text(shader, sprite);
    write_text(extra, "float Unused() { return 1; }\n");
    const std::string s = shader.generic_string();

    std::string command = std::string(ONESHADER_HOT_RELOAD_EXAMPLE) + " " + s + " --reloads 6 --poll-ms 10 --idle-exit 60";
    std::FILE* out = ::popen(command.c_str(), "r");
    REQUIRE(out);

    // 1. As it is on disk.
    std::vector<std::string> first = next_block(out);
    REQUIRE(first.size() == 2);
    CHECK(first[0] == s + ": watch Sprite.hlsl, Extra.hlsli");
    CHECK(first[1].starts_with("  compatible: swap in "));

    // 2. An edit to a function body.
    write_text(shader, replaced(sprite, "* i.Color;", "* i.Color * 0.5;"));
    std::vector<std::string> body = next_block(out);
    REQUIRE(body.size() == 2);
    CHECK(body[1].starts_with("  compatible: swap in "));

    // 3. A new constant-buffer member before Tint.
    write_text(shader, replaced(sprite, "float4x4 ViewProjection;", "float4x4 ViewProjection; float4 Fog;"));
    CHECK(next_block(out) == std::vector<std::string>{
                                 s + ": watch Sprite.hlsl, Extra.hlsli",
                                 "  not compatible:",
                                 "incompatible with the compiled-in C++ bindings:",
                                 "  Frame.Tint moved from offset 64 to 80",
                                 "  Frame.Fog was added at offset 64",
                                 "Rebuild the project to update the generated C++ bindings.",
                                 "  kept the last good shader",
                             });

    // 4. A typo: diagnostics, and the files to watch are still known.
    const std::string typo = replaced(sprite, "AtlasSampler, i.Uv", "AtlasSampler, i.UV");
    write_text(shader, typo);
    std::vector<std::string> broken = next_block(out);
    REQUIRE(broken.size() >= 3);
    CHECK(broken[0] == s + ": watch Sprite.hlsl, Extra.hlsli");
    CHECK(broken[1].starts_with(s + "(24,74): error OSH0308: "));
    CHECK(broken.back() == "  kept the last good shader");

    // 5. The include changes while the shader is broken: it is compiled again.
    write_text(extra, "float Unused() { return 2; }\n");
    std::vector<std::string> still = next_block(out);
    REQUIRE(still.size() >= 3);
    CHECK(still[1].starts_with(s + "(24,74): error OSH0308: "));

    // 6. The typo fixed: the original shader again, compatible.
    write_text(shader, sprite);
    std::vector<std::string> fixed = next_block(out);
    REQUIRE(fixed.size() == 2);
    CHECK(fixed[1].starts_with("  compatible: swap in "));

    CHECK(::pclose(out) == 0);
    std::error_code ec;
    fs::remove_all(dir, ec);
}
