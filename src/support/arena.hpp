#pragma once
// A bump allocator owned by one compile. Everything the stages build (tokens, AST, types, IR)
// lives here and is freed at once when the compile ends, so nodes need no ownership links.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace oneshader::support {

class Arena {
public:
    explicit Arena(std::size_t first_block = 64 * 1024) : next_block_size_(first_block) {}
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;
    ~Arena();

    void* allocate(std::size_t size, std::size_t align = alignof(std::max_align_t)) {
        std::uintptr_t p = (reinterpret_cast<std::uintptr_t>(cursor_) + (align - 1)) & ~(std::uintptr_t(align) - 1);
        if (cursor_ == nullptr || p + size > reinterpret_cast<std::uintptr_t>(end_)) return allocate_slow(size, align);
        cursor_ = reinterpret_cast<std::byte*>(p + size);
        bytes_used_ += size;
        return reinterpret_cast<void*>(p);
    }

    // Objects with destructors are destroyed in reverse order when the arena dies.
    template <class T, class... Args>
    T* make(Args&&... args) {
        void* mem = allocate(sizeof(T), alignof(T));
        T* obj = ::new (mem) T(std::forward<Args>(args)...);
        if constexpr (!std::is_trivially_destructible_v<T>) {
            // A compile's IR registers hundreds: start at a size that skips the first doublings.
            if (destructors_.capacity() == 0) destructors_.reserve(256);
            destructors_.push_back({obj, [](void* o) { static_cast<T*>(o)->~T(); }});
        }
        return obj;
    }

    template <class T>
    std::span<T> make_array(std::size_t n) {
        static_assert(std::is_trivially_destructible_v<T>, "arena arrays hold trivially destructible values");
        if (n == 0) return {};
        T* mem = static_cast<T*>(allocate(sizeof(T) * n, alignof(T)));
        for (std::size_t i = 0; i < n; ++i) ::new (mem + i) T();
        return {mem, n};
    }

    template <class T>
    std::span<T> copy_array(std::span<const T> values) {
        static_assert(std::is_trivially_copyable_v<T>);
        if (values.empty()) return {};
        T* mem = static_cast<T*>(allocate(sizeof(T) * values.size(), alignof(T)));
        std::memcpy(static_cast<void*>(mem), values.data(), sizeof(T) * values.size());
        return {mem, values.size()};
    }

    std::string_view copy(std::string_view s) {
        if (s.empty()) return {};
        char* mem = static_cast<char*>(allocate(s.size(), 1));
        std::memcpy(mem, s.data(), s.size());
        return {mem, s.size()};
    }

    // Bytes handed out (not counting block slack): the memory figure the benchmarks report.
    std::size_t bytes_used() const { return bytes_used_; }
    std::size_t bytes_reserved() const { return bytes_reserved_; }

private:
    void* allocate_slow(std::size_t size, std::size_t align);

    struct Destructor {
        void* object;
        void (*destroy)(void*);
    };
    std::vector<std::byte*> blocks_;
    std::vector<Destructor> destructors_;
    std::byte* cursor_ = nullptr;
    std::byte* end_ = nullptr;
    std::size_t next_block_size_;
    std::size_t bytes_used_ = 0;
    std::size_t bytes_reserved_ = 0;
};

}  // namespace oneshader::support
