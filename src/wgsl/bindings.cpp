#include "wgsl/bindings.hpp"

#include <algorithm>
#include <utility>

#include "support/flat_map.hpp"

namespace oneshader::wgsl {

namespace {

// What the numbering knows of a (group, binding) pair, in a support::FlatMap keyed by both words
// (a std::set node per slot cost more than the rest of the numbering).
constexpr std::uint8_t kTaken = 1;  // some resource has (or was moved to) the slot
constexpr std::uint8_t kUsed = 2;   // a resource already kept the slot

struct SlotHash {
    std::size_t operator()(std::uint64_t key) const { return static_cast<std::size_t>(key); }
};
using SlotTable = support::FlatMap<std::uint64_t, std::uint8_t, SlotHash>;

std::uint8_t& flags(SlotTable& table, BindingSlot s) {
    return table.get_or_insert((std::uint64_t{s.group} << 32) | s.binding, 0);
}

}  // namespace

std::vector<BindingSlot> wgsl_bindings(std::span<const BindingSlot> vulkan) {
    SlotTable table;
    for (const BindingSlot& s : vulkan) flags(table, s) |= kTaken;
    std::vector<BindingSlot> out;
    out.reserve(vulkan.size());
    for (const BindingSlot& s : vulkan) {
        BindingSlot w = s;
        if (flags(table, s) & kUsed) {
            // Every used slot is taken too: the first free binding of the group.
            w.binding = 0;
            while (flags(table, w) & kTaken) ++w.binding;
            flags(table, w) |= kTaken;
        }
        flags(table, w) |= kUsed;
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
