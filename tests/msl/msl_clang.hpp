#pragma once
// clang++ as the MSL checker: the type check (-fsyntax-only against tests/msl/metal) and the build and run of a
// kernel on the CPU. Debian clang 14; the type check targets aarch64, where clang has _Float16 for `half`.
#include <filesystem>
#include <map>
#include <string>

namespace msl_test {

struct ClangRun {
    int status = -1;
    std::string output;  // stdout and stderr
};

std::filesystem::path header_dir();

// clang++ -fsyntax-only on the prepared source, layout asserts on, warnings as errors; `flags` are added to
// the command line (e.g. -DONESHADER_METAL_DEVICE_SPACE).
ClangRun type_check(const std::string& source, const std::map<int, std::string>& constants = {},
                    const std::string& flags = "");

// Builds the kernel as C++ with run_kernel.hpp, runs it on `bindings` (run_kernel.hpp's format), and returns the
// bindings after the run in `output` (or the compiler or run error with a non-zero status).
ClangRun run_kernel(const std::string& source, const std::string& bindings,
                    const std::map<int, std::string>& constants = {});

// Builds the draw of a vertex and a fragment function as C++ with run_draw.hpp (msl_draw_driver.hpp), runs it on
// `bindings` (run_draw.hpp's format), and returns the bindings and the target after the run in `output`.
ClangRun run_draw(const std::string& vertex_source, const std::string& fragment_source, const std::string& bindings,
                  const std::map<int, std::string>& vertex_constants = {},
                  const std::map<int, std::string>& fragment_constants = {});

}  // namespace msl_test
