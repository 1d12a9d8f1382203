// The macros defined before the first line: the built-in ones (__LINE__, __FILE__, __COUNTER__),
// the ones DXC predefines for a SPIR-V compile, and the user's defines in order.
//
// DXC (tools/clang/lib/Frontend/InitPreprocessor.cpp) defines for HLSL:
//   __hlsl_dx_compiler                        1
//   __HLSL_VERSION                            2021 (the language version)
//   __SHADER_STAGE_PIXEL/VERTEX/GEOMETRY/HULL/DOMAIN/COMPUTE/LIBRARY/MESH/AMPLIFICATION
//                                             0/1/2/3/4/5/6/13/14 (DXIL shader kinds)
//   __SHADER_TARGET_STAGE                     the -T stage, one of the values above
//   __SHADER_TARGET_MAJOR, __SHADER_TARGET_MINOR  the -T shader model
//   __spirv__                                 1 when generating SPIR-V
//   __HLSL_ENABLE_16_BIT                      1 with -enable-16bit-types
// We define all of these. The __SHADER_TARGET_* macros need a profile; without one (a compile of
// every entry point) they stay undefined. DXC also defines __DXC_VERSION_MAJOR/MINOR/RELEASE/
// COMMITS and clang's __clang__/__llvm__ family; we leave those out on purpose, since code that
// tests them asks for a particular DXC build, which this compiler is not.
#include <fmt/format.h>

#include "preprocess/preprocessor_state.hpp"

namespace oneshader::pp {

namespace {

unsigned dxil_stage_kind(Stage stage) {
    switch (stage) {
        case Stage::Pixel: return 0;
        case Stage::Vertex: return 1;
        case Stage::Compute: return 5;
    }
    return 0;
}

bool is_identifier(std::string_view s) {
    if (s.empty()) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

void append_single_line(std::string& out, std::string_view value) {
    for (char c : value) out += (c == '\n' || c == '\r') ? ' ' : c;
}

}  // namespace

void Preprocessor::run_builtin_text(std::string name, std::string text) {
    support::FileId id = ctx.sources.add(std::move(name), std::move(text));
    enter_file(id, std::string());
    // The text holds only #define lines; next() handles them and returns Eof at its end.
    while (!files_.empty() && !stopped_) {
        if (next().is(syntax::TokenKind::Eof)) break;
    }
}

void Preprocessor::define_predefined() {
    const std::pair<support::Symbol, BuiltinMacro> builtins[] = {
        {line_sym_, BuiltinMacro::Line}, {file_sym_, BuiltinMacro::File}, {counter_sym_, BuiltinMacro::Counter}};
    for (const auto& [name, kind] : builtins) {
        auto* m = ctx.arena.make<Macro>();
        m->name = name;
        m->builtin = kind;
        macros.define(m);
    }

    std::string text =
        "#define __hlsl_dx_compiler 1\n"
        "#define __HLSL_VERSION 2021\n"
        "#define __SHADER_STAGE_PIXEL 0\n"
        "#define __SHADER_STAGE_VERTEX 1\n"
        "#define __SHADER_STAGE_GEOMETRY 2\n"
        "#define __SHADER_STAGE_HULL 3\n"
        "#define __SHADER_STAGE_DOMAIN 4\n"
        "#define __SHADER_STAGE_COMPUTE 5\n"
        "#define __SHADER_STAGE_LIBRARY 6\n"
        "#define __SHADER_STAGE_MESH 13\n"
        "#define __SHADER_STAGE_AMPLIFICATION 14\n"
        "#define __spirv__ 1\n";
    if (options_.profile) {
        text += fmt::format("#define __SHADER_TARGET_STAGE {}\n#define __SHADER_TARGET_MAJOR {}\n"
                            "#define __SHADER_TARGET_MINOR {}\n",
                            dxil_stage_kind(options_.profile->stage), options_.profile->major, options_.profile->minor);
    }
    if (options_.enable_16bit_types) text += "#define __HLSL_ENABLE_16_BIT 1\n";
    run_builtin_text("<built-in>", std::move(text));

    if (options_.defines.empty()) return;
    std::string defines;
    for (const Define& d : options_.defines) {
        std::string_view name = d.name;
        std::optional<std::string_view> value;
        if (d.value) value = *d.value;
        // A NAME=VALUE written into the name (as -D gives it) is split here.
        if (!value) {
            if (auto eq = name.find('='); eq != std::string_view::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
        }
        // Function-like defines (NAME(a,b)=...) are allowed, as with -D.
        std::string_view base = name.substr(0, name.find('('));
        if (!is_identifier(base) || name.find_first_of(" \t\r\n") != std::string_view::npos) {
            ctx.diags.report(support::DiagCode::invalid_option, {},
                             fmt::format("the define '{}' does not name a macro; a define name must be an "
                                         "identifier such as MY_FLAG",
                                         name));
            continue;
        }
        defines += "#define ";
        defines += name;
        defines += ' ';
        if (value) append_single_line(defines, *value);
        else defines += '1';
        defines += '\n';
    }
    run_builtin_text("<command line>", std::move(defines));
}

}  // namespace oneshader::pp
