// case_layouts.cpp - see case_layouts.hpp.
#include "case_layouts.hpp"

#include "oneshader/oneshader.hpp"

#include <array>
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

}  // namespace

// From its component kind and count, not through the layouts' VkFormat numbers, so that a wrong number there
// reaches the pipeline and fails the case's outputs.
VertexFormat vertex_format(const Format& f)
{
    using V = VertexFormat;
    const int n = f.components;
    switch (f.kind)
    {
    case ComponentKind::unorm8:
        if (n == 2 || n == 4)
            return n == 2 ? V::Unorm8x2 : V::Unorm8x4;
        break;
    case ComponentKind::float16:
        if (n == 2 || n == 4)
            return n == 2 ? V::Float16x2 : V::Float16x4;
        break;
    case ComponentKind::float32:
        if (n >= 1 && n <= 4)
            return std::array{V::Float32, V::Float32x2, V::Float32x3, V::Float32x4}[n - 1];
        break;
    case ComponentKind::uint32:
        if (n >= 1 && n <= 4)
            return std::array{V::Uint32, V::Uint32x2, V::Uint32x3, V::Uint32x4}[n - 1];
        break;
    case ComponentKind::sint32:
        if (n >= 1 && n <= 4)
            return std::array{V::Sint32, V::Sint32x2, V::Sint32x3, V::Sint32x4}[n - 1];
        break;
    }
    throw std::runtime_error("the vertex format '" + f.name + "' is none of the vertex formats of oneshader::layouts");
}

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
        // The case's format table holds Vulkan's own VkFormat numbers: a layout that names another format for the
        // case's bytes would read them wrongly, so it fails the case here, whatever the other runs agree on.
        for (const auto& a : vk.attributes)
            for (const Attribute& b : vb.attributes)
                if (b.location == a.location && static_cast<int>(a.format) != b.format.vk_format)
                    throw std::runtime_error("the layout gives location " + std::to_string(a.location) + " VkFormat " +
                                             std::to_string(static_cast<int>(a.format)) + " (" +
                                             std::string(layouts::vulkan::to_string(a.format)) + "), but the case's '" +
                                             b.format.name + "' bytes are VkFormat " + std::to_string(b.format.vk_format));
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
