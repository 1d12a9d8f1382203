#pragma once
// What the parts of one generated header share: the diagnostics, name scopes that report clashes,
// and indentation.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::cppgen {

class Problems {
public:
    explicit Problems(std::string file) : file_(std::move(file)) {}
    void error(std::string_view which, std::string message);
    bool any() const { return !diagnostics_.empty(); }
    std::vector<Diagnostic> take() { return std::move(diagnostics_); }
    const std::string& file() const { return file_; }

private:
    std::string file_;
    std::vector<Diagnostic> diagnostics_;
};

// The names one C++ scope declares, so that two HLSL names made one C++ name are an error (OSH0951)
// naming both, not a header that does not compile.
class Scope {
public:
    Scope(std::string where, Problems& problems) : where_(std::move(where)), problems_(problems) {}
    // False (and the error reported) when `name` is taken.
    bool declare(const std::string& name, const std::string& what);
    const std::string& where() const { return where_; }

private:
    std::string where_;
    Problems& problems_;
    std::map<std::string, std::string> names_;
};

std::string indent(int level);
// "OSH0951": the code as users see it, from the one table of codes.
inline std::string code(support::DiagCode c) { return support::format_code(c); }

}  // namespace oneshader::cppgen
