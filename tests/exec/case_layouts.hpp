// case_layouts.hpp - the layouts the Vulkan runner creates, made by oneshader::layouts: the case's shader goes
// through the library's front end for its reflection (the same HLSL every compiler of the case reads), each entry of
// the case becomes an EntryLayout, and the runner turns them into descriptor set layouts, the pipeline layout,
// push-constant ranges, vertex input and specialization info (vulkan_runner.cpp). A wrong stage flag, descriptor
// type or format there fails the case through the validation layer or the outputs.
#pragma once

#include "case_file.hpp"
#include "oneshader/layouts.hpp"

#include <string>
#include <vector>

namespace oneshader::exec {

struct CaseLayouts
{
    std::vector<layouts::EntryLayout> entries;  // one per entry of the case, in its order

    const layouts::EntryLayout& entry(const std::string& name) const;
};

// Throws std::runtime_error with the compiler's diagnostics or the layout error.
CaseLayouts make_case_layouts(const Case& c);

// The reflection's vertex format of a case format; throws for one oneshader::layouts does not have.
VertexFormat vertex_format(const Format& f);

// The vertex input of a draw's vertex entry for the case's vertex buffers: the entry's vertex layout with each
// buffer's stride, formats and offsets as overrides (checked by the layout's rules). Throws on a broken rule.
struct VertexInput
{
    std::vector<layouts::vulkan::VertexInputBindingInfo> bindings;
    std::vector<layouts::vulkan::VertexInputAttributeInfo> attributes;
};
VertexInput vertex_input(const Case& c, const layouts::EntryLayout& vertex_entry);

// The case's `specialize` values for one entry (those it reads; defaults for the rest). Throws on a value of the
// wrong type.
layouts::SpecializationValues specialization_values(const Case& c, const layouts::EntryLayout& entry);
// The same as VkSpecializationInfo contents.
layouts::vulkan::SpecializationInfo specialization(const Case& c, const layouts::EntryLayout& entry);

// Throws when a `specialize` line names a constant no entry of the case reads.
void check_specializations(const Case& c, const CaseLayouts& layouts);

}  // namespace oneshader::exec
