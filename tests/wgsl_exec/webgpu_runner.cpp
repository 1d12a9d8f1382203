#include "webgpu_runner.hpp"

#include <cstdio>
#include <fstream>

#include "wgsl_validate.hpp"

namespace oneshader::wgsl_exec {
namespace {

exec::Bytes from_hex(const std::string& text) {
    auto digit = [](char ch) { return ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10; };
    exec::Bytes out;
    for (std::size_t i = 0; i + 1 < text.size(); i += 2)
        out.push_back(static_cast<std::uint8_t>(digit(text[i]) * 16 + digit(text[i + 1])));
    return out;
}

std::string read_line(std::FILE* from) {
    std::string line;
    char buf[65536];
    while (std::fgets(buf, sizeof buf, from)) {
        line += buf;
        if (line.back() == '\n') {
            line.pop_back();
            break;
        }
    }
    return line;
}

// Single quotes for the shell; the paths are the test's own.
std::string shell_quoted(const std::string& s) {
    std::string out = "'";
    for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return out + "'";
}

}  // namespace

RunnerAnswer run_jobs(const std::vector<std::string>& job_paths, const std::vector<std::vector<std::string>>& outputs,
                      const std::string& scratch_dir) {
    RunnerAnswer answer;
    std::string node = ONESHADER_NODE;
    if (node.empty()) {
        answer.startup_error = "Node.js is missing: run scripts/setup-wgsl.sh, then reconfigure";
        return answer;
    }
    std::string list = scratch_dir + "/jobs.list";
    {
        std::ofstream out(list);
        for (const std::string& p : job_paths) out << p << "\n";
    }
    std::string command = shell_quoted(node) + " " + shell_quoted(std::string(ONESHADER_SOURCE_DIR) + "/tools/wgsl/run.mjs") +
                          " --list " + shell_quoted(list) + " 2>" + shell_quoted(scratch_dir + "/runner.stderr");
    std::FILE* from = popen(command.c_str(), "r");
    if (!from) {
        answer.startup_error = "could not start " + node;
        return answer;
    }
    answer.adapter = read_line(from);
    for (std::size_t i = 0; i < job_paths.size(); ++i) {
        std::string line = read_line(from);
        JobResult r;
        if (line.empty()) {
            r.error = "run.mjs stopped answering";
            answer.jobs.push_back(std::move(r));
            continue;
        }
        r.ok = line.find("\"ok\":true") != std::string::npos;
        r.error = wgsl::test::json_string_field(line, "error");
        std::size_t at = line.find("\"outputs\":{");
        for (const std::string& name : outputs[i]) {
            if (at == std::string::npos) break;
            std::string key = "\"" + name + "\":{\"hex\":\"";
            std::size_t begin = line.find(key, at);
            if (begin == std::string::npos) continue;
            begin += key.size();
            r.outputs[name] = from_hex(line.substr(begin, line.find('"', begin) - begin));
        }
        answer.jobs.push_back(std::move(r));
    }
    int status = pclose(from);
    if (answer.adapter.find("\"runner\"") == std::string::npos) {
        std::ifstream err(scratch_dir + "/runner.stderr");
        std::string text((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
        answer.startup_error = "run.mjs did not start (status " + std::to_string(status) +
                               "; run scripts/setup-wgsl.sh for the npm packages and SwiftShader): " + text;
    }
    return answer;
}

}  // namespace oneshader::wgsl_exec
