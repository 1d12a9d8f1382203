#pragma once
// DXC spells its options with one dash and lets values follow directly (`-Tps_6_0`, `-Fofile`).
// The normaliser rewrites a DXC-style command line into one canonical form that parse_command_line
// reads without guessing: every option becomes `--name` or `--name=value`, then `--`, then the
// input files. Options oneshader does not support are refused here, by the name the user typed.
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace oneshader::cli {

struct NormalizedArgs {
    std::vector<std::string> args;     // without the program name
    std::optional<std::string> error;  // set when the command line is refused; args is then incomplete
};

NormalizedArgs normalize_dxc_args(std::span<const std::string> argv);

}  // namespace oneshader::cli
