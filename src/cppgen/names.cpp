#include "cppgen/names.hpp"

#include <algorithm>
#include <array>

namespace oneshader::cppgen {

namespace {

bool is_ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char upper(char c) { return is_lower(c) ? char(c - 'a' + 'A') : c; }
char lower(char c) { return is_upper(c) ? char(c - 'A' + 'a') : c; }

std::string digit_guard(std::string s) {
    if (s.empty()) return "_";
    if (is_digit(s[0])) s.insert(s.begin(), '_');
    return s;
}

// Parts split at `_` and at characters that cannot be in an identifier.
template <class F>
std::string join_parts(std::string_view name, F part) {
    std::string out, current;
    auto flush = [&] {
        if (!current.empty()) out += part(current);
        current.clear();
    };
    for (char c : name) {
        if (c == '_' || !is_ident_char(c)) flush();
        else current += c;
    }
    flush();
    return out;
}

}  // namespace

bool is_cpp_keyword(std::string_view name) {
    static constexpr std::array<std::string_view, 97> kKeywords = {
        "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
        "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
        "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
        "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
        "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
        "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
        "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
        "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
        "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "final",
        "override", "import", "module",
    };
    return std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end();
}

std::string type_name(std::string_view name) {
    std::string out;
    if (std::any_of(name.begin(), name.end(), is_upper)) {
        for (char c : name) out += is_ident_char(c) ? c : '_';
    } else {
        out = join_parts(name, [](const std::string& p) { return std::string(1, upper(p[0])) + p.substr(1); });
    }
    out = digit_guard(out);
    return is_cpp_keyword(out) ? out + "_" : out;
}

std::string pascal_case(std::string_view name) {
    bool all_caps = std::none_of(name.begin(), name.end(), is_lower);
    std::string out = join_parts(name, [&](const std::string& p) {
        std::string s(1, upper(p[0]));
        for (std::size_t i = 1; i < p.size(); ++i) s += all_caps ? lower(p[i]) : p[i];
        return s;
    });
    return digit_guard(out);
}

std::string member_name(std::string_view name) {
    std::string out;
    for (char c : name) out += is_ident_char(c) ? c : '_';
    out = digit_guard(out);
    return is_cpp_keyword(out) ? out + "_" : out;
}

std::string snake_case(std::string_view name) {
    std::string out;
    for (char c : name) out += is_ident_char(c) ? lower(c) : '_';
    out = digit_guard(out);
    return is_cpp_keyword(out) ? out + "_" : out;
}

std::string file_name(std::string_view path) {
    std::size_t slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string file_stem(std::string_view path) {
    std::string name = file_name(path);
    std::size_t dot = name.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

std::string string_literal(std::string_view text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        switch (c) {
            case '\\': out += "\\\\"; break;
            case '"': out += "\\\""; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            case '?': out += "\\?"; break;  // no trigraphs, whatever the compiler's mode
            default:
                if (c < 0x20 || c >= 0x7f) {
                    // Octal, always three digits, so that a following digit is not taken in.
                    out += '\\';
                    out += char('0' + (c >> 6));
                    out += char('0' + ((c >> 3) & 7));
                    out += char('0' + (c & 7));
                } else {
                    out += char(c);
                }
        }
    }
    return out + "\"";
}

}  // namespace oneshader::cppgen
