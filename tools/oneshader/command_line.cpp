#include "command_line.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <tuple>
#include <variant>

#include "debug_options.hpp"
#include "dxc_args.hpp"

namespace oneshader::cli {

namespace {

// The options as read from the normalised command line, before any checking.
struct RawOptions {
    std::vector<std::string> inputs;
    std::string profile, entry, output, preprocess_output, hlsl_version, target_env, optimize, packing, stage_io_order;
    std::string reflect, depfile, print_after, disassembly, entry_point_name, diagnostics_format;
    std::string blob_header, blob_name, header, name_space, class_name, axes, max_variants;
    std::vector<std::string> diagnostic_switches;  // "color", "no-color", "caret", "no-caret", in order
    std::vector<std::string> defines, include_dirs, targets, entries;
    std::vector<std::string> shifts, bind_registers;  // "t 100 0", "t5 0 1 2" (dxc_args.cpp)
    std::string bind_globals, auto_binding_space, resource_heap, sampler_heap, counter_heap;
    std::vector<std::string> extensions;
    bool auto_shift = false, invert_y = false, spirv_reflect = false, preserve_bindings = false, diagnostics_json = false;
    bool dx_position_w = false, base_vertex = false, base_instance = false;
    bool dx_layout = false, gl_layout = false, scalar_layout = false;
    bool spirv = false, warnings_as_errors = false, enable_16bit = false, nologo = false;
    bool preprocess = false, dump_ir = false, syntax_only = false, all_entries = false, no_names = false, help = false, version = false;
    bool verify_ir = false;
    DebugFlags debug;
};

// An option whose use a check asks about: how often it was given, and its canonical name.
struct Seen {
    std::size_t times = 0;
    std::string_view option;  // "--T", "--namespace"
    std::size_t count() const { return times; }
    std::string name() const { return std::string(option); }
};

struct Given {
    Seen profile;
    Seen entry;
    Seen output;
    Seen preprocess_output;
    Seen hlsl_version;
    Seen target_env;
    Seen reflect;
    Seen depfile;
    Seen print_after;
    Seen bind_globals;
    Seen resource_heap;
    Seen sampler_heap;
    Seen counter_heap;
    Seen disassembly;
    Seen diagnostics_format;
    Seen auto_binding_space;
    Seen blob_header;
    Seen blob_name;
    Seen header;
    Seen name_space;
    Seen class_name;
    Seen axes;
    Seen max_variants;
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

// The stage of --entry, spelled as in [shader("...")] (any case: the spec writes Vertex).
std::optional<Stage> parse_stage(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) { return char(c >= 'A' && c <= 'Z' ? c + 32 : c); });
    if (lower == "vertex") return Stage::Vertex;
    if (lower == "pixel") return Stage::Pixel;
    if (lower == "compute") return Stage::Compute;
    return std::nullopt;
}

std::string quoted_list(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "'" : ", '") + s + "'";
    return out;
}

using Problem = std::optional<CommandLineError>;

// -T with a stage oneshader does not compile names that stage, so the user knows it is the stage
// and not the spelling.
std::string refused_profile(std::string_view profile) {
    struct Kind {
        std::string_view prefix, what;
    };
    constexpr std::array kKinds = {
        Kind{"gs_", "a geometry shader"}, Kind{"hs_", "a hull shader"}, Kind{"ds_", "a domain shader"},
        Kind{"ms_", "a mesh shader"},     Kind{"as_", "an amplification shader"},
        Kind{"lib_", "a library (ray tracing, work graphs, linking)"},
    };
    std::string shown = "-T " + std::string(profile);
    for (const Kind& k : kKinds)
        if (profile.starts_with(k.prefix))
            return shown + " is " + std::string(k.what) + " profile, which oneshader does not compile. Use vs_6_x, "
                   "ps_6_x or cs_6_x; geometry, tessellation, mesh and library profiles are not supported.";
    return shown + " is not a supported profile. Use vs_6_x, ps_6_x or cs_6_x; geometry, tessellation, mesh and "
                   "library profiles are not supported.";
}

// A non-negative decimal number, as DXC reads binding and set numbers.
std::optional<std::uint32_t> parse_number(std::string_view s) {
    if (s.empty() || s.size() > 9) return std::nullopt;
    std::uint32_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + std::uint32_t(c - '0');
    }
    return n;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    while (!s.empty()) {
        auto sp = s.find(' ');
        out.push_back(s.substr(0, sp));
        if (sp == std::string_view::npos) break;
        s.remove_prefix(sp + 1);
    }
    return out;
}

