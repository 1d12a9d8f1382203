#pragma once
// Builds the public reflection model from the front end's Program: resources with their kinds,
// bindings and byte layouts, push constants, specialization constants, and per entry point the
// stage variables and the resources it reaches. Built before any optimization, so the result
// does not depend on the optimizer.
#include <functional>
#include <span>
#include <string_view>

#include "oneshader/reflection.hpp"
#include "sema/bound.hpp"
#include "types/layout.hpp"

namespace oneshader::reflect {

struct BuildOptions {
    std::span<const Target> targets;  // the slots to fill; SPIR-V slots are the set/binding
    std::string_view source_name;     // the file name shown in reflection (no directories)
    // When set: whether the entry point (by name) still reaches the resource (by name) that the
    // source names in it; one it does not is left out of that entry point's resources and stages
    // (resource variables resolved to other resources, driver/codegen.hpp).
    std::function<bool(std::string_view entry, std::string_view resource)> reaches;
};

ShaderReflection build_reflection(const sema::Program& program, sema::LayoutEngine& layouts,
                                  const BuildOptions& options);

// The vertex format a vertex input gets: the [[oneshader::format]] name when given
// (case-insensitive), otherwise the natural format of `components` values of `scalar`; None when
// there is none.
VertexFormat vertex_format_for(const sema::ScalarType* scalar, std::uint32_t components, std::string_view format_attribute);
std::uint32_t vertex_format_size(VertexFormat format);

}  // namespace oneshader::reflect
