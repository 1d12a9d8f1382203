#pragma once
// The corpus files the header tests generate headers for, each with the targets it is compiled to
// and, for a file with variants, its axes: one of each shape the header has (constant buffers with
// rows and arrays, push constants, vertex inputs with packed formats, structured buffers and
// counters, 16-bit members, specialization constants, resource arrays, variants).
#include <filesystem>
#include <string>
#include <vector>

#include "corpus_files.hpp"
#include "oneshader/cpp_header.hpp"

namespace header_test {

struct Case {
    std::string file;  // under corpus/
    std::vector<oneshader::Target> targets;
    std::string axes;  // empty: no variants
};

inline const std::vector<Case>& cases() {
    using T = oneshader::Target;
    static const std::vector<Case> kCases = {
        {"spec/Sprite.hlsl", {T::SpirV}, ""},
        {"spec/Lighting.hlsl", {T::SpirV}, ""},
        {"spec/Mesh.hlsl", {T::SpirV, T::Msl, T::Wgsl}, ""},
        {"spec/Particles.hlsl", {T::SpirV}, ""},
        {"spec/Compact.hlsl", {T::SpirV, T::Msl}, ""},
        {"lang/spec_constants.hlsl", {T::SpirV, T::Msl, T::Wgsl}, ""},
        {"lang/cbuffers.hlsl", {T::SpirV}, ""},
        {"lang/resource_arrays.hlsl", {T::SpirV}, ""},
        {"lang/types16.hlsl", {T::SpirV}, ""},
        {"lang/bit_fields.hlsl", {T::SpirV, T::Msl, T::Wgsl}, ""},
        {"3d/skinning.hlsl", {T::SpirV}, ""},
        {"spec/Material.hlsl", {T::SpirV}, "ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR"},
    };
    return kCases;
}

struct Generated {
    oneshader::CppHeaderResult header;
    std::vector<oneshader::CompileResult> results;  // one per variant (one without variants)
    std::vector<std::string> errors;                // what went wrong before the header
};

inline Generated generate(const Case& c) {
    Generated g;
    const std::filesystem::path file = corpus::root() / c.file;
    oneshader::CompileOptions options = corpus::options_for(file);
    options.targets = c.targets;
    if (c.axes.empty()) {
        g.results.push_back(oneshader::compile_file(file.string(), options));
        for (const oneshader::Diagnostic& d : g.results[0].diagnostics)
            if (d.severity == oneshader::Severity::Error) g.errors.push_back(d.to_string());
        if (g.errors.empty()) g.header = oneshader::generate_cpp_header(file.string(), g.results[0]);
    } else {
        oneshader::VariantPlan plan = oneshader::plan_variants(c.axes, 64, c.file);
        oneshader::VariantCompileResult v = oneshader::compile_variants(file.string(), options, plan.variants);
        for (const oneshader::Diagnostic& d : v.diagnostics)
            if (d.severity == oneshader::Severity::Error) g.errors.push_back(d.to_string());
        g.results = std::move(v.results);
        if (g.errors.empty()) g.header = oneshader::generate_cpp_header(file.string(), plan, g.results);
    }
    for (const oneshader::Diagnostic& d : g.header.diagnostics) g.errors.push_back(d.to_string());
    return g;
}

}  // namespace header_test
