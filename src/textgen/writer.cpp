#include "textgen/writer.hpp"

#include <algorithm>

namespace oneshader::textgen {

void TextWriter::line(std::string_view text) {
    reserve_first();
    if (!text.empty()) {
        begin_line();
        out_ += text;
    }
    end_line();
}

void TextWriter::lines(std::string_view text) {
    for (std::size_t start = 0; start < text.size();) {
        // A last line without its '\n' is written too (npos + 1 would wrap to the start again).
        const std::size_t end = std::min(text.find('\n', start), text.size());
        line(text.substr(start, end - start));
        start = end + 1;
    }
}

void TextWriter::open(std::string_view text) {
    line(text);
    indent();
}

void TextWriter::close(std::string_view text) {
    dedent();
    line(text);
}

}  // namespace oneshader::textgen
