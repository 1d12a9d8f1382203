// #include: reading the file name (also from macros), finding the file through the include
// resolver or the file system, and skipping files protected by #pragma once or an include guard.
#include <fmt/format.h>

#include <filesystem>

#include "oneshader/cache.hpp"
#include "preprocess/include_log.hpp"
#include "preprocess/preprocessor_state.hpp"
#include "support/read_file.hpp"

namespace oneshader::pp {

using syntax::Token;
using syntax::TokenKind;

std::optional<std::string> find_include_on_disk(std::string_view requested, std::string_view including_file,
                                                bool is_system, const std::vector<std::string>& include_directories,
                                                std::vector<std::string>* searched) {
    namespace fs = std::filesystem;
    std::vector<std::string> dirs;
    if (!is_system) {
        std::string folder = fs::path(including_file).parent_path().generic_string();
        dirs.push_back(folder.empty() ? "." : folder);
    }
    for (const std::string& d : include_directories) dirs.push_back(d);
    std::optional<std::string> found;
    for (const std::string& dir : dirs) {
        fs::path candidate = (dir == "." ? fs::path(requested) : fs::path(dir) / requested).lexically_normal();
        std::error_code ec;
        if (!fs::is_regular_file(candidate, ec)) continue;
        found = candidate.generic_string();
        break;
    }
    if (searched) *searched = std::move(dirs);
    return found;
}

void Preprocessor::log_include(const std::string& requested, bool is_system, const std::string& including,
                               const std::string* path, const std::string* text, bool unreadable) {
    if (!include_log_) return;
    IncludeLookup l;
    l.requested = requested;
    l.including_file = including;
    l.is_system = is_system;
    if (path) l.path = *path;
    if (text) l.text = *text;
    l.unreadable = unreadable;
    include_log_->push_back(std::move(l));
}

void Preprocessor::note_file_read(const std::string& path) {
    for (const std::string& p : ctx.files_read)
        if (p == path) return;
    ctx.files_read.push_back(path);
}

bool Preprocessor::include_name(std::string& name, bool& is_system, support::SourceLoc& at, const Token& directive) {
    FileFrame& f = *files_.back();
    Token first = f.has_lookahead ? lex_raw() : f.lexer.next_include_name();
    if (first.is(TokenKind::Eof) || first.has(syntax::AtLineStart)) {
        f.lookahead = first;
        f.has_lookahead = true;
        report(support::DiagCode::pp_bad_include, directive.loc,
               "#include needs a file name; write #include \"file.hlsli\" or #include <file.hlsli>");
        return false;
    }
    at = first.loc;
    std::vector<Token> rest;
    read_line(rest);
    if (first.is(TokenKind::String) && first.text.size() >= 2 &&
        ((first.text.front() == '"' && first.text.back() == '"') ||
         (first.text.front() == '<' && first.text.back() == '>'))) {
        is_system = first.text.front() == '<';
        name = std::string(first.text.substr(1, first.text.size() - 2));
        extra_tokens_warning(rest, "include");
    } else if (first.is(TokenKind::String) && first.text.front() == '<') {
        return false;  // the lexer reported the missing '>'
    } else {
        // The name comes from macros: expand the line, then take "..." or <...> from the result.
        std::vector<Token> line;
        line.push_back(first);
        line.insert(line.end(), rest.begin(), rest.end());
        std::vector<Token> expanded;
        expand_line(line, expanded);
        bool ok = false;
        if (!expanded.empty() && expanded[0].is(TokenKind::String) && expanded[0].text.size() >= 2 &&
            expanded[0].text.front() == '"') {
            is_system = false;
            name = std::string(expanded[0].text.substr(1, expanded[0].text.size() - 2));
            extra_tokens_warning(std::span<const Token>(expanded).subspan(1), "include");
            ok = true;
        } else if (!expanded.empty() && expanded[0].is(TokenKind::Less)) {
            std::size_t k = 1;
            for (; k < expanded.size() && !expanded[k].is(TokenKind::Greater); ++k) {
                if (k > 1 && expanded[k].has(syntax::LeadingSpace)) name += ' ';
                name += expanded[k].text;
            }
            if (k < expanded.size()) {
                is_system = true;
                ok = true;
                extra_tokens_warning(std::span<const Token>(expanded).subspan(k + 1), "include");
            }
        }
        if (!ok) {
            report(support::DiagCode::pp_bad_include, at,
                   "expected a file name in double quotes or angle brackets after #include");
            return false;
        }
    }
    if (name.empty()) {
        report(support::DiagCode::pp_bad_include, at, "empty file name in #include; name the file to include");
        return false;
    }
    return true;
}

void Preprocessor::handle_include(const Token& hash, const Token& name) {
    std::string requested;
    bool is_system = false;
    support::SourceLoc at;
    if (!include_name(requested, is_system, at, name)) return;
    (void)hash;
    open_include(requested, is_system, at);
}

void Preprocessor::open_include(const std::string& requested, bool is_system, support::SourceLoc at) {
    if (files_.size() > options_.limits.max_include_depth) {
        report(support::DiagCode::include_depth_exceeded, at,
               fmt::format("includes are nested more than {} levels deep; check for a file that includes itself "
                           "without #pragma once or an include guard",
                           options_.limits.max_include_depth));
        stop();
        return;
    }
    const FileFrame& current = *files_.back();
    const std::string& including = ctx.sources.file(current.file).path;
    auto skipped = [&](const std::string& key) {
        if (once_files_.count(key)) return true;
        auto it = guarded_files_.find(key);
        return it != guarded_files_.end() && macros.find(it->second) != nullptr;
    };

    if (options_.include_resolver) {
        std::optional<ResolvedInclude> r = options_.include_resolver(requested, including, is_system);
        log_include(requested, is_system, including, r ? &r->path : nullptr, r ? &r->text : nullptr, false);
        if (!r) {
            report(support::DiagCode::include_not_found, at,
                   // The spec's words up to the advice, which there spoke of include paths: with a
                   // resolver none are searched, so the fix is in the resolver.
                   fmt::format("cannot find include file '{}'; searched: 'the include resolver'. Check the spelling, "
                               "or make the include resolver serve that name (it replaces the file system, so "
                               "include paths are not searched)",
                               requested));
            return;
        }
        if (skipped(r->path)) return;
        note_file_read(r->path);
        std::string key = r->path;
        support::FileId id = ctx.sources.add(std::move(r->path), std::move(r->text), at);
        enter_file(id, std::move(key));
        return;
    }
    if (from_text_) {
        report(support::DiagCode::include_not_found, at,
               fmt::format("cannot include '{}': the shader was compiled from text without an include resolver. "
                           "Set CompileOptions::include_resolver, or compile the file from disk",
                           requested));
        return;
    }

    std::vector<std::string> searched;
    if (std::optional<std::string> key =
            find_include_on_disk(requested, including, is_system, options_.include_directories, &searched)) {
        if (skipped(*key)) {
            log_include(requested, is_system, including, &*key, nullptr, false);
            return;
        }
        note_file_read(*key);
        std::string text;
        if (!support::read_file(*key, text)) {
            log_include(requested, is_system, including, &*key, nullptr, true);
            report(support::DiagCode::file_unreadable, at,
                   fmt::format("cannot read '{}': check that the file is readable", *key));
            return;
        }
        log_include(requested, is_system, including, &*key, &text, false);
        support::FileId id = ctx.sources.add(*key, std::move(text), at);
        enter_file(id, std::move(*key));
        return;
    }
    log_include(requested, is_system, including, nullptr, nullptr, false);
    std::string list;
    for (const std::string& d : searched) list += (list.empty() ? "'" : ", '") + d + "'";
    report(support::DiagCode::include_not_found, at,
           fmt::format("cannot find include file '{}'; searched: {}. Check the spelling, or add the directory that "
                       "contains it to the include paths",
                       requested, list.empty() ? std::string("no include directories") : list));
}

}  // namespace oneshader::pp
