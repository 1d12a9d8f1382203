#pragma once
// Tint and naga on WGSL files, through ONE `node tools/wgsl/validate.mjs --list -` process for
// many shaders (its JSON-lines protocol: the validators line first, then one answer per path
// written to its standard input, in order).
#include <cstdio>
#include <string>

namespace oneshader::wgsl::test {

struct Verdict {
    std::string tint;  // "ok" or Tint's errors
    std::string naga;  // "ok" or naga's error
    std::string error; // the file could not be read, or the validator process failed
    bool ok() const { return error.empty() && tint == "ok" && naga == "ok"; }
};

class Validator {
public:
    Validator();
    ~Validator();
    Validator(const Validator&) = delete;
    Validator& operator=(const Validator&) = delete;

    // Why the validators could not start (Node.js or the npm packages missing), or empty.
    const std::string& startup_error() const { return startup_error_; }
    // The validators line (versions, Tint's adapter and features).
    const std::string& description() const { return description_; }

    Verdict check_file(const std::string& path);
    // Writes `text` to a scratch file under `dir` and checks it.
    Verdict check_text(const std::string& text, const std::string& path);
    // check_text() on a scratch file named after `name` in the temporary directory: empty when
    // Tint and naga accept `text`, else why not (or why the validators did not start).
    std::string problems(const std::string& text, const std::string& name);

private:
    std::string read_line();

    int pid_ = -1;
    std::FILE* to_ = nullptr;
    std::FILE* from_ = nullptr;
    std::string startup_error_;
    std::string description_;
};

// The string value of `key` in one JSON object line, unescaped; empty when absent.
std::string json_string_field(const std::string& line, const std::string& key);

}  // namespace oneshader::wgsl::test
