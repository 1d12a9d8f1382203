#pragma once
// A map from interned names to small values: open addressing on the interner's hash, one probe in
// the common case and no allocation per entry. For per-compile caches keyed by a Symbol.
#include <cstddef>
#include <vector>

#include "support/interner.hpp"

namespace oneshader::support {

template <class V>
class SymbolMap {
public:
    // The value of `key`, or null.
    V* find(Symbol key) {
        if (count_ == 0) return nullptr;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = key.hash() & mask;; i = (i + 1) & mask) {
            Slot& s = slots_[i];
            if (s.key == key) return &s.value;
            if (s.key.empty()) return nullptr;
        }
    }
    // Sets the value of `key` (not empty), replacing any earlier one.
    V& insert(Symbol key, const V& value) {
        if ((count_ + 1) * 2 > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = key.hash() & mask;
        while (!slots_[i].key.empty() && slots_[i].key != key) i = (i + 1) & mask;
        if (slots_[i].key.empty()) ++count_;
        slots_[i].key = key;
        slots_[i].value = value;
        return slots_[i].value;
    }
    std::size_t size() const { return count_; }

private:
    struct Slot {
        Symbol key;
        V value{};
    };
    void grow() {
        std::vector<Slot> old(slots_.empty() ? 64 : slots_.size() * 2);
        old.swap(slots_);
        const std::size_t mask = slots_.size() - 1;
        for (Slot& s : old) {
            if (s.key.empty()) continue;
            std::size_t i = s.key.hash() & mask;
            while (!slots_[i].key.empty()) i = (i + 1) & mask;
            slots_[i] = s;
        }
    }

    std::vector<Slot> slots_;
    std::size_t count_ = 0;
};

}  // namespace oneshader::support
