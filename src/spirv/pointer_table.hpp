#pragma once
// A map from node pointers (IR values, blocks, sema types) to small trivially copyable values:
// support::PointerMap with the lookups the emitter asks. clear() keeps the storage for the next
// function. Lookup only: it is never walked, so pointer values and hash order cannot reach the
// output.
#include <cstddef>
#include <type_traits>

#include "support/pointer_map.hpp"

namespace oneshader::spirv {

template <class V>
class PointerTable {
    static_assert(std::is_trivially_copyable_v<V>);

public:
    const V* find(const void* key) const {
        const auto* e = map_.find(key);
        return e ? &e->second : nullptr;
    }
    V* find(const void* key) {
        auto* e = map_.find(key);
        return e ? &e->second : nullptr;
    }
    bool contains(const void* key) const { return map_.count(key) != 0; }

    // The value for `key` (not null), inserted as `initial` when absent; `inserted` says which.
    // The reference stays valid until the next insertion.
    V& get_or_insert(const void* key, V initial, bool* inserted = nullptr) {
        auto [e, added] = map_.insert(key, initial);
        if (inserted) *inserted = added;
        return e->second;
    }
    // Inserts or overwrites.
    void set(const void* key, V value) { map_[key] = value; }

    void clear() { map_.clear(); }
    // Room for `n` keys without growing.
    void reserve(std::size_t n) { map_.reserve(n); }
    std::size_t size() const { return map_.size(); }

private:
    support::PointerMap<const void*, V> map_;
};

}  // namespace oneshader::spirv
