#include "wgsl_validate.hpp"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

extern char** environ;

namespace oneshader::wgsl::test {

std::string json_string_field(const std::string& line, const std::string& key) {
    std::string needle = "\"" + key + "\":\"";
    std::size_t at = line.find(needle);
    if (at == std::string::npos) return {};
    std::string out;
    for (std::size_t i = at + needle.size(); i < line.size(); ++i) {
        char c = line[i];
        if (c == '"') return out;
        if (c != '\\' || i + 1 >= line.size()) {
            out += c;
            continue;
        }
        char e = line[++i];
        switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'u':
                // Validator messages are ASCII; other code points are kept as '?'.
                if (i + 4 < line.size()) {
                    unsigned v = std::stoul(line.substr(i + 1, 4), nullptr, 16);
                    out += v < 0x80 ? static_cast<char>(v) : '?';
                    i += 4;
                }
                break;
            default: out += e; break;
        }
    }
    return out;
}

Validator::Validator() {
    std::string node = ONESHADER_NODE;
    if (node.empty()) {
        startup_error_ = "Node.js is missing: run scripts/setup-wgsl.sh, then reconfigure";
        return;
    }
    std::string script = std::string(ONESHADER_SOURCE_DIR) + "/tools/wgsl/validate.mjs";
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        startup_error_ = "pipe() failed";
        return;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    std::vector<char*> argv = {node.data(), script.data(), const_cast<char*>("--list"), const_cast<char*>("-"), nullptr};
    int rc = posix_spawn(&pid_, node.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    if (rc != 0) {
        startup_error_ = "could not start " + node;
        close(in[1]);
        close(out[0]);
        pid_ = -1;
        return;
    }
    to_ = fdopen(in[1], "w");
    from_ = fdopen(out[0], "r");
    description_ = read_line();
    if (description_.find("\"validators\"") == std::string::npos)
        startup_error_ = "validate.mjs did not start (run scripts/setup-wgsl.sh): " + description_;
}

Validator::~Validator() {
    if (to_) std::fclose(to_);
    if (from_) std::fclose(from_);
    if (pid_ > 0) {
        int status = 0;
        waitpid(pid_, &status, 0);
    }
}

std::string Validator::read_line() {
    std::string line;
    if (!from_) return line;
    char buf[4096];
    while (std::fgets(buf, sizeof buf, from_)) {
        line += buf;
        if (!line.empty() && line.back() == '\n') {
            line.pop_back();
            break;
        }
    }
    return line;
}

Verdict Validator::check_file(const std::string& path) {
    Verdict v;
    if (!startup_error_.empty()) {
        v.error = startup_error_;
        return v;
    }
    std::fprintf(to_, "%s\n", path.c_str());
    std::fflush(to_);
    std::string line = read_line();
    if (line.empty()) {
        v.error = "validate.mjs stopped answering";
        return v;
    }
    v.error = json_string_field(line, "error");
    v.tint = json_string_field(line, "tint");
    v.naga = json_string_field(line, "naga");
    return v;
}

Verdict Validator::check_text(const std::string& text, const std::string& path) {
    std::ofstream(path, std::ios::binary) << text;
    return check_file(path);
}

std::string Validator::problems(const std::string& text, const std::string& name) {
    if (!startup_error_.empty()) return startup_error_;
    const auto path = std::filesystem::temp_directory_path() / ("oneshader-wgsl-" + name + ".wgsl");
    const Verdict verdict = check_text(text, path.string());
    return verdict.ok() ? "" : verdict.error + verdict.tint + " / " + verdict.naga;
}

}  // namespace oneshader::wgsl::test
