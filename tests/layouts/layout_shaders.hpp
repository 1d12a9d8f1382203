#pragma once
// What the layout tests share: the corpus shaders of the spec pages compiled for every target, and
// the entry layouts made from their reflection.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "oneshader/layouts.hpp"
#include "oneshader/oneshader.hpp"

namespace layout_tests {

inline std::string corpus_text(const std::string& name) {
    std::ifstream in(std::string(ONESHADER_SOURCE_DIR) + "/corpus/" + name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline std::string diagnostics_text(const oneshader::CompileResult& r) {
    std::string text;
    for (const oneshader::Diagnostic& d : r.diagnostics) text += d.to_string() + "\n";
    return text;
}

// Compiles `source` as `path` for SPIR-V, MSL and WGSL (or `targets`); the test fails when it does not compile.
inline oneshader::CompileResult compile_all(const std::string& source, const std::string& path,
                                            std::vector<oneshader::Target> targets = {oneshader::Target::SpirV,
                                                                                      oneshader::Target::Msl,
                                                                                      oneshader::Target::Wgsl}) {
    oneshader::CompileOptions options;
    options.targets = std::move(targets);
    oneshader::CompileResult r = oneshader::compile(source, path, options);
    INFO(diagnostics_text(r));
    REQUIRE(r.ok());
    REQUIRE(r.reflection.has_value());
    return r;
}

inline oneshader::layouts::EntryLayout entry(const oneshader::CompileResult& r, const std::string& name) {
    auto e = oneshader::layouts::EntryLayout::create(*r.reflection, name);
    INFO((e ? std::string() : e.error().message));
    REQUIRE(e.ok());
    return e.value();
}

}  // namespace layout_tests
