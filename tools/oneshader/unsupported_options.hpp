#pragma once
// The DXC options oneshader knows and refuses, each with the reason users need to fix their
// command line. Kept apart from the normaliser so the list can grow without touching parsing.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace oneshader::cli {

// The refusal for `arg` (the whole argument as typed, such as "-Fhout.h" or "-fvk-b-shift"), or
// nullopt when `arg` is no DXC option oneshader knows of.
std::optional<std::string> refuse_dxc_option(std::string_view arg);

// How many separate values a refused option (`name`, without the dash) takes: 1 for `Fh` in
// `-Fh out.h`, else 0.
std::size_t refused_value_count(std::string_view name);

}  // namespace oneshader::cli
