#include "dxc_args.hpp"

#include <array>
#include <string_view>

#include "unsupported_options.hpp"

namespace oneshader::cli {

namespace {

struct FlagSpelling {
    std::string_view typed;      // after the single dash
    std::string_view canonical;  // the canonical form
};

// -O0/-Od/-O1..-O3 and -Zpr/-Zpc each become one valued option so that "the last one wins" holds
// across spellings, as in DXC.
constexpr std::array kDxcFlags = {
    FlagSpelling{"spirv", "--spirv"},
    FlagSpelling{"O0", "--O=0"},
    FlagSpelling{"Od", "--O=d"},
    FlagSpelling{"O1", "--O=1"},
    FlagSpelling{"O2", "--O=2"},
    FlagSpelling{"O3", "--O=3"},
    FlagSpelling{"Zpr", "--Zp=r"},
    FlagSpelling{"Zpc", "--Zp=c"},
    FlagSpelling{"WX", "--WX"},
    FlagSpelling{"enable-16bit-types", "--enable-16bit-types"},
    FlagSpelling{"nologo", "--nologo"},
    FlagSpelling{"P", "--P"},
    FlagSpelling{"help", "--help"},
    FlagSpelling{"?", "--help"},
    FlagSpelling{"fvk-auto-shift-bindings", "--fvk-auto-shift-bindings"},
    FlagSpelling{"fvk-invert-y", "--fvk-invert-y"},
    FlagSpelling{"fspv-reflect", "--fspv-reflect"},
    FlagSpelling{"fspv-preserve-bindings", "--fspv-preserve-bindings"},
    FlagSpelling{"fvk-use-dx-position-w", "--fvk-use-dx-position-w"},
    FlagSpelling{"fvk-support-nonzero-base-vertex", "--fvk-support-nonzero-base-vertex"},
    FlagSpelling{"fvk-support-nonzero-base-instance", "--fvk-support-nonzero-base-instance"},
    FlagSpelling{"fvk-use-dx-layout", "--fvk-use-dx-layout"},
    FlagSpelling{"fvk-use-gl-layout", "--fvk-use-gl-layout"},
    FlagSpelling{"fvk-use-scalar-layout", "--fvk-use-scalar-layout"},
    FlagSpelling{"fcolor-diagnostics", "--diagnostic-switch=color"},
    FlagSpelling{"fno-color-diagnostics", "--diagnostic-switch=no-color"},
    FlagSpelling{"fdiagnostics-color", "--diagnostic-switch=color"},
    FlagSpelling{"fcaret-diagnostics", "--diagnostic-switch=caret"},
    FlagSpelling{"fno-caret-diagnostics", "--diagnostic-switch=no-caret"},
    FlagSpelling{"Zi", "--Zi"},
    FlagSpelling{"Qembed_debug", "--Qembed_debug"},
    FlagSpelling{"Qstrip_debug", "--Qstrip_debug"},
    FlagSpelling{"Qstrip_reflect", "--Qstrip_reflect"},
};

// DXC options that change nothing in SPIR-V (DXC ignores them there too, or they tune DXIL
// validation, strictness modes or diagnostics oneshader does not have): accepted so that build
// scripts run unchanged. docs/command-line.md lists each.
constexpr std::array kIgnoredFlags = {
    std::string_view{"Ges"}, std::string_view{"Gis"}, std::string_view{"Gec"}, std::string_view{"Gfa"},
    std::string_view{"Gfp"}, std::string_view{"Qunused-arguments"}, std::string_view{"all-resources-bound"},
    std::string_view{"Vd"}, std::string_view{"Zss"}, std::string_view{"Zsb"}, std::string_view{"res-may-alias"},
    std::string_view{"res_may_alias"}, std::string_view{"all_resources_bound"},
    std::string_view{"fdiagnostics-show-option"}, std::string_view{"fno-diagnostics-show-option"},
    std::string_view{"fspv-preserve-interface"},
};

struct ValueSpelling {
    std::string_view name;     // after the single dash; also the canonical name after "--"
    std::string_view example;  // shown when the value is missing
};

// Two-letter names first: a joined value is matched by prefix. -Fd names DXC's PDB file, which a
// SPIR-V compile does not write: its value is read and dropped.
constexpr std::array kDxcValues = {
    ValueSpelling{"Fo", "-Fo shader.spv"}, ValueSpelling{"Fi", "-Fi shader.i"}, ValueSpelling{"HV", "-HV 2021"},
    ValueSpelling{"Fd", "-Fd shader.pdb"}, ValueSpelling{"Fc", "-Fc shader.spvasm"},
    ValueSpelling{"Fh", "-Fh shader.h"},   ValueSpelling{"Vn", "-Vn g_shader"}, ValueSpelling{"T", "-T ps_6_0"},       ValueSpelling{"E", "-E main"},
    ValueSpelling{"D", "-D NAME=1"},       ValueSpelling{"I", "-I include"},
};
constexpr std::string_view kIgnoredValue = "Fd";

// DXC options followed by several separate values (`-fvk-t-shift 100 0`); the canonical form
// joins them with spaces after a class prefix, for the checker to read.
struct MultiValueSpelling {
    std::string_view name;       // after the single dash
    std::string_view canonical;  // the canonical name after "--"
    std::string_view prefix;     // put before the values
    std::size_t count;
    std::string_view example;
};

constexpr std::array kMultiValues = {
    MultiValueSpelling{"fvk-b-shift", "fvk-shift", "b ", 2, "-fvk-b-shift 100 0"},
    MultiValueSpelling{"fvk-t-shift", "fvk-shift", "t ", 2, "-fvk-t-shift 100 0"},
    MultiValueSpelling{"fvk-u-shift", "fvk-shift", "u ", 2, "-fvk-u-shift 100 all"},
    MultiValueSpelling{"fvk-s-shift", "fvk-shift", "s ", 2, "-fvk-s-shift 100 0"},
    MultiValueSpelling{"fvk-bind-register", "fvk-bind-register", "", 4, "-fvk-bind-register t5 0 1 2"},
    MultiValueSpelling{"vkbr", "fvk-bind-register", "", 4, "-vkbr t5 0 1 2"},
    MultiValueSpelling{"fvk-bind-globals", "fvk-bind-globals", "", 2, "-fvk-bind-globals 0 1"},
    MultiValueSpelling{"fvk-bind-resource-heap", "fvk-bind-resource-heap", "", 2, "-fvk-bind-resource-heap 0 1"},
    MultiValueSpelling{"fvk-bind-sampler-heap", "fvk-bind-sampler-heap", "", 2, "-fvk-bind-sampler-heap 1 1"},
    MultiValueSpelling{"fvk-bind-counter-heap", "fvk-bind-counter-heap", "", 2, "-fvk-bind-counter-heap 2 1"},
    MultiValueSpelling{"auto-binding-space", "auto-binding-space", "", 1, "-auto-binding-space 1"},
};

constexpr std::array kLongFlags = {
    std::string_view{"all-entries"}, std::string_view{"no-names"}, std::string_view{"help"},
    std::string_view{"version"}, std::string_view{"dump-ir"}, std::string_view{"syntax-only"},
    std::string_view{"verify-ir"}, std::string_view{"diagnostics-json"}, std::string_view{"print-locs"},
};

constexpr std::array kLongValues = {
    ValueSpelling{"target", "--target msl"},
    ValueSpelling{"reflect", "--reflect shader.json"},
    ValueSpelling{"depfile", "--depfile shader.d"},
    ValueSpelling{"print-after", "--print-after=mem2reg"},
    ValueSpelling{"header", "--header shader.hpp"},
    ValueSpelling{"namespace", "--namespace game::shaders"},
    ValueSpelling{"class-name", "--class-name Sprite"},
    ValueSpelling{"axes", "--axes \"ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR\""},
    ValueSpelling{"max-variants", "--max-variants 256"},
    ValueSpelling{"entry", "--entry PSMain:pixel"},
};

// DXC options whose value follows an '=' (`-fspv-target-env=vulkan1.1`).
constexpr std::array kEqualsValues = {
    ValueSpelling{"fspv-target-env", "-fspv-target-env=vulkan1.2"},
    ValueSpelling{"fspv-extension", "-fspv-extension=SPV_KHR_ray_query"},
    ValueSpelling{"fspv-entrypoint-name", "-fspv-entrypoint-name=main"},
    ValueSpelling{"fdiagnostics-format", "-fdiagnostics-format=clang"},
    ValueSpelling{"fspv-debug", "-fspv-debug=vulkan-with-source"},
    ValueSpelling{"fvk-stage-io-order", "-fvk-stage-io-order=alpha"},
};

std::string needs_value(std::string_view shown, std::string_view example) {
    return "option '" + std::string(shown) + "' needs a value, for example '" + std::string(example) + "'.";
}

// DXC reads `/T ps_6_0` as `-T ps_6_0`. An argument with a second '/' (an absolute path such as
// /src/a.hlsl) stays a file name, as does one that names no DXC option.
bool slash_option_name(std::string_view name) {
    if (name.empty() || name.find('/') != std::string_view::npos) return false;
    for (const FlagSpelling& f : kDxcFlags)
        if (name == f.typed) return true;
    for (std::string_view f : kIgnoredFlags)
        if (name == f) return true;
    for (const ValueSpelling& v : kDxcValues)
        if (name.starts_with(v.name)) return true;
    return false;
}

class Normalizer {
public:
    explicit Normalizer(std::span<const std::string> argv) : argv_(argv) {}

