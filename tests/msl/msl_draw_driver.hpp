#pragma once
// The generated program that runs an MSL draw on the CPU (metal/run_draw.hpp): the vertex and the fragment
// function's files, each in a namespace of its own (both declare their structs), and beside each a call that fills
// the function's arguments from its attributes: [[stage_in]] members by [[attribute(n)]] from the vertex
// descriptor, [[user(locnN)]] varyings with the fragment's interpolation, buffers, textures and samplers by index.
#include <string>
#include <string_view>
#include <vector>

namespace msl_test {

struct StructMember {
    std::string type, name;
    std::vector<std::string> attributes;  // "user(locn1)", "flat"; empty when none
};

// The members of the top-level `struct name { ... };` of `source`; empty when there is none.
std::vector<StructMember> scan_struct(std::string_view source, const std::string& name);

struct DrawDriver {
    std::string text;     // the translation unit, when `problem` is empty
    std::string problem;  // what the driver cannot give the functions
};

// `vertex_path` and `fragment_path`: the prepared files of the two functions (msl_source.hpp's prepare()).
DrawDriver draw_driver(std::string_view vertex_source, std::string_view fragment_source,
                       const std::string& vertex_path, const std::string& fragment_path);

}  // namespace msl_test
