// Profiles, targets and stages by name: shared by the library and the command line.
#include <charconv>

#include "oneshader/oneshader.hpp"

namespace oneshader {

std::string_view to_string(Target target) {
    switch (target) {
        case Target::SpirV: return "SpirV";
        case Target::Msl: return "Msl";
        case Target::Wgsl: return "Wgsl";
    }
    return "SpirV";
}

std::string_view to_string(Stage stage) {
    switch (stage) {
        case Stage::Vertex: return "Vertex";
        case Stage::Pixel: return "Pixel";
        case Stage::Compute: return "Compute";
    }
    return "Vertex";
}

std::optional<Profile> parse_profile(std::string_view text) {
    // <stage>_<major>_<minor>, with major 5 or 6 as DXC takes them ("ps_6_0", "cs_5_1").
    if (text.size() < 6 || text[2] != '_') return std::nullopt;
    Profile p;
    std::string_view stage = text.substr(0, 2);
    if (stage == "vs") p.stage = Stage::Vertex;
    else if (stage == "ps") p.stage = Stage::Pixel;
    else if (stage == "cs") p.stage = Stage::Compute;
    else return std::nullopt;
    std::string_view rest = text.substr(3);
    auto us = rest.find('_');
    if (us == std::string_view::npos) return std::nullopt;
    std::string_view major = rest.substr(0, us), minor = rest.substr(us + 1);
    auto parse = [](std::string_view s, int& v) {
        if (s.empty()) return false;
        auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return ec == std::errc() && ptr == s.data() + s.size();
    };
    if (!parse(major, p.major) || !parse(minor, p.minor)) return std::nullopt;
    if (p.major == 5) {
        if (p.minor > 1) return std::nullopt;
    } else if (p.major == 6) {
        if (p.minor > 8) return std::nullopt;
    } else {
        return std::nullopt;
    }
    return p;
}

}  // namespace oneshader
