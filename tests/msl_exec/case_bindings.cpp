#include "case_bindings.hpp"

#include <cctype>
#include <cstdio>
#include <cstring>

#include "case_layouts.hpp"

namespace msl_exec {
using namespace oneshader::exec;

std::string words_of(const Bytes& bytes) {
    std::string out;
    for (std::size_t k = 0; k + 4 <= bytes.size(); k += 4) {
        std::uint32_t w;
        std::memcpy(&w, bytes.data() + k, 4);
        out += " " + std::to_string(w);
    }
    return out;
}

// The texels of an image as four 32-bit words each (float bits for float and unorm formats).
std::string texels_of(const Resource& r) {
    std::vector<double> values = decode_components(*r.format, r.contents);
    std::string out;
    const int n = r.format->components;
    for (std::size_t t = 0; t * n < values.size(); ++t)
        for (int c = 0; c < 4; ++c) {
            double v = c < n ? values[t * n + c] : (c == 3 ? 1.0 : 0.0);
            std::uint32_t w;
            if (r.format->kind == ComponentKind::uint32 || r.format->kind == ComponentKind::sint32) {
                w = static_cast<std::uint32_t>(static_cast<std::int64_t>(v));
            } else {
                float f = static_cast<float>(v);
                std::memcpy(&w, &f, 4);
            }
            out += " " + std::to_string(w);
        }
    return out;
}

Bytes texels_back(const Resource& r, const std::vector<std::uint32_t>& words) {
    std::vector<double> values;
    const int n = r.format->components;
    for (std::size_t t = 0; 4 * t + 3 < words.size(); ++t)
        for (int c = 0; c < n; ++c) {
            std::uint32_t w = words[4 * t + c];
            if (r.format->kind == ComponentKind::uint32) values.push_back(w);
            else if (r.format->kind == ComponentKind::sint32) values.push_back(static_cast<std::int32_t>(w));
            else {
                float f;
                std::memcpy(&f, &w, 4);
                values.push_back(f);
            }
        }
    return encode_components(*r.format, values);
}

namespace {
// The MSL spells a resource's name as an identifier: the counter of an append/consume buffer, which the case
// names `counter.var.X` (DXC's name), is the argument `counter_var_X`.
std::string identifier_of(std::string name) {
    for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') ch = '_';
    return name;
}

}  // namespace

const Resource* resource_named(const Case& c, const std::string& name) {
    for (const Resource& r : c.resources)
        for (const std::string& n : r.names)
            if (identifier_of(n) == name) return &r;
    return nullptr;
}

// The case's `specialize` values for the MSL's function constants, through oneshader::layouts' SpecializationValues
// (to_metal(): index, MTLDataType and bits), as the C++ literals the CPU runner defines the constants with.
std::map<int, std::string> function_constants(const Case& c, const oneshader::ShaderReflection& reflection,
                                              const std::string& entry) {
    std::map<int, std::string> out;
    auto layout = oneshader::layouts::EntryLayout::create(reflection, entry);
    if (!layout) return out;
    for (const auto& v : specialization_values(c, layout.value()).to_metal()) {
        std::string literal;
        switch (v.data_type) {
            case 29: literal = std::to_string(static_cast<std::int32_t>(v.bits)); break;
            case 33: literal = std::to_string(v.bits) + "u"; break;
            case 53: literal = v.bits ? "true" : "false"; break;
            case 3: {
                float f;
                std::memcpy(&f, &v.bits, 4);
                char text[32];
                std::snprintf(text, sizeof text, "%.9ef", static_cast<double>(f));
                literal = text;
                break;
            }
            default: continue;
        }
        out[static_cast<int>(v.index)] = literal;
    }
    return out;
}

oneshader::CompileOptions compile_options(const Case& c, bool optimize) {
    oneshader::CompileOptions o;
    o.optimize = optimize;
    o.targets = {oneshader::Target::Msl};
    for (const std::string& d : c.defines) {
        auto eq = d.find('=');
        if (eq == std::string::npos) o.defines.push_back({d, std::nullopt});
        else o.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
    }
    return o;
}

}  // namespace msl_exec
