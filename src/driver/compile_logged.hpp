#pragma once
// The compile behind ShaderCompileCache::library_compile: compile() or compile_file() on text
// already read, with every #include lookup recorded for the cache to replay, and a stop token
// looked at between the front end and code generation.
#include <stop_token>
#include <string_view>
#include <vector>

#include "oneshader/cache.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::driver {

// `from_text` true: compile()'s rules (includes only through the resolver); false: compile_file's
// (includes from disk unless a resolver is set), with `source` as the file's text. When `stop` is
// requested once the front end is done, the result has no blobs.
CompileResult compile_logged(std::string_view source, std::string_view path, bool from_text,
                             const CompileOptions& options, std::vector<IncludeLookup>* include_log,
                             const std::stop_token& stop);

}  // namespace oneshader::driver
