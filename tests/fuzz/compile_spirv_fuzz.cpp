// The whole compile to SPIR-V on any bytes: diagnostics or output, never a crash or a hang, and
// every module it writes passes the validator.
#include "compile_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return oneshader::fuzz::compile_one(data, size, oneshader::Target::SpirV);
}
