#include "command_line.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>

#include "debug_options.hpp"
#include "dxc_args.hpp"

namespace oneshader::cli {

namespace {

// The options as CLI11 reads them from the normalised command line, before any checking.
struct RawOptions {
    std::vector<std::string> inputs;
    std::string profile, entry, output, preprocess_output, hlsl_version, target_env, optimize, packing;
    std::string reflect, depfile, print_after;
    std::vector<std::string> defines, include_dirs, targets;
    bool spirv = false, warnings_as_errors = false, enable_16bit = false, nologo = false;
    bool preprocess = false, dump_ir = false, syntax_only = false, all_entries = false, no_names = false, help = false, version = false;
    bool verify_ir = false;
    DebugFlags debug;
};

struct Given {
    const CLI::Option* profile;
    const CLI::Option* entry;
    const CLI::Option* output;
    const CLI::Option* preprocess_output;
    const CLI::Option* hlsl_version;
    const CLI::Option* target_env;
    const CLI::Option* reflect;
    const CLI::Option* depfile;
    const CLI::Option* print_after;
};

bool is_identifier(std::string_view s) {
    auto start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    auto rest = [&](char c) { return start(c) || (c >= '0' && c <= '9'); };
    return !s.empty() && start(s[0]) && std::all_of(s.begin() + 1, s.end(), rest);
}

std::optional<Define> parse_define(std::string_view text) {
    Define d;
    auto eq = text.find('=');
    d.name = std::string(text.substr(0, eq));
    if (eq != std::string_view::npos) d.value = std::string(text.substr(eq + 1));
    if (!is_identifier(d.name)) return std::nullopt;
    return d;
}

std::optional<Target> parse_target(std::string_view name) {
    if (name == "spirv") return Target::SpirV;
    if (name == "msl") return Target::Msl;
    if (name == "wgsl") return Target::Wgsl;
    return std::nullopt;
}

std::string quoted_list(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "'" : ", '") + s + "'";
    return out;
}

using Problem = std::optional<CommandLineError>;

Problem check_input(const RawOptions& raw, Request& req) {
    if (raw.inputs.empty())
        return CommandLineError{"no input file. Name the HLSL file to compile, for example "
                                "'oneshader -T ps_6_0 -E main shader.hlsl'."};
    if (raw.inputs.size() > 1)
        return CommandLineError{"more than one input file (" + quoted_list(raw.inputs) +
                                "); oneshader compiles one file per run."};
    req.input = raw.inputs.front();
    return std::nullopt;
}

// -T, -E and --all-entries: the profile and which entry points to compile.
Problem check_entry_points(const RawOptions& raw, const Given& given, Request& req) {
    CompileOptions& o = req.options;
    if (given.profile->count()) {
        o.profile = parse_profile(raw.profile);
        if (!o.profile)
            return CommandLineError{"-T " + raw.profile +
                                    " is not a supported profile. Use vs_6_x, ps_6_x or cs_6_x; geometry, "
                                    "tessellation, mesh and library profiles are not supported."};
    }
    if (raw.all_entries && (given.profile->count() || given.entry->count()))
        return CommandLineError{"--all-entries cannot be combined with -T or -E. Use -T (and -E) for one entry "
                                "point, or --all-entries, or neither, for every [shader(\"...\")] entry point."};
    if (req.mode != Mode::Preprocess && given.entry->count() && !o.profile)
        return CommandLineError{"-E " + raw.entry + " needs -T to give its stage, for example '-T ps_6_0 -E " +
                                raw.entry + "'. Without -T and -E every [shader(\"...\")] entry point is compiled."};
    if (o.profile) o.entry_points.push_back({given.entry->count() ? raw.entry : "main", o.profile->stage});
    return std::nullopt;
}

// Options DXC users pass that only have to name something oneshader already does.
Problem check_versions(const RawOptions& raw, const Given& given) {
    if (given.hlsl_version->count() && raw.hlsl_version != "2021" && raw.hlsl_version != "202x")
        return CommandLineError{"-HV " + raw.hlsl_version +
                                " is not a supported language version. Use -HV 2021 (202x is accepted too)."};
    if (given.target_env->count() && raw.target_env != "vulkan1.2" && raw.target_env != "vulkan1.3")
        return CommandLineError{"-fspv-target-env=" + raw.target_env +
                                " is not supported. Use vulkan1.2 or vulkan1.3; the SPIR-V output is valid for "
                                "Vulkan 1.2 and newer."};
    return std::nullopt;
}

// Targets, macros and the plain switches.
Problem check_compile_options(const RawOptions& raw, CompileOptions& o) {
    if (raw.spirv) o.targets.push_back(Target::SpirV);
    for (const std::string& name : raw.targets) {
        std::optional<Target> t = parse_target(name);
        if (!t) return CommandLineError{"--target " + name + " is not a target. Use spirv, msl or wgsl."};
        if (std::find(o.targets.begin(), o.targets.end(), *t) == o.targets.end()) o.targets.push_back(*t);
    }
    if (o.targets.empty()) o.targets.push_back(Target::SpirV);

    for (const std::string& text : raw.defines) {
        std::optional<Define> d = parse_define(text);
        if (!d)
            return CommandLineError{"-D " + text +
                                    " is not a macro definition. Use -D NAME or -D NAME=VALUE, where NAME is an "
                                    "identifier."};
        o.defines.push_back(std::move(*d));
    }
    o.include_directories = raw.include_dirs;
    o.optimize = raw.optimize != "0" && raw.optimize != "d";
    o.default_matrix_packing = raw.packing == "r" ? MatrixPacking::RowMajor : MatrixPacking::ColumnMajor;
    o.warnings_as_errors = raw.warnings_as_errors;
    o.enable_16bit_types = raw.enable_16bit;
    o.keep_names = !raw.no_names;
    o.verify_ir = raw.verify_ir;
    return std::nullopt;
}

// --print-after: a name from the optimizer's pass table or a backend's raise list, and a run
// that gets there.
Problem check_print_after(const RawOptions& raw, const Given& given, Request& req) {
    if (!given.print_after->count()) return std::nullopt;
    IrPassNames names = ir_pass_names();
    auto in = [&](const std::vector<std::string>& list) {
        return std::find(list.begin(), list.end(), raw.print_after) != list.end();
    };
    bool optimizer = in(names.optimizer);
    if (!optimizer && !in(names.raise)) {
        std::vector<std::string> all = names.optimizer;
        all.insert(all.end(), names.raise.begin(), names.raise.end());
        return CommandLineError{"--print-after=" + raw.print_after + " names no pass. Use one of " +
                                quoted_list(all) + "."};
    }
    if (req.mode != Mode::Compile)
        return CommandLineError{"--print-after prints the IR while compiling; it cannot be combined with -P, "
                                "--dump-ir or --syntax-only."};
    if (optimizer && !req.options.optimize)
        return CommandLineError{"--print-after=" + raw.print_after +
                                " names an optimizer pass, and -Od switches the optimizer off. Leave out -Od, or "
                                "name a raise transform (" + quoted_list(names.raise) + ")."};
    req.options.print_after = raw.print_after;
    return std::nullopt;
}

// Where the results go, and the combinations that have nowhere to put them.
Problem check_outputs(const RawOptions& raw, const Given& given, Request& req) {
    const bool compiling = req.mode != Mode::Preprocess;  // compiling or dumping the IR
    if (given.output->count()) req.output = raw.output;
    if (given.reflect->count()) req.reflect = raw.reflect;
    if (given.depfile->count()) req.depfile = raw.depfile;
    if (given.preprocess_output->count()) {
        if (compiling)
            return CommandLineError{"-Fi names the preprocessed output and needs -P, for example "
                                    "'oneshader -P shader.hlsl -Fi shader.i'."};
        req.output = raw.preprocess_output;
    }
    if (!compiling && req.reflect)
        return CommandLineError{"--reflect cannot be combined with -P: preprocessing gives no reflection."};
    if (req.mode == Mode::SyntaxOnly) {
        if (req.output)
            return CommandLineError{"--syntax-only writes no shader, so -Fo has nothing to name. Leave out -Fo, or "
                                    "--syntax-only to compile."};
        if (req.depfile && !req.reflect)
            return CommandLineError{"--depfile with --syntax-only needs --reflect <file.json>, the one output to "
                                    "name in the dependency rule."};
        return std::nullopt;
    }
    if (req.depfile && !req.output)
        return CommandLineError{std::string("--depfile needs an output file to name in the dependency rule. Add ") +
                                (compiling ? "-Fo <file>." : "-Fi <file> or -Fo <file>.")};
    if (compiling && req.options.targets.size() > 1 && !req.output)
        return CommandLineError{std::to_string(req.options.targets.size()) +
                                " targets cannot all go to standard output. Add -Fo <file>; the outputs are "
                                "written beside it."};
    return std::nullopt;
}

// Everything CLI11 cannot know: values, combinations, and the mapping to CompileOptions.
std::variant<Request, CommandLineError> check(const RawOptions& raw, const Given& given) {
    Request req;
    if (raw.help || raw.version) {
        req.mode = raw.help ? Mode::Help : Mode::Version;
        return req;
    }
    if (int(raw.preprocess) + int(raw.dump_ir) + int(raw.syntax_only) > 1)
        return CommandLineError{"-P, --dump-ir and --syntax-only cannot be combined: choose the preprocessed text, "
                                "the IR or a check of the source."};
    req.mode = raw.preprocess    ? Mode::Preprocess
               : raw.dump_ir     ? Mode::DumpIr
               : raw.syntax_only ? Mode::SyntaxOnly
                                 : Mode::Compile;
    Problem problem = check_input(raw, req);
    if (!problem) problem = check_entry_points(raw, given, req);
    if (!problem) problem = check_versions(raw, given);
    if (!problem) problem = check_compile_options(raw, req.options);
    if (!problem) problem = check_print_after(raw, given, req);
    if (!problem) problem = check_outputs(raw, given, req);
    if (!problem)
        if (std::optional<std::string> m = apply_debug_flags(raw.debug, req.mode, req.options)) problem = CommandLineError{*m};
    if (problem) return std::move(*problem);
    return req;
}

}  // namespace

