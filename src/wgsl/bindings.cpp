#include "wgsl/bindings.hpp"

#include <algorithm>
#include <set>
#include <utility>

namespace oneshader::wgsl {

std::vector<BindingSlot> wgsl_bindings(std::span<const BindingSlot> vulkan) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> taken, used;
    for (const BindingSlot& s : vulkan) taken.insert({s.group, s.binding});
    std::vector<BindingSlot> out;
    out.reserve(vulkan.size());
    for (const BindingSlot& s : vulkan) {
        BindingSlot w = s;
        if (used.count({s.group, s.binding})) {
            w.binding = 0;
            while (taken.count({w.group, w.binding}) || used.count({w.group, w.binding})) ++w.binding;
            taken.insert({w.group, w.binding});
        }
        used.insert({w.group, w.binding});
        out.push_back(w);
    }
    return out;
}

BindingSlot push_constant_binding(std::span<const BindingSlot> wgsl) {
    BindingSlot slot;
    bool any = false;
    for (const BindingSlot& s : wgsl) {
        if (!any || s.group > slot.group) slot = {s.group, s.binding + 1};
        else if (s.group == slot.group) slot.binding = std::max(slot.binding, s.binding + 1);
        any = true;
    }
    return slot;
}

}  // namespace oneshader::wgsl
