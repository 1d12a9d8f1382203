#pragma once
// Text output for the text backends: lines appended to one std::string (no streams), each
// indented by the current level. A backend opens a level after a line that ends in `{` and
// closes it before the matching `}`.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "textgen/cat.hpp"
#include "textgen/format.hpp"

namespace oneshader::textgen {

class TextWriter {
public:
    explicit TextWriter(std::uint32_t indent_width = 4) : width_(indent_width) {}

    // One line at the current indentation; an empty `text` gives an empty line (no spaces).
    void line(std::string_view text);
    // One formatted line, written in place (no temporary string): format_line(FMT_COMPILE("{} {};"), t, n).
    // Output that comes out empty is an empty line, as line("") is.
    template <class Format, class... Args>
    void format_line(const Format& format, Args&&... args) {
        begin_line();
        const std::size_t start = out_.size();
        textgen::append_format(out_, format, std::forward<Args>(args)...);
        if (out_.size() == start) out_.resize(start - static_cast<std::size_t>(level_) * width_);
        end_line();
    }
    // One line from pieces (strings, string views, literals, characters) copied straight into
    // the output: line_of("let ", n, " = ", e, ";") builds no temporary. Pieces that are all empty
    // give an empty line, as line("") does.
    template <class... Pieces>
    void line_of(const Pieces&... pieces) {
        static_assert(sizeof...(Pieces) > 0, "line_of takes at least one piece");
        const std::string_view parts[] = {detail::piece(pieces)...};
        std::size_t n = 0;
        for (std::string_view s : parts) n += s.size();
        reserve_first();
        if (n == 0) {
            end_line();
            return;
        }
        // The indentation, the pieces and the newline written into one resize: an append per
        // piece checks the size and capacity each time, which costs more than the short copies.
        const std::size_t indent = static_cast<std::size_t>(level_) * width_;
        const std::size_t at = out_.size(), end = at + indent + n + 1;
        if (end > out_.capacity()) out_.reserve(std::max(end, 2 * out_.capacity()));
        out_.resize(end);
        char* to = out_.data() + at;
        std::memset(to, ' ', indent);
        to = detail::copy_pieces(to + indent, parts);
        *to = '\n';
    }
    // Each line of `text`, whose lines all end in '\n', as line() writes it: a list built in one
    // buffer instead of a string per entry.
    void lines(std::string_view text);
    // `text` without indentation or newline, for building a line from pieces.
    void append(std::string_view text) {
        reserve_first();
        out_ += text;
    }
    // The indentation of a line that starts now, then the pieces and end_line().
    void begin_line() {
        reserve_first();
        out_.append(static_cast<std::size_t>(level_) * width_, ' ');
    }
    void end_line() { out_ += '\n'; }
    // A line, then one level deeper (`{` lines); and one level out, then a line (`}` lines).
    void open(std::string_view text);
    void close(std::string_view text);
    void indent() { ++level_; }
    // Never below the left margin, so unbalanced input cannot underflow.
    void dedent() { level_ = level_ ? level_ - 1 : 0; }
    std::uint32_t level() const { return level_; }

    const std::string& text() const { return out_; }
    // Empty again at the left margin, keeping the buffer for the next text.
    void clear() {
        out_.clear();
        level_ = 0;
    }
    std::string take() { return std::move(out_); }

private:
    // Room for a typical declaration block or function at the first write, instead of growing
    // through every small size (one allocation where there were seven).
    void reserve_first() {
        if (out_.capacity() < kFirstReserve) out_.reserve(kFirstReserve);
    }
    static constexpr std::size_t kFirstReserve = 1000;
    std::string out_;
    std::uint32_t level_ = 0;
    std::uint32_t width_;
};

}  // namespace oneshader::textgen
