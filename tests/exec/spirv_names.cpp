// spirv_names.cpp - reads OpEntryPoint, OpName, OpDecorate DescriptorSet/Binding, OpVariable and OpTypePointer.
#include "spirv_names.hpp"

#include <map>
#include <optional>
#include <stdexcept>

namespace oneshader::exec {

namespace {

constexpr std::uint32_t magic = 0x07230203u;
constexpr std::uint32_t op_name = 5, op_entry_point = 15, op_type_pointer = 32, op_variable = 59, op_decorate = 71;
constexpr std::uint32_t decoration_binding = 33, decoration_descriptor_set = 34;
constexpr std::uint32_t storage_push_constant = 9;

std::string literal_string(const std::vector<std::uint32_t>& words, std::size_t begin, std::size_t end)
{
    std::string text;
    for (std::size_t i = begin; i < end; ++i)
        for (int byte = 0; byte < 4; ++byte)
        {
            const char c = static_cast<char>((words[i] >> (8 * byte)) & 0xffu);
            if (c == '\0')
                return text;
            text.push_back(c);
        }
    return text;
}

}  // namespace

SpirvInfo reflect_spirv(const std::vector<std::uint32_t>& words)
{
    if (words.size() < 5 || words[0] != magic)
        throw std::runtime_error("not a SPIR-V module");
    SpirvInfo info;
    std::map<std::uint32_t, std::string> names;
    std::map<std::uint32_t, std::optional<std::uint32_t>> sets, bindings;
    std::map<std::uint32_t, std::size_t> binding_words;  // variable -> index of its Binding number
    std::map<std::uint32_t, std::uint32_t> pointee;          // pointer type -> pointee type
    std::map<std::uint32_t, std::uint32_t> variable_type;    // variable -> pointer type
    for (std::size_t at = 5; at < words.size();)
    {
        const std::uint32_t opcode = words[at] & 0xffffu;
        const std::size_t count = words[at] >> 16;
        if (count == 0 || at + count > words.size())
            throw std::runtime_error("malformed SPIR-V instruction stream");
        const std::size_t end = at + count;
        if (opcode == op_name && count >= 3)
            names[words[at + 1]] = literal_string(words, at + 2, end);
        else if (opcode == op_entry_point && count >= 4)
            info.entry_points.push_back(literal_string(words, at + 3, end));
        else if (opcode == op_decorate && count >= 4 && words[at + 2] == decoration_binding)
        {
            bindings[words[at + 1]] = words[at + 3];
            binding_words[words[at + 1]] = at + 3;
        }
        else if (opcode == op_decorate && count >= 4 && words[at + 2] == decoration_descriptor_set)
            sets[words[at + 1]] = words[at + 3];
        else if (opcode == op_type_pointer && count >= 4)
            pointee[words[at + 1]] = words[at + 3];
        else if (opcode == op_variable && count >= 4)
        {
            variable_type[words[at + 2]] = words[at + 1];
            if (words[at + 3] == storage_push_constant)
                info.uses_push_constants = true;
        }
        at = end;
    }
    for (const auto& [id, binding] : bindings)
    {
        if (!variable_type.count(id))
            continue;
        SpirvBinding b;
        b.variable_name = names.count(id) ? names[id] : std::string();
        const std::uint32_t type = pointee[variable_type[id]];
        b.type_name = names.count(type) ? names[type] : std::string();
        b.binding = binding.value_or(0);
        b.binding_word = binding_words.count(id) ? binding_words[id] : 0;
        b.set = sets.count(id) ? sets[id].value_or(0) : 0;
        info.bindings.push_back(b);
    }
    return info;
}

}  // namespace oneshader::exec
