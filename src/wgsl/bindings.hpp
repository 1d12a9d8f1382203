#pragma once
// WGSL's @group/@binding of each resource (spec page "The WGSL backend": the Vulkan set and
// binding) and the push-constant slot. WebGPU needs distinct bindings within a group, while DXC's
// register mapping, which the front end follows, puts b0, t0, s0 and u0 on one binding (DXC users
// separate them with -fvk-*-shift, which OneShader does not take). So where two resources of one
// compile share a set and binding, the first in declaration order keeps it and each later one
// moves to the lowest binding of its set that no resource of the compile has; reflection reports
// the WGSL slot per resource. A shader with distinct bindings keeps its Vulkan numbers.
#include <cstdint>
#include <span>
#include <vector>

namespace oneshader::wgsl {

struct BindingSlot {
    std::uint32_t group = 0;
    std::uint32_t binding = 0;
    friend bool operator==(const BindingSlot&, const BindingSlot&) = default;
};

// The WGSL slots of resources at `vulkan` (set, binding), in declaration order.
std::vector<BindingSlot> wgsl_bindings(std::span<const BindingSlot> vulkan);

// The push-constant block's slot: the highest group of `wgsl` (0 without resources) and the
// binding after that group's highest one.
BindingSlot push_constant_binding(std::span<const BindingSlot> wgsl);

}  // namespace oneshader::wgsl
