#pragma once
// Text output for the text backends: lines appended to one std::string (no streams), each
// indented by the current level. A backend opens a level after a line that ends in `{` and
// closes it before the matching `}`.
#include <cstdint>
#include <string>
#include <string_view>

namespace oneshader::textgen {

class TextWriter {
public:
    explicit TextWriter(std::uint32_t indent_width = 4) : width_(indent_width) {}

    // One line at the current indentation; an empty `text` gives an empty line (no spaces).
    void line(std::string_view text);
    // `text` without indentation or newline, for building a line from pieces.
    void append(std::string_view text) { out_ += text; }
    // The indentation of a line that starts now, then the pieces and end_line().
    void begin_line() { out_.append(static_cast<std::size_t>(level_) * width_, ' '); }
    void end_line() { out_ += '\n'; }
    // A line, then one level deeper (`{` lines); and one level out, then a line (`}` lines).
    void open(std::string_view text);
    void close(std::string_view text);
    void indent() { ++level_; }
    // Never below the left margin, so unbalanced input cannot underflow.
    void dedent() { level_ = level_ ? level_ - 1 : 0; }
    std::uint32_t level() const { return level_; }

    const std::string& text() const { return out_; }
    std::string take() { return std::move(out_); }

private:
    std::string out_;
    std::uint32_t level_ = 0;
    std::uint32_t width_;
};

}  // namespace oneshader::textgen
