// The table of intrinsics.def, its index by name (every call of every compile asks it) and by id
// (the IR, the optimizer and the backends ask that one).
#include "intrinsics/table.hpp"

#include <array>

#include "support/interner.hpp"

namespace oneshader::intrinsics {
namespace {

constexpr Row kTable[] = {
#define INTRINSIC(id, name, result, params, stages, flags) {Id::id, name, result, params, stages, flags},
#define OVERLOAD(id, name, result, params, stages, flags) {Id::id, name, result, params, stages, flags},
#include "intrinsics/intrinsics.def"
};

// The rows of one id are contiguous: a family's OVERLOAD rows follow its INTRINSIC row, and
// INTRINSIC rows come in the order of the Id enum.
consteval bool families_are_contiguous() {
    for (std::size_t i = 1; i < std::size(kTable); ++i) {
        if (kTable[i].id == kTable[i - 1].id) {
            if (kTable[i].name != kTable[i - 1].name) return false;
        } else if (std::uint16_t(kTable[i].id) != std::uint16_t(kTable[i - 1].id) + 1) {
            return false;
        }
    }
    return std::uint16_t(kTable[0].id) == 1 && std::uint16_t(kTable[std::size(kTable) - 1].id) + 1 == kIdCount;
}
static_assert(families_are_contiguous(), "intrinsics.def: OVERLOAD rows must follow their INTRINSIC row");

// Per id: where its rows start, how many there are, and their flags or-ed.
struct Family {
    std::uint16_t first = 0;
    std::uint16_t count = 0;
    std::uint32_t flags = 0;
};

consteval std::array<Family, kIdCount> make_families() {
    std::array<Family, kIdCount> out{};
    for (std::size_t i = 0; i < std::size(kTable); ++i) {
        Family& f = out[std::size_t(kTable[i].id)];
        if (f.count == 0) f.first = std::uint16_t(i);
        ++f.count;
        f.flags |= kTable[i].flags;
    }
    return out;
}
constexpr std::array<Family, kIdCount> kFamilies = make_families();

// Name to family: an open-addressing table, built by the compiler (a table built on first use
// cost every process about 1% of compiling a small shader).
constexpr std::size_t kNameSlots = [] {
    std::size_t size = 16;
    while (size < kIdCount * 2) size *= 2;
    return size;
}();

consteval std::array<Id, kNameSlots> make_name_slots() {
    std::array<Id, kNameSlots> slots{};
    slots.fill(Id::None);
    for (std::size_t id = 1; id < kIdCount; ++id) {
        std::size_t k = support::Interner::hash_of(kTable[kFamilies[id].first].name) & (kNameSlots - 1);
        while (slots[k] != Id::None) k = (k + 1) & (kNameSlots - 1);
        slots[k] = Id(id);
    }
    return slots;
}
constexpr std::array<Id, kNameSlots> kNameSlotTable = make_name_slots();

Id find_name(std::string_view name) {
    for (std::size_t k = support::Interner::hash_of(name) & (kNameSlots - 1);; k = (k + 1) & (kNameSlots - 1)) {
        const Id id = kNameSlotTable[k];
        if (id == Id::None || kTable[kFamilies[std::size_t(id)].first].name == name) return id;
    }
}

}  // namespace

std::span<const Row> table() { return kTable; }

std::span<const Row> rows(Id id) {
    if (id == Id::None || std::size_t(id) >= kIdCount) return {};
    const Family& f = kFamilies[std::size_t(id)];
    return std::span<const Row>(kTable + f.first, f.count);
}

std::span<const Row> find(std::string_view name) { return rows(find_name(name)); }

const Row* row(Id id, std::uint32_t overload) {
    std::span<const Row> r = rows(id);
    return overload < r.size() ? &r[overload] : nullptr;
}

std::string_view name(Id id) {
    std::span<const Row> r = rows(id);
    return r.empty() ? std::string_view() : r[0].name;
}

Id from_name(std::string_view name) { return find_name(name); }

std::uint32_t flags(Id id) { return std::size_t(id) < kIdCount ? kFamilies[std::size_t(id)].flags : 0; }

std::string signature_text(const Row& row) {
    std::string_view result = row.result == "@mul" ? std::string_view("auto") : row.result;
    return std::string(result) + " " + std::string(row.name) + "(" + std::string(row.params) + ")";
}

}  // namespace oneshader::intrinsics
