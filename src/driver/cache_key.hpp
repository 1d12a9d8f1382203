#pragma once
// The compile cache's key: the bytes that must be equal for a cached result to be reused, and a
// fast hash of them. Includes are not in it; they are checked per entry (driver/cache_includes.hpp).
#include <cstdint>
#include <string>
#include <string_view>

#include "oneshader/oneshader.hpp"

namespace oneshader::driver {

// compile() and compile_file() on the same text differ in how includes are found, so the mode is
// part of the key.
enum class CacheMode : std::uint8_t { Text, File };

// Appends every CompileOptions field to `key`, in a self-delimiting form (two different options
// never give the same bytes). Every field is listed here: a new option is one line in it.
void append_options_key(std::string& key, const CompileOptions& options);

// The whole key: mode, path, source and options.
std::string make_cache_key(CacheMode mode, std::string_view source, std::string_view path,
                           const CompileOptions& options);

// 64-bit hash for the key map; equal keys are still compared byte for byte.
std::uint64_t hash_key(std::string_view bytes);

}  // namespace oneshader::driver
