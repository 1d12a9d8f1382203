#pragma once
// What the compile cache needs from the preprocessor: the record of every #include lookup of a
// compile, and the file system's include search on its own, to look each one up again later.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/cache.hpp"
#include "preprocess/preprocessor.hpp"

namespace oneshader::pp {

// run_preprocessor, appending each #include lookup to `include_log` (when not null).
PreprocessOutput run_preprocessor(support::CompileContext& ctx, support::FileId main_file,
                                  const CompileOptions& options, bool from_text,
                                  std::vector<IncludeLookup>* include_log);

// Where #include finds `requested` on disk: the including file's folder (not for <...>), then
// include_directories in order; the path as diagnostics and CompileResult::files name it. The
// folders tried go to `searched` when given.
std::optional<std::string> find_include_on_disk(std::string_view requested, std::string_view including_file,
                                                bool is_system, const std::vector<std::string>& include_directories,
                                                std::vector<std::string>* searched = nullptr);

}  // namespace oneshader::pp
