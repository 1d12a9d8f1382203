// write_blob_header(): DXC's -Fh format (its dxc.cpp WriteHeader): the listing inside `#if 0`, then
// the bytes, twelve a line, with CRLF line ends, so a project that includes DXC's header output
// keeps building unchanged.
#include <cstdio>

#include "oneshader/cpp_header.hpp"

namespace oneshader {

std::string write_blob_header(std::span<const std::uint8_t> bytes, std::string_view listing, std::string_view name) {
    std::string out = "#if 0\r\n";
    while (!listing.empty() && listing.back() == '\0') listing.remove_suffix(1);
    for (char c : listing) {
        if (c == '\n') out += '\r';
        out += c;
    }
    out += "\r\n#endif\r\n";
    out += "\r\nconst unsigned char " + std::string(name) + "[] = {";
    char hex[8];
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i != 0) out += ',';
        if (i % 12 == 0) out += "\r\n ";
        std::snprintf(hex, sizeof hex, " 0x%02x", unsigned(bytes[i]));
        out += hex;
    }
    out += "\r\n};\r\n";
    return out;
}

}  // namespace oneshader
