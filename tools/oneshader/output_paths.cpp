#include "output_paths.hpp"

#include <algorithm>

namespace oneshader::cli {

std::string_view target_extension(Target target) {
    switch (target) {
        case Target::SpirV: return ".spv";
        case Target::Msl: return ".metal";
        case Target::Wgsl: return ".wgsl";
    }
    return ".spv";
}

std::string without_extension(std::string_view path) {
    std::size_t name_start = path.find_last_of('/');
    name_start = name_start == std::string_view::npos ? 0 : name_start + 1;
    std::size_t dot = path.find_last_of('.');
    if (dot == std::string_view::npos || dot <= name_start) return std::string(path);
    return std::string(path.substr(0, dot));
}

std::string output_path(std::string_view fo, std::string_view entry_point, Target target, bool several_entries,
                        bool several_targets) {
    if (!several_entries && !several_targets) return std::string(fo);
    std::string path = without_extension(fo);
    if (several_entries) path += "." + std::string(entry_point);
    path += target_extension(target);
    return path;
}

namespace {

template <class T, class Key>
std::size_t count_distinct(std::span<const ShaderBlob> blobs, Key key) {
    std::vector<T> seen;
    for (const ShaderBlob& b : blobs)
        if (std::find(seen.begin(), seen.end(), key(b)) == seen.end()) seen.push_back(key(b));
    return seen.size();
}

}  // namespace

std::variant<std::vector<PlannedOutput>, std::string> plan_outputs(std::span<const ShaderBlob> blobs,
                                                                   const std::optional<std::string>& fo) {
    std::vector<PlannedOutput> plan;
    if (!fo) {
        if (blobs.size() > 1)
            return std::to_string(blobs.size()) +
                   " outputs cannot all go to standard output. Add -Fo <file>; the outputs are written beside it.";
        for (const ShaderBlob& b : blobs) plan.push_back({std::nullopt, &b});
        return plan;
    }
    bool several_entries = count_distinct<std::string>(blobs, [](const ShaderBlob& b) { return b.entry_point; }) > 1;
    bool several_targets = count_distinct<Target>(blobs, [](const ShaderBlob& b) { return b.target; }) > 1;
    for (const ShaderBlob& b : blobs) {
        std::string path = output_path(*fo, b.entry_point, b.target, several_entries, several_targets);
        for (const PlannedOutput& earlier : plan)
            if (earlier.path == path)
                return "two outputs would both be written to '" + path + "'.";
        plan.push_back({std::move(path), &b});
    }
    return plan;
}

}  // namespace oneshader::cli
