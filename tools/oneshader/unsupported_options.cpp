#include "unsupported_options.hpp"

#include <algorithm>
#include <array>

namespace oneshader::cli {

namespace {

enum class Reason { Debug, VulkanOption, SpirvOption, Depfile, Reflection, Other };

struct Refused {
    std::string_view name;  // without the leading dash
    Reason reason;
};

// Options that are a whole argument: `-Vd`, `-Qstrip_debug`.
constexpr std::array kFlags = {
    Refused{"Zs", Reason::Debug},           Refused{"Qsource_in_debug_module", Reason::Debug},
    Refused{"M", Reason::Depfile},          Refused{"MD", Reason::Depfile},
    Refused{"H", Reason::Other},            Refused{"Vi", Reason::Other},
    Refused{"Odump", Reason::Other},        Refused{"ast-dump", Reason::Other},
    Refused{"fcgl", Reason::Other},         Refused{"flegacy-macro-expansion", Reason::Other},
    Refused{"flegacy-resource-reservation", Reason::Other}, Refused{"no-legacy-cbuf-layout", Reason::Other},
    Refused{"not_use_legacy_cbuf_load", Reason::Other}, Refused{"pack-prefix-stable", Reason::Other},
    Refused{"pack_prefix_stable", Reason::Other}, Refused{"pack-optimized", Reason::Other},
    Refused{"pack_optimized", Reason::Other}, Refused{"no-warnings", Reason::Other},
    Refused{"ignore-line-directives", Reason::Other}, Refused{"export-shaders-only", Reason::Other},
    Refused{"recompile", Reason::Other},    Refused{"Cc", Reason::Other},
    Refused{"Ni", Reason::Other},           Refused{"No", Reason::Other},
    Refused{"Lx", Reason::Other},           Refused{"dumpbin", Reason::Other},
    Refused{"Qstrip_priv", Reason::Other},
    Refused{"Qstrip_rootsignature", Reason::Other}, Refused{"extractrootsignature", Reason::Other},
    Refused{"preserve-intermediate-values", Reason::Other}, Refused{"print-after-all", Reason::Other},
    Refused{"skip-serialization", Reason::Other}, Refused{"ftime-report", Reason::Other},
};

// Options whose value may be joined to the name (`-Fhout.h`), and option families (`-Wno-x`,
// `-fvk-*`); the first prefix that matches wins, so longer names come before their prefixes.
constexpr std::array kPrefixes = {
    Refused{"Fre", Reason::Reflection},
    Refused{"MF", Reason::Depfile},
    Refused{"fvk-", Reason::VulkanOption},
    Refused{"fspv-", Reason::SpirvOption},  Refused{"Oconfig", Reason::SpirvOption},
    Refused{"Fe", Reason::Other},           Refused{"Frs", Reason::Other},
    Refused{"Fsh", Reason::Other},
    Refused{"denorm", Reason::Other},       Refused{"setrootsignature", Reason::Other},
    Refused{"verifyrootsignature", Reason::Other}, Refused{"force-rootsig-ver", Reason::Other},
    Refused{"force_rootsig_ver", Reason::Other}, Refused{"rootsig-define", Reason::Other},
    Refused{"exports", Reason::Other},      Refused{"default-linkage", Reason::Other},
    Refused{"encoding", Reason::Other},     Refused{"validator-version", Reason::Other},
    Refused{"external-fn", Reason::Other},  Refused{"external", Reason::Other},
    Refused{"opt-disable", Reason::Other},  Refused{"opt-enable", Reason::Other},
    Refused{"opt-select", Reason::Other},   Refused{"memdep-block-scan-limit", Reason::Other},
    Refused{"precise-output", Reason::Other}, Refused{"fdiagnostics-", Reason::Other},
    Refused{"ferror-limit", Reason::Other}, Refused{"fconstexpr-", Reason::Other},
    Refused{"ftime-trace", Reason::Other},
};

// Refused options DXC reads a separate value for when none is joined (`-Fh out.h`): the value is
// skipped so that it is not taken for an input file.
constexpr std::array kValued = {
    std::string_view{"Fe"}, std::string_view{"Frs"},
    std::string_view{"Fre"}, std::string_view{"Fsh"}, std::string_view{"MF"},
    std::string_view{"setrootsignature"}, std::string_view{"exports"}, std::string_view{"validator-version"},
    std::string_view{"encoding"}, std::string_view{"external"}, std::string_view{"external-fn"},
    std::string_view{"force-rootsig-ver"}, std::string_view{"force_rootsig_ver"}, std::string_view{"rootsig-define"},
    std::string_view{"opt-disable"}, std::string_view{"opt-enable"}, std::string_view{"opt-select"},
    std::string_view{"memdep-block-scan-limit"}, std::string_view{"denorm"}, std::string_view{"default-linkage"},
};

// Families name the option as typed, up to a `=`; a joined value is not part of the name.
bool is_family(std::string_view prefix) {
    return prefix.back() == '-' || prefix == "Oconfig";
}

std::string message(std::string_view shown, Reason reason) {
    std::string quoted = "option '" + std::string(shown) + "'";
    switch (reason) {
        case Reason::Debug:
            return quoted + " is not supported: there is no separate debug file; -Zi (or -fspv-debug=...) puts "
                            "the debug information inside the SPIR-V module. Remove it.";
        case Reason::VulkanOption:
            return quoted + " is not supported. Of the -fvk-* options oneshader takes the register shifts and "
                            "bindings (-fvk-b/t/u/s-shift, -fvk-bind-register, -fvk-bind-globals, -fvk-bind-resource-heap, "
                            "-fvk-bind-sampler-heap, -fvk-bind-counter-heap, "
                            "-fvk-auto-shift-bindings), -fvk-invert-y, -fvk-use-dx-position-w, -fvk-stage-io-order=, "
                            "-fvk-support-nonzero-base-vertex/-instance and the layout flags -fvk-use-dx-layout, "
                            "-fvk-use-gl-layout and -fvk-use-scalar-layout; remove it, or express it in the shader "
                            "([[vk::location]], [[vk::offset]]).";
        case Reason::SpirvOption:
            return quoted + " is not supported. oneshader writes SPIR-V with DXC's default rules; of the -fspv-* "
                            "options it takes -fspv-target-env=, -fspv-extension=, -fspv-entrypoint-name=, -fspv-reflect, "
                            "-fspv-preserve-bindings and -fspv-preserve-interface.";
        case Reason::Depfile:
            return quoted + " is not supported. Use --depfile <file> to write a Make-style dependency file.";
        case Reason::Reflection:
            return quoted + " is not supported. Use --reflect <file.json> to write reflection as JSON.";
        case Reason::Other:
            break;
    }
    return quoted + " is a DXC option oneshader does not support. Remove it.";
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::size_t refused_value_count(std::string_view name) {
    return std::find(kValued.begin(), kValued.end(), name) != kValued.end() ? 1 : 0;
}

std::optional<std::string> refuse_dxc_option(std::string_view arg) {
    if (arg.size() < 2 || arg[0] != '-') return std::nullopt;
    std::string_view name = arg.substr(1);
    for (const Refused& r : kFlags)
        if (name == r.name) return message(arg, r.reason);
    for (const Refused& r : kPrefixes) {
        if (!name.starts_with(r.name)) continue;
        std::string_view shown = is_family(r.name) ? arg.substr(0, arg.find('=')) : arg.substr(0, 1 + r.name.size());
        return message(shown, r.reason);
    }
    // -O4 and the like look like an optimisation level DXC does not have either.
    if (name.size() > 1 && name[0] == 'O' && all_digits(name.substr(1)))
        return "option '" + std::string(arg) +
               "' is not an optimization level. Use -O0 or -Od to turn the optimizer off, -O1, -O2 or -O3 to "
               "keep it on.";
    return std::nullopt;
}

}  // namespace oneshader::cli
