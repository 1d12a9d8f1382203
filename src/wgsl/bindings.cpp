#include "wgsl/bindings.hpp"

#include <algorithm>
#include <utility>

namespace oneshader::wgsl {

namespace {

// The slots seen so far, in one open-addressing table (a resource list is short; a std::set
// node per slot cost more than the rest of the numbering).
class SlotTable {
public:
    static constexpr std::uint8_t kTaken = 1;  // some resource has (or was moved to) the slot
    static constexpr std::uint8_t kUsed = 2;   // a resource already kept the slot

    explicit SlotTable(std::size_t n) {
        std::size_t cap = 16;
        while (cap < 4 * n) cap *= 2;
        keys_.assign(cap, 0);
        flags_.assign(cap, 0);
        mask_ = cap - 1;
    }
    std::uint8_t& at(BindingSlot s) {
        const std::uint64_t key = (std::uint64_t{s.group} << 32) | s.binding;
        std::size_t i = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & mask_;
        while (flags_[i] != 0 && keys_[i] != key) i = (i + 1) & mask_;
        if (flags_[i] == 0) {
            // At most two entries per resource (its own slot and the one it moves to), in a table
            // of at least four per resource: never full.
            keys_[i] = key;
            flags_[i] = kPresent;
        }
        return flags_[i];
    }

private:
    static constexpr std::uint8_t kPresent = 4;  // the entry holds a key
    std::vector<std::uint64_t> keys_;
    std::vector<std::uint8_t> flags_;
    std::size_t mask_ = 0;
};

}  // namespace

std::vector<BindingSlot> wgsl_bindings(std::span<const BindingSlot> vulkan) {
    SlotTable table(vulkan.size());
    for (const BindingSlot& s : vulkan) table.at(s) |= SlotTable::kTaken;
    std::vector<BindingSlot> out;
    out.reserve(vulkan.size());
    for (const BindingSlot& s : vulkan) {
        BindingSlot w = s;
        if (table.at(s) & SlotTable::kUsed) {
            // Every used slot is taken too: the first free binding of the group.
            w.binding = 0;
            while (table.at(w) & SlotTable::kTaken) ++w.binding;
            table.at(w) |= SlotTable::kTaken;
        }
        table.at(w) |= SlotTable::kUsed;
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
