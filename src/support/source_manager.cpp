#include "support/source_manager.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace oneshader::support {

FileId SourceManager::add(std::string path, std::string text, SourceLoc included_from) {
    SourceFile f;
    f.path = std::move(path);
    f.text = std::move(text);
    f.included_from = included_from;
    files_.push_back(std::move(f));
    return static_cast<FileId>(files_.size());
}

void SourceManager::compute_line_starts(const SourceFile& f) {
    f.line_starts.clear();
    const std::string& t = f.text;
    // Room for lines of about 32 characters: one allocation for most files, not one per doubling.
    f.line_starts.reserve(t.size() / 32 + 16);
    f.line_starts.push_back(0);
    // Most files end lines with \n alone: memchr finds them many bytes at a time. The table is
    // built when the first diagnostic needs a line, which warnings make most compiles do.
    if (t.find('\r') == std::string::npos) {
        const char* base = t.data();
        const char* end = base + t.size();
        for (const char* p = base; (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))));)
            f.line_starts.push_back(static_cast<std::uint32_t>(++p - base));
        f.line_starts_ready = true;
        return;
    }
    for (std::uint32_t i = 0; i < t.size(); ++i) {
        // \n, \r\n and a lone \r all end a line.
        if (t[i] == '\n') {
            f.line_starts.push_back(i + 1);
        } else if (t[i] == '\r') {
            if (i + 1 < t.size() && t[i + 1] == '\n') ++i;
            f.line_starts.push_back(i + 1);
        }
    }
    f.line_starts_ready = true;
}

std::uint32_t SourceManager::line_index(const SourceFile& f, std::uint32_t offset) const {
    const std::vector<std::uint32_t>& starts = line_starts_of(f);
    auto it = std::upper_bound(starts.begin(), starts.end(), offset);
    return static_cast<std::uint32_t>(it - starts.begin()) - 1;
}

std::uint32_t SourceManager::line(SourceLoc loc) const {
    if (!loc.valid()) return 0;
    return line_index(file(loc.file), loc.offset) + 1;
}

std::uint32_t SourceManager::column(SourceLoc loc) const {
    if (!loc.valid()) return 0;
    const SourceFile& f = file(loc.file);
    return loc.offset - line_starts_of(f)[line_index(f, loc.offset)] + 1;
}

PresumedLoc SourceManager::presumed(SourceLoc loc) const {
    PresumedLoc p;
    if (!loc.valid()) return p;
    const SourceFile& f = file(loc.file);
    p.file = f.path;
    p.line = line(loc);
    p.column = column(loc);
    // The last #line before this location decides the presented line and name.
    auto it = std::upper_bound(f.line_directives.begin(), f.line_directives.end(), loc.offset,
                               [](std::uint32_t off, const SourceFile::LineDirective& d) { return off < d.offset; });
    if (it != f.line_directives.begin()) {
        const auto& d = *(it - 1);
        std::uint32_t directive_line = line_index(f, d.offset) + 1;
        p.line = d.line + (p.line - directive_line);
        // A name set by an earlier directive stays until another one changes it.
        for (auto n = it; n != f.line_directives.begin(); --n) {
            if ((n - 1)->name_index != UINT32_MAX) {
                p.file = names_[(n - 1)->name_index];
                break;
            }
        }
    }
    return p;
}

void SourceManager::add_line_directive(FileId id, std::uint32_t line_start, std::uint32_t line, std::string_view name) {
    std::uint32_t name_index = UINT32_MAX;
    if (!name.empty()) {
        names_.emplace_back(name);
        name_index = static_cast<std::uint32_t>(names_.size() - 1);
    }
    files_[id - 1].line_directives.push_back({line_start, line, name_index});
}

std::vector<SourceLoc> SourceManager::include_stack(FileId id) const {
    std::vector<SourceLoc> stack;
    // Bounded by the include depth limit; the guard protects against a malformed chain.
    for (SourceLoc at = file(id).included_from; at.valid() && stack.size() < 4096; at = file(at.file).included_from)
        stack.push_back(at);
    return stack;
}

std::string_view SourceManager::line_text(SourceLoc loc) const {
    if (!loc.valid()) return {};
    const SourceFile& f = file(loc.file);
    std::uint32_t li = line_index(f, loc.offset);
    const std::vector<std::uint32_t>& starts = line_starts_of(f);
    std::uint32_t begin = starts[li];
    std::uint32_t end = li + 1 < starts.size() ? starts[li + 1] : static_cast<std::uint32_t>(f.text.size());
    while (end > begin && (f.text[end - 1] == '\n' || f.text[end - 1] == '\r')) --end;
    return std::string_view(f.text).substr(begin, end - begin);
}

}  // namespace oneshader::support
