#pragma once
// DXC's debug options (-Zi, -Qembed_debug, -fspv-debug=<category>, -Qstrip_debug, -Qstrip_reflect)
// and --print-locs, mapped to CompileOptions with DXC's meanings (docs/command-line.md).
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"

namespace oneshader::cli {

struct DebugFlags {
    bool zi = false;             // -Zi
    bool embed_debug = false;    // -Qembed_debug
    bool strip_debug = false;    // -Qstrip_debug
    bool strip_reflect = false;  // -Qstrip_reflect
    bool print_locs = false;     // --print-locs
    std::vector<std::string> categories;  // each -fspv-debug=<category>, in order
};

// Sets o.spirv_debug and o.print_locations; the message of a refused combination otherwise.
std::optional<std::string> apply_debug_flags(const DebugFlags& flags, Mode mode, CompileOptions& o);

}  // namespace oneshader::cli
