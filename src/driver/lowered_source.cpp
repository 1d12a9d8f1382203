#include "driver/lowered_source.hpp"

#include "lower/lower.hpp"

namespace oneshader::driver {

namespace {
support::DiagOptions diag_options(const CompileOptions& options) {
    support::DiagOptions d;
    d.warnings_as_errors = options.warnings_as_errors;
    return d;
}
}  // namespace

LoweredSource::LoweredSource(const CompileOptions& o)
    : options(o), ctx(diag_options(o)), front(ctx, o), module(ctx.arena, front.types) {}

std::unique_ptr<LoweredSource> lower_source(std::string_view text, std::string_view path, const CompileOptions& options,
                                            bool from_text) {
    auto s = std::make_unique<LoweredSource>(options);
    s->ctx.files_read.emplace_back(path);
    support::FileId file = s->ctx.sources.add(std::string(path), std::string(text));
    run_front_end_into(s->front, s->ctx, file, s->options, from_text);
    if (s->front.program)
        s->lowered = lower::lower_program(*s->front.program, s->module, s->front.layouts, s->ctx.diags);
    return s;
}

}  // namespace oneshader::driver
