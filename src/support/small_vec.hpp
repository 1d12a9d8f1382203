#pragma once
// A vector of trivially copyable elements that keeps its first N elements inside the object and
// goes to the heap only beyond them. Instructions hold their operands, immediates and block
// targets in these: nearly every instruction has a few of each, and a std::vector would allocate
// (and free) once per list.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <span>
#include <type_traits>

namespace oneshader::support {

template <class T, std::uint32_t N>
class SmallVec {
    static_assert(std::is_trivially_copyable_v<T> && N > 0);

public:
    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = T&;
    using const_reference = const T&;
    using pointer = T*;
    using const_pointer = const T*;
    using iterator = T*;
    using const_iterator = const T*;

    SmallVec() noexcept {}
    SmallVec(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
    template <std::forward_iterator It>
    SmallVec(It first, It last) {
        assign(first, last);
    }
    SmallVec(const SmallVec& o) { assign(o.begin(), o.end()); }
    SmallVec(SmallVec&& o) noexcept { steal(o); }
    SmallVec& operator=(const SmallVec& o) {
        if (this != &o) assign(o.begin(), o.end());
        return *this;
    }
    SmallVec& operator=(SmallVec&& o) noexcept {
        if (this != &o) {
            release();
            steal(o);
        }
        return *this;
    }
    SmallVec& operator=(std::initializer_list<T> il) {
        assign(il.begin(), il.end());
        return *this;
    }
    ~SmallVec() { release(); }

    T* data() noexcept { return data_; }
    const T* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return size_; }
    std::size_t capacity() const noexcept { return cap_; }
    bool empty() const noexcept { return size_ == 0; }

    T* begin() noexcept { return data_; }
    T* end() noexcept { return data_ + size_; }
    const T* begin() const noexcept { return data_; }
    const T* end() const noexcept { return data_ + size_; }
    const T* cbegin() const noexcept { return data_; }
    const T* cend() const noexcept { return data_ + size_; }

    T& operator[](std::size_t k) noexcept { return data_[k]; }
    const T& operator[](std::size_t k) const noexcept { return data_[k]; }
    T& front() noexcept { return data_[0]; }
    const T& front() const noexcept { return data_[0]; }
    T& back() noexcept { return data_[size_ - 1]; }
    const T& back() const noexcept { return data_[size_ - 1]; }

    void reserve(std::size_t n) {
        if (n > cap_) grow_to(n);
    }
    void clear() noexcept { size_ = 0; }
    void push_back(T v) {
        if (size_ == cap_) grow_to(std::size_t{cap_} * 2);
        data_[size_++] = v;
    }
    void emplace_back(T v) { push_back(v); }
    void pop_back() noexcept { --size_; }
    // Keeps the first n elements (all of them when there are fewer).
    void truncate(std::size_t n) noexcept { size_ = n < size_ ? static_cast<std::uint32_t>(n) : size_; }
    operator std::span<T>() noexcept { return {data_, size_}; }
    operator std::span<const T>() const noexcept { return {data_, size_}; }
    void resize(std::size_t n, T v = T{}) {
        reserve(n);
        for (std::size_t k = size_; k < n; ++k) data_[k] = v;
        size_ = static_cast<std::uint32_t>(n);
    }

    template <std::forward_iterator It>
    void assign(It first, It last) {
        const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
        if (n > cap_) {
            // Fresh storage first: the source may be this vector's own elements.
            T* fresh = std::allocator<T>().allocate(n);
            std::copy(first, last, fresh);
            release();
            data_ = fresh;
            cap_ = static_cast<std::uint32_t>(n);
        } else {
            if constexpr (std::is_pointer_v<It>) {
                // memmove: the source may be this vector's own elements.
                if (n) std::memmove(data_, &*first, n * sizeof(T));
            } else {
                std::copy(first, last, data_);
            }
        }
        size_ = static_cast<std::uint32_t>(n);
    }
    void assign(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
    void assign(std::size_t n, T v) {
        clear();
        resize(n, v);
    }

    T* erase(const T* pos) { return erase(pos, pos + 1); }
    T* erase(const T* first, const T* last) {
        T* f = data_ + (first - data_);
        const std::size_t count = static_cast<std::size_t>(last - first);
        const std::size_t tail = static_cast<std::size_t>(end() - last);
        if (count && tail) std::memmove(f, f + count, tail * sizeof(T));
        size_ -= static_cast<std::uint32_t>(count);
        return f;
    }
    T* insert(const T* pos, T v) {
        const std::size_t at = static_cast<std::size_t>(pos - data_);
        if (size_ == cap_) grow_to(std::size_t{cap_} * 2);
        std::memmove(data_ + at + 1, data_ + at, (size_ - at) * sizeof(T));
        data_[at] = v;
        ++size_;
        return data_ + at;
    }
    template <std::forward_iterator It>
    T* insert(const T* pos, It first, It last) {
        const std::size_t at = static_cast<std::size_t>(pos - data_);
        const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
        if (n == 0) return data_ + at;
        SmallVec copy(first, last);  // the source may be this vector's own elements
        // Grow only when the elements do not fit, then by at least doubling.
        if (std::size_t{size_} + n > cap_) grow_to(std::max<std::size_t>(std::size_t{size_} + n, std::size_t{cap_} * 2));
        std::memmove(data_ + at + n, data_ + at, (size_ - at) * sizeof(T));
        std::memcpy(data_ + at, copy.data(), n * sizeof(T));
        size_ += static_cast<std::uint32_t>(n);
        return data_ + at;
    }

    friend bool operator==(const SmallVec& a, const SmallVec& b) {
        return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    bool on_heap() const noexcept { return data_ != inline_; }
    void release() noexcept {
        if (on_heap()) std::allocator<T>().deallocate(data_, cap_);
        data_ = inline_;
        cap_ = N;
    }
    void grow_to(std::size_t n) {
        T* fresh = std::allocator<T>().allocate(n);
        if (size_) std::memcpy(fresh, data_, size_ * sizeof(T));
        const std::uint32_t keep = size_;
        release();
        data_ = fresh;
        cap_ = static_cast<std::uint32_t>(n);
        size_ = keep;
    }
    void steal(SmallVec& o) noexcept {
        if (o.on_heap()) {
            data_ = o.data_;
            cap_ = o.cap_;
        } else {
            data_ = inline_;
            cap_ = N;
            if (o.size_) std::memcpy(inline_, o.inline_, o.size_ * sizeof(T));
        }
        size_ = o.size_;
        o.data_ = o.inline_;
        o.cap_ = N;
        o.size_ = 0;
    }

    T* data_ = inline_;
    std::uint32_t size_ = 0;
    std::uint32_t cap_ = N;
    T inline_[N];
};

}  // namespace oneshader::support
