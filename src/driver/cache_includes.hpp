#pragma once
// The include half of a cache hit: each #include the cached compile resolved is looked up again,
// the way that compile looked it up, and must find the same file with the same text.
#include <vector>

#include "oneshader/cache.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::driver {

// `from_disk`: compile_file's search (the including file's folder, then include_directories)
// when options has no include resolver; otherwise the resolver is asked again.
bool includes_unchanged(const std::vector<IncludeLookup>& lookups, const CompileOptions& options, bool from_disk);

}  // namespace oneshader::driver