    NormalizedArgs run() {
        for (i_ = 0; i_ < argv_.size(); ++i_) {
            const std::string& arg = argv_[i_];
            if (arg == "--") {
                for (++i_; i_ < argv_.size(); ++i_) inputs_.push_back(argv_[i_]);
                break;
            }
            if (arg.starts_with("--")) long_option(arg);
            else if (arg.size() > 1 && arg[0] == '-') dxc_option(arg);
            else if (arg.size() > 1 && arg[0] == '/' && slash_option_name(std::string_view(arg).substr(1)))
                dxc_option("-" + arg.substr(1));
            else inputs_.push_back(arg);
        }
        // Every refusal at once, so that one run shows all a build script has to change.
        if (!errors_.empty()) {
            std::string joined;
            for (const std::string& e : errors_) joined += (joined.empty() ? "" : "\n") + e;
            out_.error = std::move(joined);
            return std::move(out_);
        }
        out_.args.emplace_back("--");
        for (std::string& in : inputs_) out_.args.push_back(std::move(in));
        return std::move(out_);
    }

private:
    // The value of an option given as a separate argument; empty values count as missing.
    std::optional<std::string> next_value() {
        if (i_ + 1 >= argv_.size() || argv_[i_ + 1].empty()) return std::nullopt;
        return argv_[++i_];
    }

