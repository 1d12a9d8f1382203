#include "textgen/writer.hpp"

namespace oneshader::textgen {

void TextWriter::line(std::string_view text) {
    reserve_first();
    if (!text.empty()) {
        begin_line();
        out_ += text;
    }
    end_line();
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