std::variant<Request, CommandLineError> parse_command_line(std::span<const std::string> argv) {
    NormalizedArgs normalized = normalize_dxc_args(argv);
    if (normalized.error) return CommandLineError{*normalized.error};

    RawOptions raw;
    CLI::App app{"oneshader"};
    app.set_help_flag();
    auto last_wins = [&](const std::string& name, std::string& into) {
        return app.add_option(name, into)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    };
    auto each = [&](const std::string& name, std::vector<std::string>& into) {
        return app.add_option(name, into)->allow_extra_args(false);
    };
    Given given{};
    given.profile = last_wins("--T", raw.profile);
    given.entry = last_wins("--E", raw.entry);
    given.output = last_wins("--Fo", raw.output);
    given.preprocess_output = last_wins("--Fi", raw.preprocess_output);
    given.hlsl_version = last_wins("--HV", raw.hlsl_version);
    given.target_env = last_wins("--fspv-target-env", raw.target_env);
    given.reflect = last_wins("--reflect", raw.reflect);
    given.depfile = last_wins("--depfile", raw.depfile);
    given.print_after = last_wins("--print-after", raw.print_after);
    last_wins("--O", raw.optimize);
    last_wins("--Zp", raw.packing);
    each("--D", raw.defines);
    each("--I", raw.include_dirs);
    each("--target", raw.targets);
    app.add_flag("--spirv", raw.spirv);
    app.add_flag("--WX", raw.warnings_as_errors);
    app.add_flag("--enable-16bit-types", raw.enable_16bit);
    app.add_flag("--nologo", raw.nologo);
    app.add_flag("--P", raw.preprocess);
    app.add_flag("--all-entries", raw.all_entries);
    app.add_flag("--dump-ir", raw.dump_ir);
    app.add_flag("--syntax-only", raw.syntax_only);
    app.add_flag("--no-names", raw.no_names);
    app.add_flag("--verify-ir", raw.verify_ir);
    app.add_flag("--Zi", raw.debug.zi);
    app.add_flag("--Qembed_debug", raw.debug.embed_debug);
    app.add_flag("--Qstrip_debug", raw.debug.strip_debug);
    app.add_flag("--Qstrip_reflect", raw.debug.strip_reflect);
    app.add_flag("--print-locs", raw.debug.print_locs);
    each("--fspv-debug", raw.debug.categories);
    app.add_flag("--help", raw.help);
    app.add_flag("--version", raw.version);
    app.add_option("inputs", raw.inputs);

    try {
        // CLI11 wants the arguments in reverse order when given as a vector.
        std::vector<std::string> reversed(normalized.args.rbegin(), normalized.args.rend());
        app.parse(reversed);
    } catch (const CLI::ParseError& e) {
        // The normaliser has already shaped every option, so this is a fault in that shaping;
        // still a command-line error for the user, with CLI11's words.
        return CommandLineError{std::string(e.what()) + "."};
    }
    return check(raw, given);
}

std::string format_command_line_error(const CommandLineError& error) {
    return "oneshader: error: " + error.message + " Run 'oneshader --help' for the options.";
}

}  // namespace oneshader::cli
