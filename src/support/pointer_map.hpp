#pragma once
// A map from pointers to small values with open addressing in one array: no allocation per
// entry, for the per-compile sets and maps keyed by node pointers. Nothing may depend on its
// order (pointer values differ from run to run), so it offers no iteration.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace oneshader::support {

template <class V>
class PointerMap {
public:
    // The value of `key`, created (value-initialised) when absent. The reference is valid until
    // the next insertion.
    V& operator[](const void* key) {
        if ((count_ + 1) * 2 > slots_.size()) grow();
        Slot& s = slots_[probe(key)];
        if (!s.key) {
            s.key = key;
            s.value = V{};
            ++count_;
        }
        return s.value;
    }
    // Adds `key`; false when it was there already.
    bool insert(const void* key) {
        std::size_t before = count_;
        (*this)[key];
        return count_ != before;
    }
    bool contains(const void* key) const { return count_ != 0 && slots_[probe(key)].key != nullptr; }
    std::size_t size() const { return count_; }

private:
    struct Slot {
        const void* key = nullptr;
        V value{};
    };
    static std::size_t hash(const void* key) {
        auto v = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key));
        return static_cast<std::size_t>((v >> 4) * 0x9E3779B97F4A7C15ull >> 20);
    }
    // The slot holding `key`, or the empty slot where it would go.
    std::size_t probe(const void* key) const {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = hash(key) & mask;
        while (slots_[i].key && slots_[i].key != key) i = (i + 1) & mask;
        return i;
    }
    void grow() {
        std::vector<Slot> old(slots_.empty() ? 32 : slots_.size() * 2);
        old.swap(slots_);
        for (const Slot& s : old)
            if (s.key) slots_[probe(s.key)] = s;
    }

    std::vector<Slot> slots_;
    std::size_t count_ = 0;
};

}  // namespace oneshader::support
