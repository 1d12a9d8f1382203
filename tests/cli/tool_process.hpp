#pragma once
// Runs the built oneshader tool as a separate process in a scratch folder, the way a build
// system does, and captures what it printed.
#include <filesystem>
#include <string>
#include <vector>

namespace cli_test {

struct ToolRun {
    int exit_code = -1;  // -1: did not exit normally
    std::string out;
    std::string err;
};

// A fresh folder under the system temp directory, removed with everything in it at scope end.
class ScratchDir {
public:
    ScratchDir();
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Writes `text` to `relative` (creating folders) and returns the full path.
    std::filesystem::path write(const std::string& relative, const std::string& text) const;
    std::string read(const std::string& relative) const;
    bool exists(const std::string& relative) const;

private:
    std::filesystem::path path_;
};

// Runs ONESHADER_TOOL with `args` in `cwd`; standard input is empty.
ToolRun run_tool(const std::vector<std::string>& args, const std::filesystem::path& cwd);

// The text without `#line` markers and without whitespace, so checks do not depend on how the
// preprocessor spaces its output.
std::string compact(const std::string& text);

}  // namespace cli_test
