// SPIR-V, MSL and WGSL from one compile on any bytes: never a crash, and the same as three
// compiles of one target each. The targets of one compile share the front end, the optimizer and,
// where their raise lists agree on the module, one raised module: a blob that differs from its
// target's own compile, or a compile of the three that fails where each alone succeeds, is a
// finding.
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "oneshader/oneshader.hpp"

namespace {

using oneshader::Target;

oneshader::CompileResult compile_for(std::string_view source, std::vector<Target> targets) {
    oneshader::CompileOptions options;
    options.targets = std::move(targets);
    // No file system: a fuzzer must not read the machine's files.
    options.include_resolver = [](std::string_view, std::string_view,
                                  bool) -> std::optional<oneshader::ResolvedInclude> { return std::nullopt; };
    return oneshader::compile(source, "fuzz.hlsl", options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view source = oneshader::fuzz::as_text(data, size);
    const oneshader::CompileResult all = compile_for(source, {Target::SpirV, Target::Msl, Target::Wgsl});
    bool every_one_ok = true;
    for (Target t : {Target::SpirV, Target::Msl, Target::Wgsl}) {
        const oneshader::CompileResult alone = compile_for(source, {t});
        every_one_ok = every_one_ok && alone.ok();
        if (!all.ok() || !alone.ok()) continue;
        for (const oneshader::ShaderBlob& b : alone.blobs) {
            const oneshader::ShaderBlob* together = all.find(b.entry_point, t);
            if (!together || together->data != b.data)
                oneshader::fuzz::finding("the " + std::string(to_string(t)) + " output of entry point " + b.entry_point +
                                             " differs between a compile of three targets and one of it alone",
                                         together ? "different bytes" : "missing from the compile of three targets");
        }
    }
    if (every_one_ok && !all.ok()) {
        std::string diagnostics;
        for (const oneshader::Diagnostic& d : all.diagnostics) diagnostics += d.to_string() + "\n";
        oneshader::fuzz::finding("a compile of three targets fails where each target alone succeeds", diagnostics);
    }
    return 0;
}
