#pragma once
// Where each compiled blob goes. One output takes the -Fo name as given; several outputs
// (entry points x targets) are written beside it: the -Fo name without its extension, then
// `.<entry>` when there are several entry points, then the target's extension.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace oneshader::cli {

std::string_view target_extension(Target target);  // ".spv", ".metal", ".wgsl"

// `path` without the extension of its last component ("out/sprite.ps.spv" -> "out/sprite.ps");
// a leading dot ("out/.hidden") is a name, not an extension.
std::string without_extension(std::string_view path);

std::string output_path(std::string_view fo, std::string_view entry_point, Target target, bool several_entries,
                        bool several_targets);

struct PlannedOutput {
    std::optional<std::string> path;  // none: standard output
    const ShaderBlob* blob = nullptr;
};

// The file for every blob, in blob order; or the reason they cannot be written (several
// outputs without -Fo, or two blobs that would share a file name).
std::variant<std::vector<PlannedOutput>, std::string> plan_outputs(std::span<const ShaderBlob> blobs,
                                                                   const std::optional<std::string>& fo);

}  // namespace oneshader::cli
