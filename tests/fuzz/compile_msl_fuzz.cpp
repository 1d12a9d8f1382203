// The whole compile to MSL on any bytes: diagnostics or output, never a crash or a hang.
#include "compile_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return oneshader::fuzz::compile_one(data, size, oneshader::Target::Msl);
}
