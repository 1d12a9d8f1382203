#pragma once
// Helpers for preprocessor tests: run the preprocessor on text and look at tokens and diagnostics.
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "oneshader/oneshader.hpp"
#include "preprocess/preprocessor.hpp"
#include "support/context.hpp"

namespace pptest {

using namespace oneshader;

struct Run {
    support::CompileContext ctx;
    support::FileId main = 0;
    pp::PreprocessOutput out;

    explicit Run(std::string text, const CompileOptions& options = {}, bool from_text = true,
                 std::string path = "main.hlsl") {
        main = ctx.sources.add(path, std::move(text));
        ctx.files_read.push_back(path);
        out = pp::run_preprocessor(ctx, main, options, from_text);
    }

    // The output tokens' spellings separated by single spaces.
    std::string text() const {
        std::string s;
        for (const auto& t : out.tokens) {
            if (t.is(syntax::TokenKind::Eof)) break;
            if (!s.empty()) s += ' ';
            s += t.text;
        }
        return s;
    }
    std::vector<std::string> codes() const {
        std::vector<std::string> v;
        for (const auto& d : ctx.diags.diagnostics()) v.push_back(support::format_code(d.code));
        return v;
    }
    // "file(line,col)" of a location as users see it.
    std::string where(support::SourceLoc loc) const {
        auto p = ctx.sources.presumed(loc);
        return fmt::format("{}({},{})", p.file, p.line, p.column);
    }
    std::string diag_at(std::size_t i) const { return where(ctx.diags.diagnostics().at(i).range.begin); }
    const std::string& message(std::size_t i) const { return ctx.diags.diagnostics().at(i).message; }
    std::string printed() const { return pp::print_preprocessed(ctx.sources, out); }
};

// An include resolver over an in-memory map; records the calls it gets.
struct MemoryFiles {
    std::map<std::string, std::string> files;
    std::vector<std::string> calls;  // "requested|including|sys"

    IncludeResolver resolver() {
        return [this](std::string_view requested, std::string_view including, bool is_system)
                   -> std::optional<ResolvedInclude> {
            calls.push_back(fmt::format("{}|{}|{}", requested, including, is_system ? 1 : 0));
            auto it = files.find(std::string(requested));
            if (it == files.end()) return std::nullopt;
            return ResolvedInclude{it->first, it->second};
        };
    }
};

}  // namespace pptest
