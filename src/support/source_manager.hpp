#pragma once
// Files and in-memory texts of one compile, with the include stack and 1-based line/column
// lookup. #line directives are recorded per file and applied when a location is presented.
#include <cstdint>
#include <string>
#include <string_view>
#include <deque>
#include <unordered_map>
#include <vector>

namespace oneshader::support {

using FileId = std::uint32_t;  // 0 is "no file"

struct SourceLoc {
    FileId file = 0;
    std::uint32_t offset = 0;
    bool valid() const { return file != 0; }
    friend bool operator==(SourceLoc a, SourceLoc b) { return a.file == b.file && a.offset == b.offset; }
};

struct SourceRange {
    SourceLoc begin;
    SourceLoc end;  // one past the last character; equal to begin for a point
    SourceRange() = default;
    SourceRange(SourceLoc b) : begin(b), end(b) {}
    SourceRange(SourceLoc b, SourceLoc e) : begin(b), end(e) {}
};

// A location as the user sees it: after #line, with the name the file was opened under.
struct PresumedLoc {
    std::string_view file;
    std::uint32_t line = 0;    // 1-based
    std::uint32_t column = 0;  // 1-based, in bytes
};

struct SourceFile {
    std::string path;  // as shown in diagnostics and CompileResult::files
    std::string text;
    SourceLoc included_from;  // the #include directive, invalid for the main file
    // Filled on first use (SourceManager::line_starts): most compiles never ask for a line
    // number, so scanning every text for line breaks up front would be wasted.
    mutable std::vector<std::uint32_t> line_starts;
    mutable bool line_starts_ready = false;

    struct LineDirective {
        std::uint32_t offset;      // start of the line after the directive
        std::uint32_t line;        // the number that line gets
        std::uint32_t name_index;  // into SourceManager's names, or UINT32_MAX to keep the name
    };
    std::vector<LineDirective> line_directives;
};

class SourceManager {
public:
    FileId add(std::string path, std::string text, SourceLoc included_from = {});
    const SourceFile& file(FileId id) const { return files_[id - 1]; }
    std::size_t file_count() const { return files_.size(); }
    std::string_view text(FileId id) const { return files_[id - 1].text; }

    // Physical line and column of a location, both 1-based.
    std::uint32_t line(SourceLoc loc) const;
    std::uint32_t column(SourceLoc loc) const;
    PresumedLoc presumed(SourceLoc loc) const;

    // #line N ["name"] taking effect at `line_start` (the offset of the following line).
    void add_line_directive(FileId id, std::uint32_t line_start, std::uint32_t line, std::string_view name);

    // Include chain of a file, innermost first: the #include locations that led to it.
    std::vector<SourceLoc> include_stack(FileId id) const;

    // The outermost macro invocations: every token an expansion gives carries its invocation's
    // location, so a diagnostic there is about the macro's text (notes name the definition).
    struct MacroUse {
        SourceLoc definition;
        std::string_view name;  // interned, lives as long as the compile
    };
    void add_macro_use(SourceLoc use, SourceLoc definition, std::string_view name) {
        macro_uses_.try_emplace(key(use), MacroUse{definition, name});
    }
    const MacroUse* macro_use(SourceLoc use) const {
        auto it = macro_uses_.find(key(use));
        return it == macro_uses_.end() ? nullptr : &it->second;
    }
    // The text of the physical line containing loc, without its line break.
    std::string_view line_text(SourceLoc loc) const;

    // The offset of each line's first character, computed on first use.
    const std::vector<std::uint32_t>& line_starts(FileId id) const { return line_starts_of(file(id)); }

private:
    const std::vector<std::uint32_t>& line_starts_of(const SourceFile& f) const {
        if (!f.line_starts_ready) compute_line_starts(f);
        return f.line_starts;
    }
    static void compute_line_starts(const SourceFile& f);
    std::uint32_t line_index(const SourceFile& f, std::uint32_t offset) const;
    // A deque keeps each file (and the characters of short, inline-stored texts) in place as
    // files are added: tokens point into these texts.
    std::deque<SourceFile> files_;
    std::deque<std::string> names_;  // stable for the same reason: PresumedLoc points into them
    static std::uint64_t key(SourceLoc l) { return (std::uint64_t(l.file) << 32) | l.offset; }
    std::unordered_map<std::uint64_t, MacroUse> macro_uses_;
};

}  // namespace oneshader::support
