// A compile's diagnostics as one text, one per line, for checks on what a user would read.
#pragma once

#include <string>

#include "oneshader/oneshader.hpp"

namespace oneshader::test {

inline std::string diagnostics_of(const CompileResult& r) {
    std::string out;
    for (const Diagnostic& d : r.diagnostics) out += d.to_string() + "\n";
    return out;
}

}  // namespace oneshader::test
