// The compile pipeline behind the public API: one CompileContext per call, each stage in turn,
// diagnostics converted to the public form at the end. No exception leaves this file.
#include <fmt/format.h>

#include <exception>
#include <cstdio>
#include <new>

#include "driver/codegen.hpp"
#include "driver/compile_logged.hpp"
#include "driver/diagnostics_export.hpp"
#include "driver/front_end.hpp"
#include "reflect/builder.hpp"
#include "oneshader/oneshader.hpp"
#include "preprocess/preprocessor.hpp"
#include "support/context.hpp"
#include "support/read_file.hpp"

namespace oneshader {

std::string_view version() {
#ifdef ONESHADER_VERSION
    return ONESHADER_VERSION;
#else
    return "0.0.0";
#endif
}

namespace {

support::DiagOptions diag_options(const CompileOptions& options) {
    support::DiagOptions d;
    d.warnings_as_errors = options.warnings_as_errors;
    return d;
}


// Reflection names the source without directories, so outputs carry no machine paths.
std::string_view file_name(std::string_view path) {
    auto slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

struct Loaded {
    support::FileId main = 0;
};

// Adds the main source to the context, reading it from disk for the *_file entry points.
Loaded load_main(support::CompileContext& ctx, std::string_view path, const std::string_view* source) {
    Loaded l;
    std::string text;
    if (source) {
        text.assign(source->data(), source->size());
    } else if (!support::read_file(path, text)) {
        ctx.files_read.emplace_back(path);
        ctx.diags.report(support::DiagCode::file_unreadable, {},
                         fmt::format("cannot read '{}': check that the file exists and is readable", path));
        return l;
    }
    ctx.files_read.emplace_back(path);
    l.main = ctx.sources.add(std::string(path), std::move(text));
    return l;
}

void report_internal_error(support::CompileContext& ctx, support::FileId main, std::string_view what) {
    support::SourceLoc at{main, 0};
    ctx.diags.report(support::DiagCode::internal_error, support::SourceRange(at),
                     fmt::format("internal compiler error ({}). Please report it with the shader that caused it", what));
}

// Loads the main source and runs `stages` on it, turning any exception into OSH7000 so nothing
// leaves the public API; then fills the diagnostics and files every result has.
template <class Result, class Stages>
Result run_guarded(std::string_view path, const std::string_view* source, const CompileOptions& options,
                   Stages&& stages) {
    Result result;
    support::CompileContext ctx(diag_options(options));
    Loaded l;
    try {
        l = load_main(ctx, path, source);
        if (l.main) stages(ctx, l.main, result);
    } catch (const std::bad_alloc&) {
        report_internal_error(ctx, l.main, "out of memory");
    } catch (const std::exception& e) {
        report_internal_error(ctx, l.main, e.what());
    } catch (...) {
        report_internal_error(ctx, l.main, "unknown failure");
    }
    result.diagnostics = driver::export_diagnostics(ctx.diags);
    result.files = std::move(ctx.files_read);
    return result;
}

// `from_text`: compile()'s include rules (no file system); `include_log` and `stop` serve the
// compile cache (driver/compile_logged.hpp).
CompileResult compile_impl(std::string_view path, const std::string_view* source, bool from_text,
                           const CompileOptions& options, std::vector<IncludeLookup>* include_log = nullptr,
                           const std::stop_token* stop = nullptr) {
    return run_guarded<CompileResult>(path, source, options, [&](support::CompileContext& ctx, support::FileId main,
                                                                  CompileResult& result) {
        std::unique_ptr<driver::FrontEnd> fe = driver::run_front_end(ctx, main, options, from_text, include_log);
        if (!fe->program) return;
        std::vector<Target> targets = options.targets.empty() ? std::vector<Target>{Target::SpirV} : options.targets;
        reflect::BuildOptions ro;
        ro.targets = targets;
        ro.source_name = file_name(path);
        result.reflection = reflect::build_reflection(*fe->program, fe->layouts, ro);
        if (stop && stop->stop_requested()) return;  // the cache drops this result
        if (!options.syntax_only) driver::generate_code(ctx, *fe, options, targets, result.blobs, result.printed_ir,
                                                         result.reflection ? &*result.reflection : nullptr);
    });
}

PreprocessResult preprocess_impl(std::string_view path, const std::string_view* source,
                                 const CompileOptions& options) {
    return run_guarded<PreprocessResult>(path, source, options, [&](support::CompileContext& ctx, support::FileId main,
                                                                    PreprocessResult& result) {
        pp::PreprocessOutput out = pp::run_preprocessor(ctx, main, options, source != nullptr);
        if (!ctx.diags.has_errors()) result.text = pp::print_preprocessed(ctx.sources, out);
    });
}

bool any_error(const std::vector<Diagnostic>& diags) {
    for (const Diagnostic& d : diags)
        if (d.severity == Severity::Error) return true;
    return false;
}

}  // namespace

bool CompileResult::ok() const { return !any_error(diagnostics); }
bool PreprocessResult::ok() const { return !any_error(diagnostics); }

const ShaderBlob* CompileResult::find(std::string_view entry_point, Target target) const {
    for (const ShaderBlob& b : blobs)
        if (b.entry_point == entry_point && b.target == target) return &b;
    return nullptr;
}

CompileResult compile(std::string_view source, std::string_view path, const CompileOptions& options) {
    return compile_impl(path, &source, true, options);
}

CompileResult compile_file(std::string_view path, const CompileOptions& options) {
    return compile_impl(path, nullptr, false, options);
}

CompileResult driver::compile_logged(std::string_view source, std::string_view path, bool from_text,
                                     const CompileOptions& options, std::vector<IncludeLookup>* include_log,
                                     const std::stop_token& stop) {
    return compile_impl(path, &source, from_text, options, include_log, &stop);
}

PreprocessResult preprocess(std::string_view source, std::string_view path, const CompileOptions& options) {
    return preprocess_impl(path, &source, options);
}

PreprocessResult preprocess_file(std::string_view path, const CompileOptions& options) {
    return preprocess_impl(path, nullptr, options);
}

}  // namespace oneshader
