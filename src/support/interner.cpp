#include "support/interner.hpp"

#include <cstring>


namespace oneshader::support {

Interner::Interner(Arena& arena) : arena_(arena), slots_(512, nullptr) {}

namespace {

inline std::uint64_t load8(const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline std::uint32_t load4(const char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Identifiers are short: overlapping loads of eight or four bytes (the first and the last of the
// text), or for three bytes and fewer the first, middle and last byte, beat a loop or memcmp.
inline bool same_text(const InternedString* s, std::uint32_t h, std::string_view text) {
    const std::size_t n = text.size();
    if (s->hash != h || s->size != n) return false;
    const char* a = s->data;
    const char* b = text.data();
    if (n >= 8) {
        for (std::size_t k = 0; k + 8 < n; k += 8)
            if (load8(a + k) != load8(b + k)) return false;
        return load8(a + n - 8) == load8(b + n - 8);
    }
    if (n >= 4) return load4(a) == load4(b) && load4(a + n - 4) == load4(b + n - 4);
    if (n == 0) return true;
    return a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1];
}

}  // namespace

Symbol Interner::find(std::string_view text) const {
    std::uint32_t h = hash_of(text);
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const InternedString* s = slots_[i];
        if (!s) return Symbol();
        if (same_text(s, h, text)) return Symbol(s);
    }
}

Symbol Interner::intern_hashed(std::string_view text, std::uint32_t h) {
    // Nearly every call finds the spelling: the lookup keeps to a few registers, and adding one
    // is a call of its own.
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const InternedString* s = slots_[i];
        if (!s) return add(text, h, i);
        if (same_text(s, h, text)) return Symbol(s);
    }
}

Symbol Interner::add(std::string_view text, std::uint32_t h, std::size_t slot) {
    auto* entry = arena_.make<InternedString>();
    entry->hash = h;
    entry->size = static_cast<std::uint32_t>(text.size());
    entry->data = arena_.copy(text).data();
    if (!entry->data) entry->data = "";
    slots_[slot] = entry;
    if (++count_ * 2 > slots_.size()) grow();
    return Symbol(entry);
}

void Interner::grow() {
    std::vector<const InternedString*> old(slots_.size() * 2, nullptr);
    old.swap(slots_);
    std::size_t mask = slots_.size() - 1;
    for (const InternedString* s : old) {
        if (!s) continue;
        std::size_t i = s->hash & mask;
        while (slots_[i]) i = (i + 1) & mask;
        slots_[i] = s;
    }
}

}  // namespace oneshader::support
