#include "msl_clang.hpp"

#include <atomic>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "msl_draw_driver.hpp"
#include "msl_source.hpp"

namespace msl_test {
namespace fs = std::filesystem;
namespace {

// One scratch folder per call, removed afterwards; the process id keeps parallel ctest runs apart.
struct Scratch {
    fs::path path;
    Scratch() {
        static std::atomic<int> counter{0};
        path = fs::temp_directory_path() /
               ("oneshader-msl-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
        fs::create_directories(path);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    fs::path write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name) << text;
        return path / name;
    }
};

ClangRun run_command(const std::string& command) {
    ClangRun run;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return run;
    char buffer[4096];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.output.append(buffer, n);
    int status = pclose(pipe);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const char* const kBuildFlags = "clang++ -std=c++17 -O0 -pthread -Wno-unknown-attributes";

// The runner header (run_kernel.hpp or run_draw.hpp) precompiled once per process: it is most of what every
// driver build parses (the header, metal_stdlib and the standard headers of the runner), and a precompiled
// header halves the build of each driver. Kept in a folder of its own, removed when the process ends.
struct Precompiled {
    std::mutex mutex;
    std::map<std::string, ClangRun> built;  // by header name: status 0 and the -include-pch flag in `output`
    Scratch folder;
};

// " -include-pch FILE" for the header in `run.output`, or the build's error with a non-zero status.
ClangRun precompiled(const std::string& header) {
    static Precompiled cache;
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto found = cache.built.find(header);
    if (found != cache.built.end()) return found->second;
    fs::path pch = cache.folder.path / (header + ".pch");
    ClangRun run = run_command(std::string(kBuildFlags) + " -x c++-header " + (header_dir() / header).string() +
                               " -o " + pch.string());
    if (run.status == 0) run.output = " -include-pch " + pch.string();
    cache.built[header] = run;
    return run;
}

}  // namespace

fs::path header_dir() { return fs::path(ONESHADER_SOURCE_DIR) / "tests" / "msl" / "metal"; }

ClangRun type_check(const std::string& source, const std::map<int, std::string>& constants,
                    const std::string& flags) {
    Scratch scratch;
    fs::path file = scratch.write("shader.metal", prepare(source, constants));
    return run_command("clang++ --target=aarch64-linux-gnu -std=c++17 -fsyntax-only -nostdinc -nostdinc++ "
                       "-Werror -Wno-unknown-attributes -DONESHADER_CHECK_LAYOUT " + flags + " -I " +
                       header_dir().string() + " -x c++ " + file.string());
}

ClangRun run_kernel(const std::string& source, const std::string& bindings,
                    const std::map<int, std::string>& constants) {
    Scratch scratch;
    std::vector<Entry> entries = scan_entries(source);
    ClangRun failed;
    if (entries.size() != 1 || entries[0].stage != "kernel") {
        failed.output = "expected exactly one kernel function";
        return failed;
    }
    fs::path prepared = scratch.write("kernel.metal", prepare(source, constants));
    fs::path driver = scratch.write("driver.cpp", kernel_driver(entries[0], prepared.string()));
    fs::path exe = scratch.path / "kernel";
    ClangRun pch = precompiled("run_kernel.hpp");
    if (pch.status != 0) return pch;
    ClangRun build = run_command(std::string(kBuildFlags) + pch.output + " -I " + header_dir().string() + " " +
                                 driver.string() + " -o " + exe.string());
    if (build.status != 0) return build;
    fs::path in = scratch.write("in.txt", bindings);
    fs::path out = scratch.path / "out.txt";
    // A kernel that calls a simd function from divergent code waits forever: the timeout turns that into a failure.
    ClangRun run = run_command("timeout 60 " + exe.string() + " " + in.string() + " " + out.string());
    if (run.status == 124) run.output += "the kernel did not finish in 60 s (a barrier or simd call not reached by every thread?)";
    if (run.status != 0) return run;
    run.output = read_file(out);
    return run;
}

ClangRun run_draw(const std::string& vertex_source, const std::string& fragment_source, const std::string& bindings,
                  const std::map<int, std::string>& vertex_constants,
                  const std::map<int, std::string>& fragment_constants) {
    Scratch scratch;
    fs::path vs = scratch.write("vertex.metal", prepare(vertex_source, vertex_constants));
    fs::path ps = scratch.write("fragment.metal", prepare(fragment_source, fragment_constants));
    DrawDriver driver = draw_driver(vertex_source, fragment_source, vs.string(), ps.string());
    ClangRun failed;
    if (!driver.problem.empty()) {
        failed.output = driver.problem;
        return failed;
    }
    fs::path source = scratch.write("driver.cpp", driver.text);
    fs::path exe = scratch.path / "draw";
    ClangRun pch = precompiled("run_draw.hpp");
    if (pch.status != 0) return pch;
    ClangRun build = run_command(std::string(kBuildFlags) + pch.output + " -I " + header_dir().string() + " " +
                                 source.string() + " -o " + exe.string());
    if (build.status != 0) return build;
    fs::path in = scratch.write("in.txt", bindings);
    fs::path out = scratch.path / "out.txt";
    // A derivative that not every lane of a quad reaches waits forever: the timeout makes it a failure.
    ClangRun run = run_command("timeout 60 " + exe.string() + " " + in.string() + " " + out.string());
    if (run.status == 124) run.output += "the draw did not finish in 60 s (a derivative not reached by every lane of a quad?)";
    if (run.status != 0) return run;
    run.output = read_file(out);
    return run;
}

}  // namespace msl_test
