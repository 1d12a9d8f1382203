#pragma once
// A hash map from small keys to small values, in one array (open addressing, linear probing, at
// most half full): the per-compile caches keyed by a few words (interned types, layouts).
// std::unordered_map allocates a node per entry; this allocates only when it grows.
//
// Lookup only: there is no iteration, so nothing can come to depend on hash order. Entries are
// never erased.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace oneshader::support {

template <class K, class V, class Hash>
class FlatMap {
public:
    // The value of `k`, or null when `k` has none.
    const V* find(const K& k) const {
        if (size_ == 0) return nullptr;
        for (std::size_t s = slot_of(k);; s = (s + 1) & mask_) {
            const Slot& e = slots_[s];
            if (!e.used) return nullptr;
            if (e.key == k) return &e.value;
        }
    }
    // Adds `k` -> `v`; `k` must not be in the map yet.
    void insert(const K& k, V v) {
        if (2 * (size_ + 1) > slots_.size()) grow();
        std::size_t s = slot_of(k);
        while (slots_[s].used) s = (s + 1) & mask_;
        slots_[s] = Slot{k, std::move(v), true};
        ++size_;
    }
    // The value of `k`, inserted as `initial` when absent. The reference stays valid until the
    // next insertion.
    V& get_or_insert(const K& k, V initial) {
        if (2 * (size_ + 1) > slots_.size()) grow();
        std::size_t s = slot_of(k);
        for (; slots_[s].used; s = (s + 1) & mask_)
            if (slots_[s].key == k) return slots_[s].value;
        slots_[s] = Slot{k, std::move(initial), true};
        ++size_;
        return slots_[s].value;
    }
    std::size_t size() const { return size_; }

private:
    struct Slot {
        K key{};
        V value{};
        bool used = false;
    };
    // The hash finished with a multiply and shifts: keys hashed from aligned pointers differ in
    // their high bits, and the table indexes by the low ones.
    std::size_t slot_of(const K& k) const {
        std::uint64_t h = static_cast<std::uint64_t>(Hash{}(k));
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ull;
        return static_cast<std::size_t>(h ^ (h >> 32)) & mask_;
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? 32 : 2 * old.size(), Slot{});
        mask_ = slots_.size() - 1;
        for (Slot& e : old) {
            if (!e.used) continue;
            std::size_t s = slot_of(e.key);
            while (slots_[s].used) s = (s + 1) & mask_;
            slots_[s] = std::move(e);
        }
    }

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
};

}  // namespace oneshader::support
