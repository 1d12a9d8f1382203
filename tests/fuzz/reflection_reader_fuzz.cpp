// The reflection line-format reader on any bytes: a value or a message, never a crash. What it
// reads writes back to text that reads to the same reflection (written again, the same bytes).
#include "fuzz_input.hpp"
#include "oneshader/reflection.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const oneshader::ReflectionReadResult first = oneshader::read_reflection_file(oneshader::fuzz::as_text(data, size));
    if (!first.reflection) return 0;
    const std::string written = oneshader::write_reflection_file(*first.reflection);
    const oneshader::ReflectionReadResult second = oneshader::read_reflection_file(written);
    if (!second.reflection) oneshader::fuzz::finding("written reflection does not read back", second.error + "\n" + written);
    const std::string rewritten = oneshader::write_reflection_file(*second.reflection);
    if (rewritten != written) oneshader::fuzz::finding("reflection round trip changed the text", written + "\n---\n" + rewritten);
    (void)oneshader::write_reflection_json(*second.reflection);
    return 0;
}
