#include "run.hpp"

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <span>
#include <string_view>
#include <variant>

#include "depfile.hpp"
#include "disassembly.hpp"
#include "file_output.hpp"
#include "output_paths.hpp"

namespace oneshader::cli {

namespace {

constexpr int kSuccess = 0;
constexpr int kFailure = 1;

// Colour and the caret line by default only where a person reads them: standard error a
// terminal (and, for colour, NO_COLOR unset, as https://no-color.org asks).
DiagnosticStyle style_of(const Request& request) {
    const bool terminal = isatty(fileno(stderr)) != 0;
    const char* no_color = std::getenv("NO_COLOR");
    DiagnosticStyle s;
    s.format = request.diagnostic_format;
    s.color = request.color.value_or(terminal && !(no_color && *no_color));
    s.caret = request.caret.value_or(terminal);
    return s;
}

void print_diagnostics(const Request& request, const std::vector<Diagnostic>& diagnostics) {
    if (diagnostics.empty() && request.diagnostic_format != DiagnosticFormat::Json) return;
    std::string text = format_diagnostics(diagnostics, style_of(request), file_source_lines());
    std::fputs(text.c_str(), stderr);
}

int fail(std::string_view message) {
    std::fprintf(stderr, "oneshader: error: %.*s\n", static_cast<int>(message.size()), message.data());
    return kFailure;
}

// The dependency file comes last, so that it exists only when every output does.
int finish_with_depfile(const Request& request, const std::vector<std::string>& outputs,
                        const std::vector<std::string>& files_read) {
    if (!request.depfile) return kSuccess;
    if (auto error = write_file(*request.depfile, depfile_text(outputs, files_read))) return fail(*error);
    return kSuccess;
}

// --reflect: the JSON of schema version 1, written after the shaders and before the depfile.
int write_reflection(const Request& request, const CompileResult& result, std::vector<std::string>& outputs) {
    if (!request.reflect) return kSuccess;
    if (!result.reflection) return fail("--reflect: the compile gave no reflection, so none was written.");
    if (auto error = write_file(*request.reflect, write_reflection_json(*result.reflection))) return fail(*error);
    outputs.push_back(*request.reflect);
    return kSuccess;
}

std::span<const std::uint8_t> as_bytes(const std::string& text) {
    return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

// -Fc: the SPIR-V of every entry point as text, one after another, in one file.
int write_disassembly(const Request& request, const std::vector<ShaderBlob>& blobs, std::vector<std::string>& outputs) {
    if (!request.disassembly) return kSuccess;
    std::string text;
    for (const ShaderBlob& b : blobs) {
        if (b.target != Target::SpirV) continue;
        if (blobs.size() > 1) text += "; entry point " + b.entry_point + "\n";
        text += disassemble_spirv(b.data, request.options.spirv.target_env);
    }
    if (auto error = write_file(*request.disassembly, std::string_view(text))) return fail(*error);
    outputs.push_back(*request.disassembly);
    return kSuccess;
}

// -Fh: DXC's header of the one compiled shader, its listing the SPIR-V disassembly (or the text of
// a text target).
int write_blob_header_file(const Request& request, const std::vector<ShaderBlob>& blobs, std::vector<std::string>& outputs) {
    if (!request.blob_header) return kSuccess;
    if (blobs.size() != 1)
        return fail("-Fh writes one shader, and this compile gave " + std::to_string(blobs.size()) +
                    ". Name one entry point with -T and -E and one target, or use --header <file.hpp> for every "
                    "entry point and target in one C++ header.");
    const ShaderBlob& b = blobs.front();
    std::string listing = b.target == Target::SpirV ? disassemble_spirv(b.data, request.options.spirv.target_env)
                                                     : std::string(b.as_text());
    if (auto error = write_file(*request.blob_header, write_blob_header(b.data, listing, request.blob_name)))
        return fail(*error);
    outputs.push_back(*request.blob_header);
    return kSuccess;
}

int write_header_text(const Request& request, const CppHeaderResult& header, std::vector<std::string>& outputs) {
    if (!header.ok()) {
        print_diagnostics(request, header.diagnostics);
        return kFailure;
    }
    if (auto error = write_file(*request.header, std::string_view(header.text))) return fail(*error);
    outputs.push_back(*request.header);
    return kSuccess;
}

// --axes: every variant compiled, the diagnostics merged, one header with all of them.
int run_variants(const Request& request) {
    VariantPlan plan = plan_variants(*request.axes, request.max_variants, request.input);
    if (!plan.ok()) {
        print_diagnostics(request, plan.diagnostics);
        return kFailure;
    }
    VariantCompileResult compiled = compile_variants(request.input, request.options, plan.variants);
    print_diagnostics(request, compiled.diagnostics);
    if (!compiled.ok()) return kFailure;
    std::vector<std::string> outputs;
    CppHeaderResult header = generate_cpp_header(request.input, plan, compiled.results, request.header_options);
    if (int code = write_header_text(request, header, outputs)) return code;
    return finish_with_depfile(request, outputs, compiled.files);
}

}  // namespace

namespace {

// The modes whose result is one text (-P, --dump-ir): to -Fo or standard output, then the depfile.
template <class Result>
int write_text_result(const Request& request, const Result& result) {
    print_diagnostics(request, result.diagnostics);
    if (!result.ok()) return kFailure;
    std::vector<std::string> outputs;
    if (request.output) {
        if (auto error = write_file(*request.output, std::string_view(result.text))) return fail(*error);
        outputs.push_back(*request.output);
    } else {
        std::span bytes(reinterpret_cast<const std::uint8_t*>(result.text.data()), result.text.size());
        if (auto error = write_stdout(bytes)) return fail(*error);
    }
    return finish_with_depfile(request, outputs, result.files);
}

}  // namespace

int run_preprocess(const Request& request) {
    return write_text_result(request, preprocess_file(request.input, request.options));
}

// The lowered, unoptimized IR as text, to -Fo or standard output.
int run_dump_ir(const Request& request) {
    return write_text_result(request, dump_ir_file(request.input, request.options));
}

int run_compile(const Request& request) {
    if (request.axes) return run_variants(request);
    CompileResult result = compile_file(request.input, request.options);
    // --print-after: the dumps come before the diagnostics, in the order the passes ran.
    if (!result.printed_ir.empty()) std::fputs(result.printed_ir.c_str(), stderr);
    print_diagnostics(request, result.diagnostics);
    if (!result.ok()) return kFailure;
    if (result.blobs.empty())
        return fail("the file has no entry point to compile. Mark one with [shader(\"vertex\")], "
                    "[shader(\"pixel\")] or [shader(\"compute\")], or name it with -T and -E.");

    std::vector<std::string> outputs;
    if (request.header) {
        CppHeaderResult header = generate_cpp_header(request.input, result, request.header_options);
        if (int code = write_header_text(request, header, outputs)) return code;
    }
    if (int code = write_blob_header_file(request, result.blobs, outputs)) return code;
    // With a header and no -Fo, the header is the output: nothing goes to standard output.
    const bool blobs_wanted = request.output || (!request.header && !request.blob_header);
    auto plan = plan_outputs(blobs_wanted ? std::span<const ShaderBlob>(result.blobs) : std::span<const ShaderBlob>(),
                             request.output);
    if (const std::string* error = std::get_if<std::string>(&plan)) return fail(*error);

    const SpirvTargetEnv env = request.options.spirv.target_env;
    for (const PlannedOutput& out : std::get<std::vector<PlannedOutput>>(plan)) {
        std::optional<std::string> error;
        if (out.path) error = write_file(*out.path, out.blob->data);
        else if (out.blob->target == Target::SpirV && stdout_is_terminal())
            error = write_stdout(as_bytes(disassemble_spirv(out.blob->data, env)));
        else error = write_stdout(out.blob->data);
        if (error) return fail(*error);
        if (out.path) outputs.push_back(*out.path);
    }
    if (int code = write_disassembly(request, result.blobs, outputs)) return code;
    if (int code = write_reflection(request, result, outputs)) return code;
    return finish_with_depfile(request, outputs, result.files);
}

// The front end alone: diagnostics, and with --reflect the reflection it gives; no shader.
int run_syntax_only(const Request& request) {
    CompileOptions options = request.options;
    options.syntax_only = true;
    CompileResult result = compile_file(request.input, options);
    print_diagnostics(request, result.diagnostics);
    if (!result.ok()) return kFailure;
    std::vector<std::string> outputs;
    if (int code = write_reflection(request, result, outputs)) return code;
    return finish_with_depfile(request, outputs, result.files);
}

}  // namespace oneshader::cli