    void emit(std::string_view name, std::string_view value) {
        out_.args.push_back("--" + std::string(name) + "=" + std::string(value));
    }

    void long_option(const std::string& arg) {
        std::string_view body = std::string_view(arg).substr(2);
        std::string_view name = body.substr(0, body.find('='));
        for (std::string_view flag : kLongFlags) {
            if (body == flag) {
                out_.args.push_back(arg);
                return;
            }
        }
        for (const ValueSpelling& v : kLongValues) {
            if (name != v.name) continue;
            std::optional<std::string> value;
            if (name.size() < body.size()) {
                std::string_view joined = body.substr(name.size() + 1);
                if (!joined.empty()) value = std::string(joined);
            } else {
                value = next_value();
            }
            if (!value) errors_.push_back(needs_value("--" + std::string(v.name), v.example));
            else emit(v.name, *value);
            return;
        }
        errors_.push_back("unknown option '" + std::string(arg) + "'.");
    }

    // `-fvk-t-shift 100 0`: the values are the next arguments, none of them empty.
    void multi_value(const MultiValueSpelling& m) {
        std::string joined(m.prefix);
        for (std::size_t k = 0; k < m.count; ++k) {
            std::optional<std::string> value = next_value();
            if (!value) {
                errors_.push_back("option '-" + std::string(m.name) + "' needs " + std::to_string(m.count) +
                                  (m.count == 1 ? " value" : " values") + ", for example '" + std::string(m.example) +
                                  "'.");
                return;
            }
            joined += (k ? " " : "") + *value;
        }
        emit(m.canonical, joined);
    }

    void dxc_option(const std::string& arg) {
        std::string_view name = std::string_view(arg).substr(1);
        for (const FlagSpelling& f : kDxcFlags) {
            if (name == f.typed) {
                out_.args.emplace_back(f.canonical);
                return;
            }
        }
        for (std::string_view f : kIgnoredFlags)
            if (name == f) return;
        // -W<anything> but -WX: warning switches; oneshader's warnings are on and not selectable.
        if (name.size() > 1 && name[0] == 'W') return;
        for (const MultiValueSpelling& m : kMultiValues) {
            if (name == m.name) {
                multi_value(m);
                return;
            }
        }
        for (const ValueSpelling& v : kDxcValues) {
            if (!name.starts_with(v.name)) continue;
            std::optional<std::string> value;
            if (name.size() > v.name.size()) value = std::string(name.substr(v.name.size()));
            else value = next_value();
            if (!value) errors_.push_back(needs_value("-" + std::string(v.name), v.example));
            else if (v.name != kIgnoredValue) emit(v.name, *value);
            return;
        }
        for (const ValueSpelling& v : kEqualsValues) {
            if (!name.starts_with(v.name)) continue;
            std::string_view rest = name.substr(v.name.size());
            if (rest.size() > 1 && rest[0] == '=') {
                emit(v.name, rest.substr(1));
                return;
            }
            if (rest.empty() || rest == "=") {
                errors_.push_back(needs_value("-" + std::string(v.name), v.example));
                return;
            }
        }
        if (std::optional<std::string> refusal = refuse_dxc_option(arg)) {
            errors_.push_back(std::move(*refusal));
            skip_values(name);
            return;
        }
        errors_.push_back("unknown option '" + arg + "'.");
    }

    // A refused DXC option's separate values are not input files: skip as many as DXC reads.
    void skip_values(std::string_view name) {
        std::size_t n = refused_value_count(name);
        for (std::size_t k = 0; k < n && i_ + 1 < argv_.size(); ++k) ++i_;
    }

    std::span<const std::string> argv_;
    std::size_t i_ = 0;
    NormalizedArgs out_;
    std::vector<std::string> errors_;
    std::vector<std::string> inputs_;
};

}  // namespace

NormalizedArgs normalize_dxc_args(std::span<const std::string> argv) { return Normalizer(argv).run(); }

}  // namespace oneshader::cli
