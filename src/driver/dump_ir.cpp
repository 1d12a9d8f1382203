// `dump_ir` / `dump_ir_file`: the front end and the IR printer behind the public API. Like
// compile(), nothing throws out of here.
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <new>

#include "driver/diagnostics_export.hpp"
#include "ir/printer.hpp"
#include "driver/lowered_source.hpp"
#include "oneshader/oneshader.hpp"
#include "support/read_file.hpp"

namespace oneshader {

namespace {


IrDumpResult dump_impl(std::string_view path, const std::string_view* source, const CompileOptions& options) {
    IrDumpResult result;
    support::CompileContext fallback;
    try {
        std::string text;
        if (!source && !support::read_file(path, text)) {
            fallback.files_read.emplace_back(path);
            fallback.diags.report(support::DiagCode::file_unreadable, {},
                                  fmt::format("cannot read '{}': check that the file exists and is readable", path));
            result.diagnostics = driver::export_diagnostics(fallback.diags);
            result.files = std::move(fallback.files_read);
            return result;
        }
        std::unique_ptr<driver::LoweredSource> fe =
            driver::lower_source(source ? *source : std::string_view(text), path, options, source != nullptr);
        ir::PrintOptions po;
        po.locations = options.print_locations;
        if (fe->ok()) result.text = ir::print_module(fe->module, po);
        result.diagnostics = driver::export_diagnostics(fe->ctx.diags);
        result.files = std::move(fe->ctx.files_read);
    } catch (const std::bad_alloc&) {
        fallback.diags.report(support::DiagCode::internal_error, {}, "internal compiler error (out of memory)");
        result.diagnostics = driver::export_diagnostics(fallback.diags);
    } catch (const std::exception& e) {
        fallback.diags.report(support::DiagCode::internal_error, {},
                              fmt::format("internal compiler error ({}). Please report it with the shader", e.what()));
        result.diagnostics = driver::export_diagnostics(fallback.diags);
    }
    return result;
}

}  // namespace

bool IrDumpResult::ok() const {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error) return false;
    return true;
}

IrDumpResult dump_ir(std::string_view source, std::string_view path, const CompileOptions& options) {
    return dump_impl(path, &source, options);
}

IrDumpResult dump_ir_file(std::string_view path, const CompileOptions& options) {
    return dump_impl(path, nullptr, options);
}

}  // namespace oneshader
