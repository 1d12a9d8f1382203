// hot_reload: recompile a shader whenever a file it read changes, and swap the new code in only
// when its interface still matches the one the application was built against.
//
//   hot_reload <shader.hlsl> [--entry PSMain] [--poll-ms 50] [--reloads N] [--idle-exit S]
//
// The first good compile plays the part of the build: its reflection is the interface the rest of
// the program relies on (an application built with `oneshader --header` would use the reflection
// of its generated header instead). After that, every change to the shader or to an #include it
// read (CompileResult::files, also after a failed compile) compiles it again:
// - diagnostics: printed, and the last good shader keeps running;
// - compatible (compare_interface): the new SPIR-V is swapped in;
// - not compatible: the report is printed, and the last good shader keeps running.
// With --reloads N the program ends after N compiles (the first included), and with --idle-exit S
// when nothing changed for S seconds (exit status 3); otherwise it runs until interrupted. Files are polled by content; a real application would use the platform's
// file notifications instead.
#include <oneshader/cache.hpp>
#include <oneshader/compatibility.hpp>
#include <oneshader/oneshader.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

// The file's contents, or none when it cannot be read (deleted mid-save, say).
std::optional<std::string> read_all(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return std::nullopt;
    std::string text;
    char buf[8192];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
    return text;
}

std::string_view file_name(std::string_view path) {
    std::size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// What the watched files held when they were last compiled.
using Snapshot = std::map<std::string, std::optional<std::string>>;

Snapshot snapshot(const std::vector<std::string>& files) {
    Snapshot s;
    for (const std::string& f : files) s[f] = read_all(f);
    return s;
}

bool changed(const Snapshot& s) {
    for (const auto& [path, text] : s)
        if (read_all(path) != text) return true;
    return false;
}

struct Renderer {
    std::shared_ptr<const oneshader::CompileResult> running;  // the last good shader
    void replace(std::shared_ptr<const oneshader::CompileResult> r) { running = std::move(r); }
};

}  // namespace

int main(int argc, char** argv) {
    std::string path, entry = "PSMain";
    int poll_ms = 50;
    long reloads = -1;
    int idle_exit_s = -1;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        if (a == "--entry" && i + 1 < argc) entry = argv[++i];
        else if (a == "--poll-ms" && i + 1 < argc) poll_ms = std::atoi(argv[++i]);
        else if (a == "--reloads" && i + 1 < argc) reloads = std::atol(argv[++i]);
        else if (a == "--idle-exit" && i + 1 < argc) idle_exit_s = std::atoi(argv[++i]);
        else if (path.empty() && !a.starts_with("--")) path = a;
        else {
            std::fprintf(stderr, "usage: hot_reload <shader.hlsl> [--entry PSMain] [--poll-ms 50] [--reloads N] [--idle-exit S]\n");
            return 2;
        }
    }
    if (path.empty()) {
        std::fprintf(stderr, "usage: hot_reload <shader.hlsl> [--entry PSMain] [--poll-ms 50] [--reloads N] [--idle-exit S]\n");
        return 2;
    }

    // The cache answers an edit that was undone from memory.
    oneshader::ShaderCompileCache cache(32);
    std::optional<oneshader::ShaderReflection> built;
    Renderer renderer;

    for (long compiles = 0; reloads < 0 || compiles < reloads; ++compiles) {
        std::shared_ptr<const oneshader::CompileResult> result = cache.compile_file(path);
        Snapshot watched = snapshot(result->files);  // the file and its #includes, even after an error

        std::string names;
        for (const std::string& f : result->files) names += (names.empty() ? "" : ", ") + std::string(file_name(f));
        std::printf("%s: watch %s\n", path.c_str(), names.c_str());
        const oneshader::ShaderBlob* blob = result->find(entry, oneshader::Target::SpirV);
        if (!result->ok() || !blob || !result->reflection) {
            for (const oneshader::Diagnostic& d : result->diagnostics) std::printf("%s\n", d.to_string().c_str());
            if (result->ok()) std::printf("no SPIR-V for entry point '%s'\n", entry.c_str());
            std::printf("  kept the last good shader\n");
        } else {
            if (!built) built = result->reflection;  // the first good compile is what "the build" saw
            oneshader::CompatibilityReport report = oneshader::compare_interface(*built, *result);
            if (report.is_compatible()) {
                renderer.replace(result);
                std::printf("  compatible: swap in %zu bytes of SPIR-V\n", blob->data.size());
            } else {
                std::printf("  not compatible:\n%s\n  kept the last good shader\n", report.to_string().c_str());
            }
        }
        std::fflush(stdout);

        if (reloads >= 0 && compiles + 1 >= reloads) break;
        const auto idle_since = std::chrono::steady_clock::now();
        while (!changed(watched)) {
            if (idle_exit_s >= 0 && std::chrono::steady_clock::now() - idle_since > std::chrono::seconds(idle_exit_s)) {
                std::printf("nothing changed for %d s\n", idle_exit_s);
                return 3;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(poll_ms));
        }
    }
    return 0;
}
