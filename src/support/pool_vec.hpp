#pragma once
// Growable arrays whose storage comes from a compile's arena instead of the heap: the IR's
// instruction lists. A compile builds and rewrites thousands of them, and as std::vectors they
// were one heap allocation (and one free) per block and per regrowth, scattered across the heap
// the next compile starts from. Storage an array outgrows goes back to its pool, kept by size
// class for the next array that needs that much, so rewriting a list in place costs no new
// memory; the arena frees everything when the compile ends, so nothing here has a destructor.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <type_traits>
#include <vector>

#include "support/arena.hpp"

namespace oneshader::support {

// Storage blocks of power-of-two sizes from an arena, each size class with a free list threaded
// through its free blocks. One per IR module; not for sharing between threads.
class VecPool {
public:
    explicit VecPool(Arena& arena) : arena_(arena) {}
    VecPool(const VecPool&) = delete;
    VecPool& operator=(const VecPool&) = delete;

    static constexpr std::size_t kMinBytes = 64;
    // The size class of `bytes` (at least kMinBytes): its block size is kMinBytes << class.
    static std::uint32_t size_class(std::size_t bytes) {
        std::uint32_t c = 0;
        while ((kMinBytes << c) < bytes) ++c;
        return c;
    }
    // A block of kMinBytes << c bytes.
    void* take(std::uint32_t c) {
        if (c < free_.size() && free_[c]) {
            void* p = free_[c];
            std::memcpy(&free_[c], p, sizeof(void*));
            return p;
        }
        return arena_.allocate(kMinBytes << c, alignof(std::max_align_t));
    }
    // Returns a block take(c) gave, for the next take(c).
    void give(void* p, std::uint32_t c) {
        if (c >= free_.size()) return;  // larger than any class kept: left to the arena
        std::memcpy(p, &free_[c], sizeof(void*));
        free_[c] = p;
    }

private:
    Arena& arena_;
    std::array<void*, 32> free_{};
};

// A vector of trivially copyable elements in a VecPool: the subset of std::vector's interface
// the IR uses, with pointers as iterators.
template <class T>
class PoolVec {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    explicit PoolVec(VecPool& pool) : pool_(&pool) {}
    PoolVec(const PoolVec&) = delete;
    PoolVec& operator=(const PoolVec&) = delete;

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return capacity_; }
    bool empty() const { return size_ == 0; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    T* begin() { return data_; }
    T* end() { return data_ + size_; }
    const T* begin() const { return data_; }
    const T* end() const { return data_ + size_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    T& front() { return data_[0]; }
    T& back() { return data_[size_ - 1]; }
    const T& front() const { return data_[0]; }
    const T& back() const { return data_[size_ - 1]; }

    void reserve(std::size_t n) {
        if (n > capacity_) grow_to(n);
    }
    void push_back(T v) {
        if (size_ == capacity_) grow_to(size_ + 1);
        data_[size_++] = v;
    }
    void pop_back() { --size_; }
    void clear() { size_ = 0; }
    void resize(std::size_t n, T v = T{}) {
        reserve(n);
        for (std::size_t i = size_; i < n; ++i) data_[i] = v;
        size_ = static_cast<std::uint32_t>(n);
    }
    template <std::forward_iterator It>
    void assign(It first, It last) {
        const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
        size_ = 0;
        reserve(n);
        std::copy(first, last, data_);
        size_ = static_cast<std::uint32_t>(n);
    }
    T* insert(const T* pos, T v) { return insert_n(pos, 1, &v); }
    template <std::forward_iterator It>
    T* insert(const T* pos, It first, It last) {
        const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
        const std::size_t at = static_cast<std::size_t>(pos - data_);
        if (n == 0) return data_ + at;
        if constexpr (std::is_pointer_v<It>) {
            // Elements of this array: the gap moves them, and growing hands their storage back to
            // the pool, which writes into it. Copied out first.
            if (data_ && std::to_address(first) >= data_ && std::to_address(first) < data_ + size_) {
                std::vector<T> copy(first, last);
                return insert(pos, copy.begin(), copy.end());
            }
        }
        make_gap(at, n);
        std::copy(first, last, data_ + at);
        return data_ + at;
    }
    T* erase(const T* first, const T* last) {
        T* f = data_ + (first - data_);
        T* rest = std::copy(data_ + (last - data_), end(), f);
        size_ = static_cast<std::uint32_t>(rest - data_);
        return f;
    }
    T* erase(const T* pos) { return erase(pos, pos + 1); }

private:
    T* insert_n(const T* pos, std::size_t n, const T* values) {
        const std::size_t at = static_cast<std::size_t>(pos - data_);
        make_gap(at, n);
        std::copy(values, values + n, data_ + at);
        return data_ + at;
    }
    // Moves [at, size) up by n, growing first when needed.
    void make_gap(std::size_t at, std::size_t n) {
        if (size_ + n > capacity_) grow_to(size_ + n);
        std::copy_backward(data_ + at, data_ + size_, data_ + size_ + n);
        size_ += static_cast<std::uint32_t>(n);
    }
    void grow_to(std::size_t n) {
        // At least double, so a list built one element at a time is copied a linear number of
        // times in all.
        const std::uint32_t c = VecPool::size_class(std::max<std::size_t>(n, 2 * std::size_t{capacity_}) * sizeof(T));
        T* grown = static_cast<T*>(pool_->take(c));
        if (size_) std::memcpy(static_cast<void*>(grown), data_, size_ * sizeof(T));
        if (data_) pool_->give(data_, class_);
        data_ = grown;
        class_ = c;
        capacity_ = static_cast<std::uint32_t>((VecPool::kMinBytes << c) / sizeof(T));
    }

    T* data_ = nullptr;
    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = 0;
    std::uint32_t class_ = 0;
    VecPool* pool_;
};

// std::erase_if's counterpart: removes the elements `pred` holds for, keeping the others' order.
template <class T, class Pred>
std::size_t erase_if(PoolVec<T>& v, Pred pred) {
    T* kept = std::remove_if(v.begin(), v.end(), pred);
    const std::size_t removed = static_cast<std::size_t>(v.end() - kept);
    v.erase(kept, v.end());
    return removed;
}

}  // namespace oneshader::support
