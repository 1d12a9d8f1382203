#pragma once
// Names shared by every public header: targets and stages.
#include <cstdint>
#include <string_view>

namespace oneshader {

enum class Target : std::uint8_t { SpirV, Msl, Wgsl };
enum class Stage : std::uint8_t { Vertex, Pixel, Compute };

std::string_view to_string(Target target);  // "SpirV", "Msl", "Wgsl"
std::string_view to_string(Stage stage);    // "Vertex", "Pixel", "Compute"

}  // namespace oneshader
