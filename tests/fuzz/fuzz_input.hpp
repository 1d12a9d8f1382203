#pragma once
// What every fuzz target does with libFuzzer's bytes: read them as text, and stop the process on
// a finding, so that a broken property is a crash libFuzzer records like any other.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace oneshader::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A finding that is not a crash: an invalid output, a verifier rejection, a round trip that
// changes. Printed, then the process aborts.
[[noreturn]] inline void finding(std::string_view what, std::string_view detail) {
    std::fprintf(stderr, "fuzz finding: %.*s\n%.*s\n", static_cast<int>(what.size()), what.data(),
                 static_cast<int>(detail.size()), detail.data());
    std::abort();
}

}  // namespace oneshader::fuzz
