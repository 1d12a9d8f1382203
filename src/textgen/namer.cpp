#include "textgen/namer.hpp"

namespace oneshader::textgen {

namespace {

bool ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

std::string legal_name(NameTarget target, std::string_view name) {
    std::string out;
    out.reserve(name.size() + 2);
    for (char c : name) {
        char k = ident_char(c) ? c : '_';
        if (k == '_' && !out.empty() && out.back() == '_') continue;
        out += k;
    }
    if (out.empty() || out == "_")
        out = "v";
    else if ((out[0] >= '0' && out[0] <= '9') || (out[0] == '_' && out[1] >= 'A' && out[1] <= 'Z'))
        out.insert(out.begin(), 'v');
    if (is_reserved_name(target, out)) out += target == NameTarget::Wgsl ? "_" : "0";
    return out;
}

std::string Namer::fresh(std::string_view want) {
    std::string base = legal_name(target_, want);
    if (used_.insert(base).second) return base;
    std::uint32_t& n = next_[base];
    for (;;) {
        std::string candidate = base + (base.back() == '_' ? "" : "_") + std::to_string(++n);
        if (!is_reserved_name(target_, candidate) && used_.insert(candidate).second) return candidate;
    }
}

}  // namespace oneshader::textgen
