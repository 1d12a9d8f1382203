#pragma once
// One entry point of an HLSL text compiled to WGSL alone, with the IR verified after each pass: what
// the WGSL tests compile.
#include <string>

#include "oneshader/oneshader.hpp"

namespace oneshader::wgsl::test {

inline CompileResult compile_wgsl(const std::string& source, const std::string& path, const std::string& entry,
                                  Stage stage, bool optimize, bool sixteen_bit_types = false) {
    CompileOptions o;
    o.targets = {Target::Wgsl};
    o.entry_points = {{entry, stage}};
    o.optimize = optimize;
    o.verify_ir = true;
    o.enable_16bit_types = sixteen_bit_types;
    return compile(source, path, o);
}

}  // namespace oneshader::wgsl::test