// -fvk-{b,t,u,s}-shift, -fvk-bind-register, -fvk-bind-globals, -fvk-bind-resource-heap,
// -fvk-bind-sampler-heap, -fvk-bind-counter-heap, -fvk-auto-shift-bindings and
// -auto-binding-space, into BindingOptions (the numbers are checked here, their effect in sema).
Problem check_bindings(const RawOptions& raw, const Given& given, BindingOptions& b) {
    for (const std::string& text : raw.shifts) {
        std::vector<std::string_view> w = words(text);  // class, shift, space
        RegisterShift shift;
        shift.register_class = w[0][0];
        std::optional<std::uint32_t> n = parse_number(w[1]);
        std::string shown = "-fvk-" + std::string(w[0]) + "-shift " + std::string(w[1]) + " " + std::string(w[2]);
        if (!n) return CommandLineError{shown + ": the shift must be a number, for example '-fvk-" + std::string(w[0]) +
                                        "-shift 100 0'."};
        shift.shift = *n;
        if (w[2] != "all") {
            std::optional<std::uint32_t> space = parse_number(w[2]);
            if (!space) return CommandLineError{shown + ": the space must be a number or 'all'."};
            shift.space = space;
        }
        b.shifts.push_back(shift);
    }
    for (const std::string& text : raw.bind_registers) {
        std::vector<std::string_view> w = words(text);  // xN, space, binding, set
        RegisterBinding r;
        std::optional<std::uint32_t> number = w[0].size() > 1 ? parse_number(w[0].substr(1)) : std::nullopt;
        std::optional<std::uint32_t> space = parse_number(w[1]), binding = parse_number(w[2]), set = parse_number(w[3]);
        char cls = w[0].empty() ? 0 : w[0][0];
        if (std::string_view("btus").find(cls) == std::string_view::npos || !number || !space || !binding || !set)
            return CommandLineError{"-fvk-bind-register " + text +
                                    ": write the register, its space, then the binding and set, for example "
                                    "'-fvk-bind-register t5 0 1 2' (register t5 in space0 to binding 1 of set 2)."};
        r.register_class = cls;
        r.number = *number;
        r.space = *space;
        r.binding = *binding;
        r.set = *set;
        b.registers.push_back(r);
    }
    if (given.bind_globals.count()) {
        std::vector<std::string_view> w = words(raw.bind_globals);
        std::optional<std::uint32_t> binding = parse_number(w[0]), set = parse_number(w[1]);
        if (!binding || !set)
            return CommandLineError{"-fvk-bind-globals " + raw.bind_globals +
                                    ": write the binding, then the set, for example '-fvk-bind-globals 0 1'."};
        b.globals = DescriptorSlot{*binding, *set};
    }
    for (auto [option, text, slot] : {std::tuple{given.resource_heap, &raw.resource_heap, &b.resource_heap},
                                      std::tuple{given.sampler_heap, &raw.sampler_heap, &b.sampler_heap},
                                      std::tuple{given.counter_heap, &raw.counter_heap, &b.counter_heap}}) {
        if (!option.count()) continue;
        std::string name = slot == &b.resource_heap  ? "-fvk-bind-resource-heap"
                           : slot == &b.sampler_heap ? "-fvk-bind-sampler-heap"
                                                     : "-fvk-bind-counter-heap";
        std::vector<std::string_view> w = words(*text);
        std::optional<std::uint32_t> binding = parse_number(w[0]), set = parse_number(w[1]);
        if (!binding || !set)
            return CommandLineError{name + " " + *text + ": write the binding, then the set, for example '" + name +
                                    " 0 1'."};
        *slot = DescriptorSlot{*binding, *set};
    }
    if (given.auto_binding_space.count()) {
        std::optional<std::uint32_t> space = parse_number(raw.auto_binding_space);
        if (!space)
            return CommandLineError{"-auto-binding-space " + raw.auto_binding_space + ": the space must be a number."};
        b.default_space = *space;
    }
    b.auto_shift = raw.auto_shift;
    if (!raw.stage_io_order.empty()) {
        if (raw.stage_io_order != "alpha" && raw.stage_io_order != "decl")
            return CommandLineError{"-fvk-stage-io-order=" + raw.stage_io_order +
                                    " is not an order. Use 'decl' (declaration order, the default) or 'alpha'."};
        b.alpha_stage_io_order = raw.stage_io_order == "alpha";
    }
    if (!b.registers.empty() && (!b.shifts.empty() || b.auto_shift))
        return CommandLineError{"-fvk-bind-register gives every register its slot, so the -fvk-*-shift options and "
                                "-fvk-auto-shift-bindings have nothing to do. Use one way or the other."};
    return std::nullopt;
}

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
    if (given.profile.count()) {
        o.profile = parse_profile(raw.profile);
        if (!o.profile) return CommandLineError{refused_profile(raw.profile)};
    }
    if (raw.all_entries && (given.profile.count() || given.entry.count()))
        return CommandLineError{"--all-entries cannot be combined with -T or -E. Use -T (and -E) for one entry "
                                "point, or --all-entries, or neither, for every [shader(\"...\")] entry point."};
    if (req.mode != Mode::Preprocess && given.entry.count() && !o.profile)
        return CommandLineError{"-E " + raw.entry + " needs -T to give its stage, for example '-T ps_6_0 -E " +
                                raw.entry + "'. Without -T and -E every [shader(\"...\")] entry point is compiled."};
    if (o.profile) o.entry_points.push_back({given.entry.count() ? raw.entry : "main", o.profile->stage});
    if (raw.entries.empty()) return std::nullopt;
    // --entry NAME:STAGE names several entry points by their stage, as the build integrations do
    // (the spec's EntryPoints="VSMain:Vertex;PSMain:Pixel"); -T/-E name one with a profile.
    if (given.profile.count() || given.entry.count() || raw.all_entries)
        return CommandLineError{"--entry cannot be combined with -T, -E or --all-entries. Name the entry points "
                                "with --entry only (--entry VSMain:vertex --entry PSMain:pixel), or use -T and -E "
                                "for one."};
    for (const std::string& e : raw.entries) {
        const auto colon = e.rfind(':');
        std::optional<Stage> stage;
        if (colon != std::string::npos) stage = parse_stage(e.substr(colon + 1));
        if (!stage || !is_identifier(std::string_view(e).substr(0, colon)))
            return CommandLineError{"--entry " + e + " is not NAME:STAGE; write it as '--entry PSMain:pixel' (stages: "
                                    "vertex, pixel, compute)."};
        for (const EntryPointRequest& seen : o.entry_points)
            if (seen.name == e.substr(0, colon))
                return CommandLineError{"--entry names '" + seen.name + "' twice; name each entry point once."};
        o.entry_points.push_back({e.substr(0, colon), *stage});
    }
    return std::nullopt;
}

