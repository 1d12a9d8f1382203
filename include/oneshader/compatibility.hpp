#pragma once
// Interface compatibility for hot reload: may a shader recompiled at run time replace the one the
// application was built against? Compatible means everything the generated bindings rely on is
// unchanged (spec: "OneShader" package page, "Hot reload"): buffer layouts, vertex inputs, each
// resource's slots, kind, count and stages, the entry points and their stages, thread-group sizes
// and specialization constants. Edits to function bodies, new entry points and resources used by
// fewer stages stay compatible.
#include <cstdint>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "oneshader/reflection.hpp"

namespace oneshader {

enum class InterfaceDifferenceKind : std::uint8_t {
    BufferLayout,     // a constant, structured or push-constant buffer's offsets, types, strides or size
    Resource,         // a resource's slot, kind, type, count, image format or stages; added or removed
    PushConstant,     // a push-constant block's slots or stages; added or removed
    VertexInput,      // a vertex input's location, format or offset, or the vertex stride
    EntryPoint,       // an entry point removed or moved to another stage
    ThreadGroupSize,  // a compute entry point's [numthreads]
    SpecConstant,     // a specialization constant removed, or its id or type changed
    NotCompiled,      // the fresh compile has no reflection (its front end failed)
};

struct InterfaceDifference {
    InterfaceDifferenceKind kind = InterfaceDifferenceKind::Resource;
    std::string subject;  // what it is about: "Frame.Tint", "Atlas", "VSMain"
    std::string message;  // the sentence: "Frame.Tint moved from offset 64 to 80"
    friend bool operator==(const InterfaceDifference&, const InterfaceDifference&) = default;
};

struct CompatibilityReport {
    // Each of these makes the fresh shader incompatible, in a fixed order: resources (with their
    // layouts), push constants, specialization constants, entry points; within a buffer, members
    // of the built layout in order, then added members.
    std::vector<InterfaceDifference> differences;
    // Changes that keep it compatible: new entry points, resources used by fewer stages, new
    // unused resources, new specialization constants and changed defaults.
    std::vector<InterfaceDifference> compatible_changes;

    bool is_compatible() const { return differences.empty(); }
    // The printed form, one difference per indented line:
    //   incompatible with the compiled-in C++ bindings:
    //     Frame.Tint moved from offset 64 to 80
    //     Frame.Fog was added at offset 64
    //   Rebuild the project to update the generated C++ bindings.
    // or "compatible with the compiled-in C++ bindings", then the compatible changes.
    std::string to_string() const;
};

// `built`: the reflection the application was built against (its generated header's, or one kept
// from an earlier compile); `fresh`: the recompiled shader's.
CompatibilityReport compare_interface(const ShaderReflection& built, const ShaderReflection& fresh);
// The same with a compile result; a result without reflection (the front end failed) is one
// NotCompiled difference naming its first error.
CompatibilityReport compare_interface(const ShaderReflection& built, const CompileResult& fresh);

}  // namespace oneshader
