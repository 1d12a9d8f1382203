#include "driver/cache_includes.hpp"

#include "preprocess/include_log.hpp"
#include "support/read_file.hpp"

namespace oneshader::driver {

namespace {

bool same_through_resolver(const IncludeLookup& l, const CompileOptions& options) {
    std::optional<ResolvedInclude> r = options.include_resolver(l.requested, l.including_file, l.is_system);
    if (!r || !l.path) return !r && !l.path;
    return r->path == *l.path && l.text && r->text == *l.text;
}

bool same_on_disk(const IncludeLookup& l, const CompileOptions& options, std::string& scratch) {
    std::optional<std::string> path =
        pp::find_include_on_disk(l.requested, l.including_file, l.is_system, options.include_directories);
    if (path != l.path) return false;  // a new file earlier on the search path, or one gone
    if (!path) return true;
    // A lookup skipped by #pragma once has no text: the earlier lookup that read the file checks it.
    if (!l.text && !l.unreadable) return true;
    bool readable = support::read_file(*path, scratch);
    if (l.unreadable) return !readable;
    return readable && scratch == *l.text;
}

}  // namespace

bool includes_unchanged(const std::vector<IncludeLookup>& lookups, const CompileOptions& options, bool from_disk) {
    std::string scratch;
    for (const IncludeLookup& l : lookups) {
        bool same = options.include_resolver ? same_through_resolver(l, options)
                    : from_disk             ? same_on_disk(l, options, scratch)
                                            : true;  // compile() without a resolver reads no include
        if (!same) return false;
    }
    return true;
}

}  // namespace oneshader::driver