// Options DXC users pass that only have to name something oneshader already does.
Problem check_versions(const RawOptions& raw, const Given& given) {
    if (given.hlsl_version.count() && raw.hlsl_version != "2021" && raw.hlsl_version != "202x")
        return CommandLineError{"-HV " + raw.hlsl_version +
                                " is not a supported language version. Use -HV 2021 (202x is accepted too)."};
    return std::nullopt;
}

// -fspv-target-env and -fspv-extension.
Problem check_spirv_options(const RawOptions& raw, const Given& given, SpirvOptions& o) {
    if (given.target_env.count()) {
        struct Env {
            std::string_view name;
            SpirvTargetEnv env;
        };
        constexpr std::array kEnvs = {
            Env{"vulkan1.0", SpirvTargetEnv::Vulkan1_0}, Env{"vulkan1.1", SpirvTargetEnv::Vulkan1_1},
            Env{"vulkan1.2", SpirvTargetEnv::Vulkan1_2}, Env{"vulkan1.3", SpirvTargetEnv::Vulkan1_3},
            Env{"universal1.5", SpirvTargetEnv::Universal1_5},
        };
        auto it = std::find_if(kEnvs.begin(), kEnvs.end(), [&](const Env& e) { return e.name == raw.target_env; });
        if (it == kEnvs.end())
            return CommandLineError{"-fspv-target-env=" + raw.target_env +
                                    " is not supported. Use vulkan1.0, vulkan1.1, vulkan1.2, vulkan1.3 or "
                                    "universal1.5."};
        o.target_env = it->env;
    }
    o.extensions = raw.extensions;
    o.entry_point_name = raw.entry_point_name;
    o.invert_y = raw.invert_y;
    o.reflect = raw.spirv_reflect;
    o.preserve_bindings = raw.preserve_bindings;
    o.dx_position_w = raw.dx_position_w;
    o.nonzero_base_vertex = raw.base_vertex;
    o.nonzero_base_instance = raw.base_instance;
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
    // DXC's precedence: D3D's packing over GL's over scalar; D3D's and GL's together are an error.
    if (raw.dx_layout && raw.gl_layout)
        return CommandLineError{"-fvk-use-dx-layout and -fvk-use-gl-layout cannot be given together: pick one "
                                "buffer layout."};
    if (raw.dx_layout)
        o.buffer_layout = BufferLayoutRules::DX;
    else if (raw.gl_layout)
        o.buffer_layout = BufferLayoutRules::GL;
    else if (raw.scalar_layout)
        o.buffer_layout = BufferLayoutRules::Scalar;
    o.warnings_as_errors = raw.warnings_as_errors;
    o.enable_16bit_types = raw.enable_16bit;
    o.keep_names = !raw.no_names;
    o.verify_ir = raw.verify_ir;
    return std::nullopt;
}

