#pragma once
// Text from pieces in one allocation. `a + " " + b + ";"` allocates for the first piece and again
// each time the string outgrows its capacity; a printer composes every expression and line that
// way, so the pieces are measured first and copied into one buffer of the final size.
#include <algorithm>
#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace oneshader::textgen {

// An integer in decimal as a piece (the text fmt's "{}" gives): numbers go into the pieces of a
// line without a formatting pass of their own.
class Decimal {
public:
    // Not bool or char, which fmt prints as `true` and as the character.
    template <std::integral T>
        requires(!std::same_as<T, bool> && !std::same_as<T, char>)
    explicit Decimal(T value) {
        size_ = static_cast<std::uint8_t>(std::to_chars(digits_, digits_ + sizeof digits_, value).ptr - digits_);
    }
    std::string_view view() const { return {digits_, size_}; }

private:
    char digits_[24];
    std::uint8_t size_;
};

namespace detail {
inline std::string_view piece(std::string_view s) { return s; }
inline std::string_view piece(const char& c) { return {&c, 1}; }
inline std::string_view piece(const Decimal& d) { return d.view(); }

// Copies `parts` one after another to `to`; the end.
template <std::size_t N>
char* copy_pieces(char* to, const std::string_view (&parts)[N]) {
    for (std::string_view s : parts) {
        if (!s.empty()) std::memcpy(to, s.data(), s.size());
        to += s.size();
    }
    return to;
}
}  // namespace detail

// Appends the pieces (strings, string views, literals, single characters) to `out`, growing it
// at most once: to the exact size when `out` starts empty (cat), else at least doubling, since a
// loop appends to the same string again. A piece may be `out` itself or view into it: a growth
// copies into a new buffer while the old one is still there to read from.
template <class... Pieces>
void append_all(std::string& out, const Pieces&... pieces) {
    const std::string_view parts[] = {detail::piece(pieces)...};
    std::size_t n = out.size();
    for (std::string_view s : parts) n += s.size();
    if (n > out.capacity()) {
        std::string grown;
        grown.reserve(out.empty() ? n : std::max(n, 2 * out.capacity()));
        grown.append(out);
        for (std::string_view s : parts) grown.append(s.data(), s.size());
        out = std::move(grown);
        return;
    }
    // One resize and a copy per piece: an append per piece checks the size and capacity each
    // time, which costs more than the copy for the short pieces of a printer's lines. The resize
    // stays within the capacity, so views into `out` still hold.
    std::size_t at = out.size();
    out.resize(n);
    detail::copy_pieces(out.data() + at, parts);
}

// The pieces concatenated.
template <class... Pieces>
std::string cat(const Pieces&... pieces) {
    std::string out;
    append_all(out, pieces...);
    return out;
}

}  // namespace oneshader::textgen
