// spirv_names.hpp - the minimal SPIR-V reflection the runner needs: entry point names, and the descriptor set and
// binding of each resource variable together with its name (or, for a nameless cbuffer variable, its block's name).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace oneshader::exec {

struct SpirvBinding
{
    std::string variable_name;  // OpName of the variable ("" when it has none)
    std::string type_name;      // OpName of the pointee type (a cbuffer's block name, a structured buffer's type)
    std::uint32_t set = 0, binding = 0;
    std::size_t binding_word = 0;  // index of the Binding decoration's number in the module's words (0: none)
};

struct SpirvInfo
{
    std::vector<std::string> entry_points;
    std::vector<SpirvBinding> bindings;
    bool uses_push_constants = false;
};

// Throws std::runtime_error when the words are not a SPIR-V module.
SpirvInfo reflect_spirv(const std::vector<std::uint32_t>& words);

}  // namespace oneshader::exec
