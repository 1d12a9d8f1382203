#pragma once
// A vector of trivially copyable values that keeps its first N in place: for the temporary lists
// a compile builds per call (arguments, parameters, statements of a block), which are short, so
// the common case allocates nothing.
#include <cstddef>
#include <cstring>
#include <new>
#include <span>
#include <type_traits>

namespace oneshader::support {

template <class T, std::size_t N>
class SmallVector {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    SmallVector() = default;
    SmallVector(const SmallVector&) = delete;
    SmallVector& operator=(const SmallVector&) = delete;
    ~SmallVector() {
        if (data_ != inline_data()) ::operator delete(data_);
    }

    void push_back(const T& v) {
        if (size_ == capacity_) grow();
        std::memcpy(static_cast<void*>(data_ + size_), &v, sizeof(T));
        ++size_;
    }
    void pop_back() { --size_; }
    void truncate(std::size_t n) { size_ = n < size_ ? n : size_; }
    void clear() { size_ = 0; }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    T* begin() { return data_; }
    T* end() { return data_ + size_; }
    const T* begin() const { return data_; }
    const T* end() const { return data_ + size_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    T& back() { return data_[size_ - 1]; }
    const T& back() const { return data_[size_ - 1]; }
    operator std::span<T>() { return {data_, size_}; }
    operator std::span<const T>() const { return {data_, size_}; }

private:
    T* inline_data() { return reinterpret_cast<T*>(storage_); }
    void grow() {
        std::size_t cap = capacity_ * 2;
        T* grown = static_cast<T*>(::operator new(sizeof(T) * cap));
        std::memcpy(static_cast<void*>(grown), data_, sizeof(T) * size_);
        if (data_ != inline_data()) ::operator delete(data_);
        data_ = grown;
        capacity_ = cap;
    }

    alignas(T) unsigned char storage_[sizeof(T) * N];
    T* data_ = inline_data();
    std::size_t size_ = 0;
    std::size_t capacity_ = N;
};

}  // namespace oneshader::support
