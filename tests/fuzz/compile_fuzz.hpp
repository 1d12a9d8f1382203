#pragma once
// The whole compile for one target, as the compile_*_fuzz targets run it: the bytes are HLSL,
// compiled twice, without the optimizer and with it (and 16-bit types, which change the front
// end's types and the backends' widening). Every SPIR-V output must pass the validator
// (Vulkan 1.2): an invalid module is a finding, as a crash and an internal compiler error
// (OSH7000) are.
#include <string>

#include "../common/spirv_tools.hpp"
#include "fuzz_input.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::fuzz {

inline void compile_with(std::string_view source, Target target, bool optimize) {
    CompileOptions options;
    options.targets = {target};
    options.optimize = optimize;
    options.enable_16bit_types = optimize;
    // No file system: a fuzzer must not read the machine's files.
    options.include_resolver = [](std::string_view, std::string_view, bool) -> std::optional<ResolvedInclude> {
        return std::nullopt;
    };
    const CompileResult result = compile(source, "fuzz.hlsl", options);
    // An internal compiler error is a diagnostic, never a crash, but still a fault of ours.
    for (const Diagnostic& d : result.diagnostics)
        if (d.code == "OSH7000") finding("internal compiler error" + std::string(optimize ? " (-O3)" : " (-Od)"), d.to_string());
    if (target != Target::SpirV) return;
    for (const ShaderBlob& blob : result.blobs) {
        const std::string problems = spirv_tools::validate(spirv_tools::words_of(blob));
        if (!problems.empty())
            finding("invalid SPIR-V for entry point " + blob.entry_point + (optimize ? " (-O3)" : " (-Od)"), problems);
    }
}

inline int compile_one(const std::uint8_t* data, std::size_t size, Target target) {
    const std::string_view source = as_text(data, size);
    compile_with(source, target, false);
    compile_with(source, target, true);
    return 0;
}

}  // namespace oneshader::fuzz
