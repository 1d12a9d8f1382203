#include "debug_options.hpp"

namespace oneshader::cli {

std::optional<std::string> apply_debug_flags(const DebugFlags& flags, Mode mode, CompileOptions& o) {
    if (flags.print_locs) {
        if (mode != Mode::DumpIr)
            return std::string("--print-locs shows source locations in the IR that --dump-ir prints; add --dump-ir.");
        o.print_locations = true;
    }
    SpirvDebugInfo& d = o.spirv_debug;
    // As in DXC: each category brings the ones it builds on (line needs the file and its text),
    // and -Zi alone means all of the core ones.
    for (const std::string& c : flags.categories) {
        if (c == "file") {
            d.file = true;
        } else if (c == "source") {
            d.file = d.source = true;
        } else if (c == "line") {
            d.file = d.source = d.line = true;
        } else if (c == "tool") {
            d.tool = true;
        } else if (c == "vulkan") {
            d.vulkan = true;
        } else if (c == "vulkan-with-source") {
            d.vulkan = d.source = true;
        } else if (c == "rich" || c == "rich-with-source") {
            return "-fspv-debug=" + c +
                   " asks for OpenCL.DebugInfo.100, which Vulkan drivers and RenderDoc no longer read. Use "
                   "-fspv-debug=vulkan-with-source for NonSemantic.Shader.DebugInfo.100.";
        } else {
            return "-fspv-debug=" + c +
                   " is not a debug category. Use file, source, line, tool, vulkan or vulkan-with-source.";
        }
    }
    if (flags.zi && flags.categories.empty()) d.file = d.source = d.line = d.tool = true;
    // NonSemantic debug information replaces the core instructions rather than repeating them.
    if (d.vulkan) d.file = d.line = d.tool = false;
    // -Qstrip_debug: the output carries none, whatever asked for it. -Qembed_debug and
    // -Qstrip_reflect change nothing: SPIR-V debug information is always inside the module, and
    // the module holds no reflection data to strip (reflection is written with --reflect).
    if (flags.strip_debug) d = SpirvDebugInfo{};
    return std::nullopt;
}

}  // namespace oneshader::cli
