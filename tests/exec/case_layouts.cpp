// case_layouts.cpp - see case_layouts.hpp.
#include "case_layouts.hpp"

#include "oneshader/oneshader.hpp"

#include <cmath>
#include <filesystem>
#include <stdexcept>

namespace oneshader::exec {

namespace {

oneshader::Stage api_stage(exec::Stage s)
{
    return s == exec::Stage::compute  ? oneshader::Stage::Compute
           : s == exec::Stage::vertex ? oneshader::Stage::Vertex
                                      : oneshader::Stage::Pixel;
}

// The reflection's vertex format of a case format, through the Vulkan format both name.
VertexFormat vertex_format(const Format& f)
{
    for (unsigned i = 1; i <= static_cast<unsigned>(VertexFormat::Unorm10_10_10_2); ++i)
    {
        const auto v = static_cast<VertexFormat>(i);
        if (static_cast<int>(layouts::vulkan::format(v)) == f.vk_format)
            return v;
    }
    throw std::runtime_error("the vertex format '" + f.name + "' is none of the vertex formats of oneshader::layouts");
}

}  // namespace

const layouts::EntryLayout& CaseLayouts::entry(const std::string& name) const
{
    for (const auto& e : entries)
        if (e.entry_point == name)
            return e;
    throw std::runtime_error("no layout for entry '" + name + "'");
}

CaseLayouts make_case_layouts(const Case& c)
{
    // The case file sits in corpus/cases/, and its shader path is relative to corpus/.
    const auto shader = std::filesystem::path(c.path).parent_path().parent_path() / c.shader;
    CompileOptions options;
    options.syntax_only = true;
    options.targets = {Target::SpirV};
    for (const std::string& d : c.defines)
    {
        const auto eq = d.find('=');
        if (eq == std::string::npos)
            options.defines.push_back({d, std::nullopt});
        else
            options.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
    }
    for (const Entry& e : c.entries)
        options.entry_points.push_back({e.name, api_stage(e.stage)});
    const oneshader::CompileResult result = compile_file(shader.string(), options);
    if (!result.ok() || !result.reflection)
    {
        std::string text;
        for (const Diagnostic& d : result.diagnostics)
            text += "\n  " + d.to_string();
        throw std::runtime_error("the layouts need the reflection of " + shader.string() + ", which does not compile:" + text);
    }
    CaseLayouts out;
    for (const Entry& e : c.entries)
    {
        auto layout = layouts::EntryLayout::create(*result.reflection, e.name);
        if (!layout)
            throw std::runtime_error(layout.error().message);
        out.entries.push_back(std::move(layout).value());
    }
    return out;
}

VertexInput vertex_input(const Case& c, const layouts::EntryLayout& vertex_entry)
{
    VertexInput input;
    if (!vertex_entry.vertex)
        return input;  // SV_VertexID-only vertex shaders read no vertex buffer
    for (std::uint32_t i = 0; i < c.vertex_buffers.size(); ++i)
    {
        const VertexBuffer& vb = c.vertex_buffers[i];
        // The attributes this buffer carries, with the case's formats and offsets as the engine's overrides.
        layouts::EntryLayout only = vertex_entry;
        std::erase_if(only.vertex->attributes, [&](const layouts::VertexAttributeLayout& a) {
            for (const Attribute& b : vb.attributes)
                if (b.location == a.location)
                    return false;
            return true;
        });
        layouts::VertexLayoutOverrides overrides;
        overrides.stride = vb.stride;
        for (const Attribute& a : vb.attributes)
            overrides.attributes[a.location] = {vertex_format(a.format), a.offset};
        auto changed = only.with_vertex_overrides(overrides);
        if (!changed)
            throw std::runtime_error("vertex buffer " + std::to_string(i) + ": " + changed.error().message);
        const auto vk = changed->vertex->to_vulkan(vb.per_instance ? layouts::VertexStepMode::Instance
                                                                   : layouts::VertexStepMode::Vertex,
                                                   i);
        input.bindings.insert(input.bindings.end(), vk.bindings.begin(), vk.bindings.end());
        input.attributes.insert(input.attributes.end(), vk.attributes.begin(), vk.attributes.end());
    }
    return input;
}

layouts::SpecializationValues specialization_values(const Case& c, const layouts::EntryLayout& entry)
{
    auto values = layouts::SpecializationValues::for_layout(entry);
    for (const Specialization& s : c.specializations)
    {
        const auto* value = values.find(s.name);
        if (!value)
            continue;  // another entry of the case reads it
        std::optional<layouts::LayoutError> error;
        switch (value->constant.type)
        {
        case SpecConstantType::Bool:
            if (s.value != 0 && s.value != 1)
                throw std::runtime_error("specialize " + s.name + ": a bool is 0 or 1");
            error = values.set(s.name, s.value == 1);
            break;
        case SpecConstantType::Int: error = values.set(s.name, static_cast<std::int32_t>(std::lround(s.value))); break;
        case SpecConstantType::UInt: error = values.set(s.name, static_cast<std::uint32_t>(std::llround(s.value))); break;
        case SpecConstantType::Float: error = values.set(s.name, static_cast<float>(s.value)); break;
        }
        if (error)
            throw std::runtime_error("specialize " + s.name + ": " + error->message);
    }
    return values;
}

layouts::vulkan::SpecializationInfo specialization(const Case& c, const layouts::EntryLayout& entry)
{
    return specialization_values(c, entry).to_vulkan();
}

void check_specializations(const Case& c, const CaseLayouts& layouts)
{
    for (const Specialization& s : c.specializations)
    {
        bool read = false;
        for (const auto& e : layouts.entries)
            read = read || layouts::SpecializationValues::for_layout(e).find(s.name) != nullptr;
        if (!read)
            throw std::runtime_error("the case specializes '" + s.name + "', which no entry point of the case reads");
    }
}

}  // namespace oneshader::exec
