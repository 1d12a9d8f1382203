#pragma once
// Interned identifiers: one copy of each spelling per compile, so names compare by pointer and
// hash by pointer in every later stage.
#include <cstdint>
#include <string_view>
#include <vector>

#include "support/arena.hpp"

namespace oneshader::support {

struct InternedString {
    std::uint32_t hash;
    std::uint32_t size;
    const char* data;
};

class Symbol {
public:
    Symbol() = default;
    explicit Symbol(const InternedString* s) : s_(s) {}
    std::string_view str() const { return s_ ? std::string_view(s_->data, s_->size) : std::string_view(); }
    bool empty() const { return s_ == nullptr; }
    explicit operator bool() const { return s_ != nullptr; }
    std::uint32_t hash() const { return s_ ? s_->hash : 0; }
    const void* id() const { return s_; }
    friend bool operator==(Symbol a, Symbol b) { return a.s_ == b.s_; }
    friend bool operator!=(Symbol a, Symbol b) { return a.s_ != b.s_; }

private:
    const InternedString* s_ = nullptr;
};

struct SymbolHash {
    std::size_t operator()(Symbol s) const { return s.hash(); }
};

class Interner {
public:
    explicit Interner(Arena& arena);
    Symbol intern(std::string_view text) { return intern_hashed(text, hash_of(text)); }
    // For a caller that hashed the spelling while reading it: `hash` must be hash_of(text).
    Symbol intern_hashed(std::string_view text, std::uint32_t hash);
    // Looks a spelling up without adding it.
    Symbol find(std::string_view text) const;
    std::size_t size() const { return count_; }

    // FNV-1a: cheap for short identifiers, and deterministic (no per-process seed).
    static constexpr std::uint32_t hash_seed = 2166136261u;
    static constexpr std::uint32_t hash_step(std::uint32_t h, char c) {
        return (h ^ static_cast<unsigned char>(c)) * 16777619u;
    }
    static constexpr std::uint32_t hash_of(std::string_view text) {
        std::uint32_t h = hash_seed;
        for (char c : text) h = hash_step(h, c);
        return h;
    }

private:
    // Puts a new spelling into the empty slot `slot` the lookup stopped at.
    [[gnu::noinline]] Symbol add(std::string_view text, std::uint32_t hash, std::size_t slot);
    void grow();

    Arena& arena_;
    std::vector<const InternedString*> slots_;  // open addressing, power-of-two size
    std::size_t count_ = 0;
};

}  // namespace oneshader::support
