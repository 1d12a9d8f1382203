#pragma once
// A map from AST and sema nodes to what the lowering made of them, as one open-addressing array:
// no allocation per entry, and clear() keeps the storage for the next function. Only looked up,
// never walked, so pointer values cannot reach the IR's order.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace oneshader::lower {

template <class V>
class NodeTable {
    static_assert(std::is_trivially_copyable_v<V>);

public:
    // The value for `key`, or null when there is none.
    V* find(const void* key) {
        if (entries_.empty()) return nullptr;
        std::size_t mask = entries_.size() - 1;
        for (std::size_t k = hash(key) & mask;; k = (k + 1) & mask) {
            Entry& e = entries_[k];
            if (e.key == key) return &e.value;
            if (e.key == nullptr) return nullptr;
        }
    }
    const V* find(const void* key) const { return const_cast<NodeTable*>(this)->find(key); }

    // The value for `key` (not null), a value-initialized one when there was none. The reference
    // stays valid until the next insertion.
    V& operator[](const void* key) {
        if (2 * (used_ + 1) > entries_.size()) grow();
        std::size_t mask = entries_.size() - 1;
        for (std::size_t k = hash(key) & mask;; k = (k + 1) & mask) {
            Entry& e = entries_[k];
            if (e.key == key) return e.value;
            if (e.key == nullptr) {
                e.key = key;
                e.value = V{};
                ++used_;
                return e.value;
            }
        }
    }

    void clear() {
        if (used_ == 0) return;
        for (Entry& e : entries_) e.key = nullptr;
        used_ = 0;
    }

private:
    struct Entry {
        const void* key = nullptr;
        V value{};
    };
    static std::size_t hash(const void* key) {
        auto p = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key));
        return static_cast<std::size_t>((p * 0x9E3779B97F4A7C15ull) >> 32);
    }
    void grow() {
        std::vector<Entry> old = std::move(entries_);
        entries_.assign(old.empty() ? 32 : old.size() * 2, Entry{});
        std::size_t mask = entries_.size() - 1;
        for (const Entry& e : old) {
            if (e.key == nullptr) continue;
            std::size_t k = hash(e.key) & mask;
            while (entries_[k].key != nullptr) k = (k + 1) & mask;
            entries_[k] = e;
        }
    }

    std::vector<Entry> entries_;  // a power of two long, at most half full
    std::size_t used_ = 0;
};

}  // namespace oneshader::lower
