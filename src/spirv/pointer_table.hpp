#pragma once
// A map from node pointers (IR values, blocks, sema types) to small trivially copyable values, as
// one open-addressing array: no allocation per entry, and clear() keeps the storage for the next
// function. Lookup only: it is never walked, so pointer values and hash order cannot reach the
// output.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace oneshader::spirv {

template <class V>
class PointerTable {
    static_assert(std::is_trivially_copyable_v<V>);

public:
    const V* find(const void* key) const {
        if (entries_.empty()) return nullptr;
        std::size_t mask = entries_.size() - 1;
        for (std::size_t k = hash(key) & mask;; k = (k + 1) & mask) {
            const Entry& e = entries_[k];
            if (e.key == key) return &e.value;
            if (e.key == nullptr) return nullptr;
        }
    }
    V* find(const void* key) { return const_cast<V*>(static_cast<const PointerTable*>(this)->find(key)); }
    bool contains(const void* key) const { return find(key) != nullptr; }

    // The value for `key` (not null), inserted as `initial` when absent; `inserted` says which.
    // The reference stays valid until the next insertion.
    V& get_or_insert(const void* key, V initial, bool* inserted = nullptr) {
        if (2 * (used_ + 1) > entries_.size()) grow();
        std::size_t mask = entries_.size() - 1;
        for (std::size_t k = hash(key) & mask;; k = (k + 1) & mask) {
            Entry& e = entries_[k];
            if (e.key == key) {
                if (inserted) *inserted = false;
                return e.value;
            }
            if (e.key == nullptr) {
                e.key = key;
                e.value = initial;
                ++used_;
                if (inserted) *inserted = true;
                return e.value;
            }
        }
    }
    // Inserts or overwrites.
    void set(const void* key, V value) { get_or_insert(key, value) = value; }

    void clear() {
        if (used_ == 0) return;
        for (Entry& e : entries_) e.key = nullptr;
        used_ = 0;
    }
    std::size_t size() const { return used_; }

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

}  // namespace oneshader::spirv
