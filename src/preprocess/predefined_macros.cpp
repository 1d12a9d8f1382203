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

void Preprocessor::define_number_macro(support::Symbol name, support::SourceLoc name_loc, std::string_view value,
                                       support::SourceLoc value_loc) {
    // What #define NAME VALUE makes of a line whose value is one pp-number.
    std::span<syntax::Token> body = ctx.arena.make_array<syntax::Token>(1);
    body[0].kind = syntax::TokenKind::Number;
    body[0].loc = body[0].spelling = value_loc;
    body[0].text = value;
    std::span<std::int16_t> param_of = ctx.arena.make_array<std::int16_t>(1);
    param_of[0] = -1;
    auto* m = ctx.arena.make<Macro>();
    m->name = name;
    m->loc = name_loc;
    m->body = body;
    m->param_of = param_of;
    macros.define(m);
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

    // Every built-in definition is `#define NAME NUMBER`: the text is still added as the
    // "<built-in>" file (diagnostics point into it), but the macros are made directly instead of
    // lexing it and running the #define machinery, which every compile would pay for.
    std::string text;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> lines;  // (name offset, value offset)
    auto define_line = [&](std::string_view name, std::string_view value) {
        text += "#define ";
        auto name_at = static_cast<std::uint32_t>(text.size());
        text += name;
        text += ' ';
        auto value_at = static_cast<std::uint32_t>(text.size());
        text += value;
        text += '\n';
        lines.emplace_back(name_at, value_at);
    };
    lines.reserve(16);
    text.reserve(512);
    define_line("__hlsl_dx_compiler", "1");
    define_line("__HLSL_VERSION", "2021");
    define_line("__SHADER_STAGE_PIXEL", "0");
    define_line("__SHADER_STAGE_VERTEX", "1");
    define_line("__SHADER_STAGE_GEOMETRY", "2");
    define_line("__SHADER_STAGE_HULL", "3");
    define_line("__SHADER_STAGE_DOMAIN", "4");
    define_line("__SHADER_STAGE_COMPUTE", "5");
    define_line("__SHADER_STAGE_LIBRARY", "6");
    define_line("__SHADER_STAGE_MESH", "13");
    define_line("__SHADER_STAGE_AMPLIFICATION", "14");
    define_line("__spirv__", "1");
    if (options_.profile) {
        define_line("__SHADER_TARGET_STAGE", fmt::format("{}", dxil_stage_kind(options_.profile->stage)));
        define_line("__SHADER_TARGET_MAJOR", fmt::format("{}", options_.profile->major));
        define_line("__SHADER_TARGET_MINOR", fmt::format("{}", options_.profile->minor));
    }
    if (options_.enable_16bit_types) define_line("__HLSL_ENABLE_16_BIT", "1");
    support::FileId id = ctx.sources.add("<built-in>", std::move(text));
    std::string_view stored = ctx.sources.text(id);
    for (auto [name_at, value_at] : lines) {
        std::string_view name = stored.substr(name_at, value_at - 1 - name_at);
        std::string_view value = stored.substr(value_at, stored.find('\n', value_at) - value_at);
        define_number_macro(ctx.interner.intern(name), support::SourceLoc{id, name_at}, value,
                            support::SourceLoc{id, value_at});
    }

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