// --print-after: a name from the optimizer's pass table or a backend's raise list, and a run
// that gets there.
Problem check_print_after(const RawOptions& raw, const Given& given, Request& req) {
    if (!given.print_after.count()) return std::nullopt;
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
    if (given.output.count()) req.output = raw.output;
    if (given.reflect.count()) req.reflect = raw.reflect;
    if (given.depfile.count()) req.depfile = raw.depfile;
    if (given.disassembly.count()) {
        if (req.mode != Mode::Compile)
            return CommandLineError{"-Fc writes the SPIR-V as text and needs a compile; it cannot be combined with -P, "
                                    "--dump-ir or --syntax-only."};
        req.disassembly = raw.disassembly;
    }
    if (given.preprocess_output.count()) {
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
    const bool other_output = req.header || req.blob_header;
    if (req.depfile && !req.output && !other_output)
        return CommandLineError{std::string("--depfile needs an output file to name in the dependency rule. Add ") +
                                (compiling ? "-Fo <file>." : "-Fi <file> or -Fo <file>.")};
    if (compiling && req.options.targets.size() > 1 && !req.output && !other_output)
        return CommandLineError{std::to_string(req.options.targets.size()) +
                                " targets cannot all go to standard output. Add -Fo <file>; the outputs are "
                                "written beside it."};
    return std::nullopt;
}

// -Fh/-Vn (DXC's blob header) and --header/--namespace/--class-name/--axes/--max-variants (the
// generated C++ header, with variants).
Problem check_headers(const RawOptions& raw, const Given& given, Request& req) {
    const bool compiling = req.mode == Mode::Compile;
    if (given.blob_name.count() && !given.blob_header.count())
        return CommandLineError{"-Vn " + raw.blob_name + " names the array of -Fh; add -Fh <file.h>."};
    if (given.blob_header.count()) {
        if (!compiling)
            return CommandLineError{"-Fh writes the compiled shader as a C header and needs a compile; it cannot be "
                                    "combined with -P, --dump-ir or --syntax-only."};
        if (given.blob_name.count() && !is_identifier(raw.blob_name))
            return CommandLineError{"-Vn " + raw.blob_name + " is not a C identifier, for example '-Vn g_PSMain'."};
        req.blob_header = raw.blob_header;
        // DXC's default name is g_ and the entry point, which is main when -E is not given.
        req.blob_name = given.blob_name.count() ? raw.blob_name
                        : req.options.entry_points.size() == 1 ? "g_" + req.options.entry_points.front().name
                                                                 : std::string("g_main");
    }
    for (const Seen& o : {given.name_space, given.class_name, given.axes, given.max_variants})
        if (o.count() && !given.header.count())
            return CommandLineError{"--" + o.name().substr(2) +
                                    " shapes the generated C++ header; add --header <file.hpp>."};
    if (!given.header.count()) return std::nullopt;
    if (!compiling)
        return CommandLineError{"--header writes a C++ header from a compile; it cannot be combined with -P, "
                                "--dump-ir or --syntax-only."};
    req.header = raw.header;
    if (given.name_space.count()) req.header_options.name_space = raw.name_space == "::" ? "" : raw.name_space;
    if (given.class_name.count()) {
        if (!is_identifier(raw.class_name))
            return CommandLineError{"--class-name " + raw.class_name + " is not a C++ identifier."};
        req.header_options.class_name = raw.class_name;
    }
    if (given.max_variants.count()) {
        std::optional<std::uint32_t> n = parse_number(raw.max_variants);
        if (!n || *n == 0)
            return CommandLineError{"--max-variants " + raw.max_variants +
                                    " is not a limit; give a number of variants, for example '--max-variants 256'."};
        req.max_variants = *n;
    }
    if (given.axes.count()) {
        req.axes = raw.axes;
        if (given.output.count() || given.disassembly.count() || given.blob_header.count() ||
            given.reflect.count())
            return CommandLineError{"--axes compiles one shader per variant, and all of them go into the --header "
                                    "file; -Fo, -Fc, -Fh and --reflect name one output each. Leave them out (the "
                                    "header holds every variant's code and reflection)."};
    }
    return std::nullopt;
}

// -fdiagnostics-format=msvc|clang, --diagnostics-json and the colour and caret switches (the last
// of each pair wins).
Problem check_diagnostic_style(const RawOptions& raw, const Given& given, Request& req) {
    if (given.diagnostics_format.count()) {
        if (raw.diagnostics_format == "msvc") req.diagnostic_format = DiagnosticFormat::Msvc;
        else if (raw.diagnostics_format == "clang") req.diagnostic_format = DiagnosticFormat::Clang;
        else
            return CommandLineError{"-fdiagnostics-format=" + raw.diagnostics_format +
                                    " is not a diagnostics format. Use msvc (file(line,col): error ...) or clang "
                                    "(file:line:col: error: ...)."};
    }
    if (raw.diagnostics_json) req.diagnostic_format = DiagnosticFormat::Json;
    for (const std::string& s : raw.diagnostic_switches) {
        if (s == "color") req.color = true;
        if (s == "no-color") req.color = false;
        if (s == "caret") req.caret = true;
        if (s == "no-caret") req.caret = false;
    }
    return std::nullopt;
}

// Everything the table of names cannot know: values, combinations, and the mapping to CompileOptions.
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
    if (!problem) problem = check_bindings(raw, given, req.options.bindings);
    if (!problem) problem = check_spirv_options(raw, given, req.options.spirv);
    if (!problem) problem = check_diagnostic_style(raw, given, req);
    if (!problem) problem = check_print_after(raw, given, req);
    if (!problem) problem = check_headers(raw, given, req);
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
    Given given{};
    // What each canonical name (normalize_dxc_args's `--name` or `--name=value`) fills: the last
    // value given, every value in order, or a switch. A table of the few dozen names, scanned per
    // argument: a general option parser cost more per process than compiling a small shader.
    // The last value (std::string), every value (std::vector), or a switch (bool).
    using Into = std::variant<std::string*, std::vector<std::string>*, bool*>;
    struct Slot {
        std::string_view name;  // without "--"
        Into into;
        Seen* seen = nullptr;   // counted for the checks that ask whether it was given
    };
    const Slot slots[] = {
        {"T", &raw.profile, &given.profile},
        {"E", &raw.entry, &given.entry},
        {"Fo", &raw.output, &given.output},
        {"Fi", &raw.preprocess_output, &given.preprocess_output},
        {"HV", &raw.hlsl_version, &given.hlsl_version},
        {"fspv-target-env", &raw.target_env, &given.target_env},
        {"fvk-stage-io-order", &raw.stage_io_order},
        {"reflect", &raw.reflect, &given.reflect},
        {"depfile", &raw.depfile, &given.depfile},
        {"print-after", &raw.print_after, &given.print_after},
        {"fvk-bind-globals", &raw.bind_globals, &given.bind_globals},
        {"fvk-bind-resource-heap", &raw.resource_heap, &given.resource_heap},
        {"fvk-bind-sampler-heap", &raw.sampler_heap, &given.sampler_heap},
        {"fvk-bind-counter-heap", &raw.counter_heap, &given.counter_heap},
        {"Fc", &raw.disassembly, &given.disassembly},
        {"fdiagnostics-format", &raw.diagnostics_format, &given.diagnostics_format},
        {"diagnostic-switch", &raw.diagnostic_switches},
        {"diagnostics-json", &raw.diagnostics_json},
        {"auto-binding-space", &raw.auto_binding_space, &given.auto_binding_space},
        {"Fh", &raw.blob_header, &given.blob_header},
        {"Vn", &raw.blob_name, &given.blob_name},
        {"header", &raw.header, &given.header},
        {"namespace", &raw.name_space, &given.name_space},
        {"class-name", &raw.class_name, &given.class_name},
        {"axes", &raw.axes, &given.axes},
        {"max-variants", &raw.max_variants, &given.max_variants},
        {"fvk-shift", &raw.shifts},
        {"fvk-bind-register", &raw.bind_registers},
        {"fspv-extension", &raw.extensions},
        {"fvk-auto-shift-bindings", &raw.auto_shift},
        {"fvk-invert-y", &raw.invert_y},
        {"fspv-reflect", &raw.spirv_reflect},
        {"fspv-preserve-bindings", &raw.preserve_bindings},
        {"fvk-use-dx-position-w", &raw.dx_position_w},
        {"fvk-support-nonzero-base-vertex", &raw.base_vertex},
        {"fvk-support-nonzero-base-instance", &raw.base_instance},
        {"fvk-use-dx-layout", &raw.dx_layout},
        {"fvk-use-gl-layout", &raw.gl_layout},
        {"fvk-use-scalar-layout", &raw.scalar_layout},
        {"fspv-entrypoint-name", &raw.entry_point_name},
        {"O", &raw.optimize},
        {"Zp", &raw.packing},
        {"D", &raw.defines},
        {"I", &raw.include_dirs},
        {"target", &raw.targets},
        {"entry", &raw.entries},
        {"spirv", &raw.spirv},
        {"WX", &raw.warnings_as_errors},
        {"enable-16bit-types", &raw.enable_16bit},
        {"nologo", &raw.nologo},
        {"P", &raw.preprocess},
        {"all-entries", &raw.all_entries},
        {"dump-ir", &raw.dump_ir},
        {"syntax-only", &raw.syntax_only},
        {"no-names", &raw.no_names},
        {"verify-ir", &raw.verify_ir},
        {"Zi", &raw.debug.zi},
        {"Qembed_debug", &raw.debug.embed_debug},
        {"Qstrip_debug", &raw.debug.strip_debug},
        {"Qstrip_reflect", &raw.debug.strip_reflect},
        {"print-locs", &raw.debug.print_locs},
        {"fspv-debug", &raw.debug.categories},
        {"help", &raw.help},
        {"version", &raw.version},
    };
    std::size_t k = 0;
    for (; k < normalized.args.size(); ++k) {
        const std::string& arg = normalized.args[k];
        if (arg == "--") break;
        // The normaliser writes nothing else, so a miss below is a fault in its shaping; still a
        // command-line error for the user, naming what was not understood.
        const std::size_t eq = arg.find('=');
        const std::string_view name = std::string_view(arg).substr(0, eq).substr(arg.starts_with("--") ? 2 : 0);
        const Slot* slot = nullptr;
        for (const Slot& s : slots)
            if (s.name == name && arg.starts_with("--")) slot = &s;
        if (!slot) return CommandLineError{"the argument '" + arg + "' was not understood."};
        const bool is_switch = std::holds_alternative<bool*>(slot->into);
        if (is_switch != (eq == std::string::npos))
            return CommandLineError{"option '--" + std::string(name) + (is_switch ? "' takes no value." : "' needs a value.")};
        const std::string_view value = is_switch ? std::string_view() : std::string_view(arg).substr(eq + 1);
        if (auto* text = std::get_if<std::string*>(&slot->into)) (*text)->assign(value);
        else if (auto* list = std::get_if<std::vector<std::string>*>(&slot->into)) (*list)->emplace_back(value);
        else *std::get<bool*>(slot->into) = true;
        if (slot->seen) {
            ++slot->seen->times;
            slot->seen->option = std::string_view(arg).substr(0, eq);
        }
    }
    for (++k; k < normalized.args.size(); ++k) raw.inputs.push_back(normalized.args[k]);
    return check(raw, given);
}

// Several refusals come as one message of several lines: each gets the prefix, the last the hint.
std::string format_command_line_error(const CommandLineError& error) {
    std::string out;
    std::string_view rest = error.message;
    for (;;) {
        auto nl = rest.find('\n');
        out += "oneshader: error: " + std::string(rest.substr(0, nl));
        if (nl == std::string_view::npos) break;
        out += '\n';
        rest.remove_prefix(nl + 1);
    }
    return out + " Run 'oneshader --help' for the options.";
}

}  // namespace oneshader::cli
