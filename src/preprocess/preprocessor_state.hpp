#pragma once
// The state of one preprocessor run, shared by the files that implement its parts: the file
// stack (main loop and includes), directives, macro definitions and expansion, and limits.
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "lex/lexer.hpp"
#include "oneshader/oneshader.hpp"
#include "preprocess/expander.hpp"
#include "preprocess/macro.hpp"
#include "preprocess/preprocessor.hpp"
#include "support/context.hpp"

namespace oneshader {
struct IncludeLookup;  // oneshader/cache.hpp
}

namespace oneshader::pp {

// One open #if group.
struct Conditional {
    support::SourceLoc loc;  // the `#` of the #if, for "unterminated" errors
    bool live = false;       // tokens of the current branch are kept
    bool taken = false;      // some branch was (or, in a dead group, must not be) chosen
    bool seen_else = false;
    bool parent_live = false;  // the group itself is in live code
    std::string_view directive;  // "if", "ifdef" or "ifndef"
};

// Include-guard detection: a file whose first directive is `#ifndef X` (or `#if !defined X`)
// and whose matching `#endif` is followed by nothing is skipped on re-inclusion while X is defined.
enum class GuardState : std::uint8_t { Start, InGuard, AfterGuard, NotGuarded };

struct FileFrame {
    FileFrame(support::CompileContext& ctx, support::FileId id) : lexer(ctx, id), file(id) {}
    syntax::Lexer lexer;
    support::FileId file;
    syntax::Token lookahead;
    bool has_lookahead = false;
    std::size_t cond_base = 0;  // conditionals open when the file was entered
    GuardState guard = GuardState::Start;
    support::Symbol guard_macro;
    std::size_t guard_cond = 0;  // the guard's index in the conditional stack
    std::string key;             // identifies the file for #pragma once and guards; empty: never skipped
};

class Preprocessor final : public TokenInput {
public:
    Preprocessor(support::CompileContext& ctx, const CompileOptions& options, bool from_text);
    PreprocessOutput run(support::FileId main_file);

    // TokenInput over the files: directives are handled and skipped groups dropped in next().
    syntax::Token next() override;
    syntax::Token next_in_args() override;
    syntax::TokenKind peek_kind() override;

    // For the expander.
    support::CompileContext& ctx;
    MacroTable macros;
    bool stopped() const { return stopped_; }
    // Counts work against limits.max_expansion_steps; false (after reporting once) past it.
    bool count_steps(std::uint64_t steps, support::SourceLoc at);
    // False (after reporting OSH0123) when one expansion alone holds more tokens than the whole
    // output may, so a replacement list never grows past the output limit before it is emitted.
    bool fits_output(std::size_t tokens, support::SourceLoc at);
    ExpanderScratch& scratch(std::uint32_t depth);
    std::uint32_t next_counter() { return counter_++; }
    support::Symbol va_args() const { return va_args_; }
    support::Symbol sym_true() const { return sym_true_; }
    support::Symbol sym_defined() const { return defined_; }
    // Reports an error inside a macro expansion: at the invocation, with a note at the definition.
    void report_in_macro(support::DiagCode code, support::SourceLoc at, const Macro& m, std::string message);
    // Reports at `at`, with an "included from" note for each #include that led to its file.
    void report(support::DiagCode code, support::SourceLoc at, std::string message);
    void stop() { stopped_ = true; }
    // Records every #include lookup into `log` (the compile cache replays them on its next call).
    void log_includes(std::vector<IncludeLookup>* log) { include_log_ = log; }
    static constexpr std::uint32_t max_argument_nesting = 200;

private:
    // The file stack.
    void enter_file(support::FileId id, std::string key);
    void leave_file();
    // From the top file, honouring the lookahead.
    syntax::Token lex_raw() {
        FileFrame& f = *files_.back();
        if (f.has_lookahead) {
            f.has_lookahead = false;
            return f.lookahead;
        }
        return f.lexer.next();
    }
    bool skipping() const { return !conds_.empty() && !conds_.back().live; }
    void emit(const syntax::Token& t);
    void lex_plain_tokens();  // the main loop's fast path, up to the first token the expander must see
    void emit_checked(const syntax::Token& t);  // past the output limit, or a stray character
    void report_output_limit(support::SourceLoc at);  // OSH0123, and stop
    void update_skipping();

    // Directives (directives.cpp).
    void handle_directive(const syntax::Token& hash);
    void read_line(std::vector<syntax::Token>& out);  // the rest of the directive line, unexpanded
    void skip_line();
    void expand_line(std::span<const syntax::Token> in, std::vector<syntax::Token>& out);
    void extra_tokens_warning(std::span<const syntax::Token> rest, std::string_view directive);
    void handle_if(const syntax::Token& hash, const syntax::Token& name);
    void handle_ifdef(const syntax::Token& hash, const syntax::Token& name, bool negate);
    void handle_elif(const syntax::Token& hash, const syntax::Token& name);
    void handle_else(const syntax::Token& hash, const syntax::Token& name);
    void handle_endif(const syntax::Token& hash, const syntax::Token& name);
    bool evaluate_condition(const syntax::Token& name, const std::vector<syntax::Token>& line);
    void handle_line(const syntax::Token& hash, const syntax::Token& name, bool gnu_marker);
    void handle_message(const syntax::Token& hash, const syntax::Token& name, bool is_error);
    void handle_pragma(const syntax::Token& hash, const syntax::Token& name);
    void end_of_file_conditionals();

    // #define and #undef (macro_definition.cpp).
    void handle_define(const syntax::Token& name_of_directive);
    void handle_undef(const syntax::Token& name_of_directive);
    Macro* parse_definition(std::span<const syntax::Token> line, const syntax::Token& directive);
    bool check_macro_name(const syntax::Token* name, const syntax::Token& directive, bool defining);

    // #include (include_files.cpp).
    void handle_include(const syntax::Token& hash, const syntax::Token& name);
    bool include_name(std::string& name, bool& is_system, support::SourceLoc& at, const syntax::Token& directive);
    void open_include(const std::string& requested, bool is_system, support::SourceLoc at);
    void note_file_read(const std::string& path);
    // Appends one lookup to include_log_ when there is one; null pointers for "not found" / "not read".
    void log_include(const std::string& requested, bool is_system, const std::string& including,
                     const std::string* path, const std::string* text, bool unreadable);

    // Predefined macros and -D defines (predefined_macros.cpp).
    void define_predefined();
    void run_builtin_text(std::string name, std::string text);
    void define_number_macro(support::Symbol name, support::SourceLoc name_loc, std::string_view value,
                             support::SourceLoc value_loc);

    const CompileOptions& options_;
    bool from_text_;
    std::vector<IncludeLookup>* include_log_ = nullptr;
    std::vector<std::unique_ptr<FileFrame>> files_;
    std::vector<Conditional> conds_;
    std::vector<std::unique_ptr<ExpanderScratch>> scratch_;
    std::unordered_set<std::string> once_files_;
    std::unordered_map<std::string, support::Symbol> guarded_files_;
    PreprocessOutput out_;
    std::vector<syntax::Token> define_line_;  // handle_define's scratch
    std::uint64_t steps_ = 0;
    std::uint32_t counter_ = 0;
    bool stopped_ = false;
    bool reported_limit_ = false;
    support::Symbol va_args_, defined_, line_sym_, file_sym_, counter_sym_;
    support::Symbol sym_true_, sym_false_;
};

}  // namespace oneshader::pp
