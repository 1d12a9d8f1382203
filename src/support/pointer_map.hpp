#pragma once
// A hash map from pointers to small values, for the per-compile maps and sets keyed by nodes (AST
// and sema nodes, IR values and blocks): replacements, clone maps, visited sets, side tables. std::unordered_map allocates one node per insertion;
// this keeps every entry in one array (open addressing, linear probing, at most half full), so a
// map costs one allocation however many entries it holds.
//
// Lookup only: there is no iteration in order, so nothing can come to depend on the order of
// addresses (for_each_key visits the keys for order-independent work such as marking them).
// Entries are never erased one by one; clear() empties the map, keeping its storage unless that
// is far bigger than what it held.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace oneshader::support {

template <class K, class V>
class PointerMap {
    static_assert(std::is_pointer_v<K>, "keys are pointers; the null pointer marks an empty slot");

public:
    struct Entry {
        K first = nullptr;
        V second{};
    };

    PointerMap() = default;
    explicit PointerMap(std::size_t expected) { reserve(expected); }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

    // Room for `n` entries without growing.
    void reserve(std::size_t n) {
        if (2 * n > slots_.size()) rehash(capacity_for(n));
    }

    // The entry of `k`, or null (end()) when it has none.
    Entry* find(K k) {
        if (size_ == 0 || !k) return nullptr;
        for (std::size_t s = slot_of(k);; s = (s + 1) & mask_) {
            Entry& e = slots_[s];
            if (e.first == k) return &e;
            if (!e.first) return nullptr;
        }
    }
    const Entry* find(K k) const { return const_cast<PointerMap*>(this)->find(k); }
    const Entry* end() const { return nullptr; }
    std::size_t count(K k) const { return find(k) ? 1 : 0; }

    // The value of `k`, inserted as V{} when absent.
    V& operator[](K k) { return slot_for(k, [] { return V{}; }).first->second; }
    // Inserts `k` -> `v` unless `k` is present; the entry, and whether it was inserted.
    std::pair<Entry*, bool> emplace(K k, V v) { return insert(k, std::move(v)); }
    std::pair<Entry*, bool> insert(K k, V v) {
        return slot_for(k, [&v]() -> V&& { return std::move(v); });
    }

    // Calls f(key) for every key, in table order: only for work whose result cannot depend on
    // the order (marking the keys, say), since table order follows addresses.
    template <class F>
    void for_each_key(F&& f) const {
        if (size_ == 0) return;
        for (const Entry& e : slots_)
            if (e.first) f(e.first);
    }

    // Costs what the map held, not what it once held: a table much bigger than its entries
    // (one big function's, reused for many small ones) is replaced by one sized for them.
    void clear() {
        if (size_ == 0) return;
        if (slots_.size() > 64 && 8 * size_ < slots_.size()) {
            std::vector<Entry> fresh(capacity_for(size_));
            slots_.swap(fresh);
            mask_ = slots_.size() - 1;
        } else {
            for (Entry& e : slots_) e.first = nullptr;  // a value is written whenever its key is
        }
        size_ = 0;
    }

private:
    static std::size_t capacity_for(std::size_t n) {
        std::size_t cap = 16;
        while (cap < 2 * n) cap *= 2;
        return cap;
    }
    std::size_t slot_of(K k) const {
        // Fibonacci hashing of the address: objects are at least 8-byte aligned.
        auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(k)) >> 3;
        return static_cast<std::size_t>((x * 0x9E3779B97F4A7C15ull) >> 32) & mask_;
    }
    // The entry of `k`; when absent, a new one whose value make() gives (called only then).
    template <class Make>
    std::pair<Entry*, bool> slot_for(K k, Make&& make) {
        if (!slots_.empty())
            for (std::size_t s = slot_of(k);; s = (s + 1) & mask_) {
                Entry& e = slots_[s];
                if (e.first == k) return {&e, false};
                if (!e.first) {
                    if (2 * (size_ + 1) > slots_.size()) break;  // full enough: grow first
                    e.first = k;
                    e.second = make();
                    ++size_;
                    return {&e, true};
                }
            }
        rehash(slots_.empty() ? 16 : 2 * slots_.size());
        std::size_t s = slot_of(k);
        while (slots_[s].first) s = (s + 1) & mask_;
        slots_[s].first = k;
        slots_[s].second = make();
        ++size_;
        return {&slots_[s], true};
    }
    void rehash(std::size_t cap) {
        std::vector<Entry> old = std::move(slots_);
        slots_.assign(cap, Entry{});
        mask_ = cap - 1;
        size_ = 0;
        for (Entry& e : old) {
            if (!e.first) continue;
            std::size_t s = slot_of(e.first);
            while (slots_[s].first) s = (s + 1) & mask_;
            slots_[s] = std::move(e);
            ++size_;
        }
    }

    std::vector<Entry> slots_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
};

// A set of pointers on the same table.
template <class K>
class PointerSet {
public:
    // True when `k` was not in the set yet.
    bool insert(K k) { return map_.insert(k, true).second; }
    void reserve(std::size_t n) { map_.reserve(n); }
    std::size_t count(K k) const { return map_.count(k); }
    bool contains(K k) const { return map_.count(k) != 0; }
    std::size_t size() const { return map_.size(); }
    bool empty() const { return map_.empty(); }
    void clear() { map_.clear(); }

private:
    PointerMap<K, bool> map_;
};

}  // namespace oneshader::support
