#pragma once
// A map from AST and sema nodes to what the lowering made of them: support::PointerMap with the
// lookups the lowering asks (a value or null; a value made on first use). clear() keeps the
// storage for the next function. Only looked up, never walked, so pointer values cannot reach the
// IR's order.
#include <type_traits>

#include "support/pointer_map.hpp"

namespace oneshader::lower {

template <class V>
class NodeTable {
    static_assert(std::is_trivially_copyable_v<V>);

public:
    // The value for `key`, or null when there is none.
    V* find(const void* key) {
        auto* e = map_.find(key);
        return e ? &e->second : nullptr;
    }
    const V* find(const void* key) const {
        const auto* e = map_.find(key);
        return e ? &e->second : nullptr;
    }
    // The value for `key` (not null), a value-initialized one when there was none. The reference
    // stays valid until the next insertion.
    V& operator[](const void* key) { return map_[key]; }
    void clear() { map_.clear(); }

private:
    support::PointerMap<const void*, V> map_;
};

}  // namespace oneshader::lower
