// The preprocessor alone, on any bytes: diagnostics, never a crash, a hang or unbounded memory
// (its limits are part of what is fuzzed). Includes resolve to a second copy of the input, so
// include chains and guards are reached without the file system.
#include "fuzz_input.hpp"
#include "oneshader/oneshader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = oneshader::fuzz::as_text(data, size);
    oneshader::CompileOptions options;
    options.defines.push_back({"FUZZ", "1"});
    options.include_resolver = [&](std::string_view requested, std::string_view, bool)
        -> std::optional<oneshader::ResolvedInclude> {
        if (requested != "self.hlsli") return std::nullopt;
        return oneshader::ResolvedInclude{"self.hlsli", std::string(text)};
    };
    (void)oneshader::preprocess(text, "fuzz.hlsl", options);
    return 0;
}
