#pragma once
// Formatting for the text backends. fmt::format of a compiled format string, and fmt::format_to
// through std::back_inserter of a std::string, write each piece by resizing the string (which
// fills the new room before the copy) and, for a new string, regrowing it from 15 bytes: a
// printer's short lines spent more there than in the formatting. These format into fmt's
// buffer on the stack and copy the text once.
#include <fmt/compile.h>
#include <fmt/format.h>

#include <string>
#include <utility>

namespace oneshader::textgen {

// The formatted text as a string of its exact size: format(FMT_COMPILE("{} {}"), t, n).
template <class Format, class... Args>
std::string format(const Format& format, Args&&... args) {
    fmt::memory_buffer buffer;
    fmt::format_to(fmt::appender(buffer), format, std::forward<Args>(args)...);
    return std::string(buffer.data(), buffer.size());
}

// Appends the formatted text to `out`.
template <class Format, class... Args>
void append_format(std::string& out, const Format& format, Args&&... args) {
    fmt::memory_buffer buffer;
    fmt::format_to(fmt::appender(buffer), format, std::forward<Args>(args)...);
    out.append(buffer.data(), buffer.size());
}

}  // namespace oneshader::textgen
