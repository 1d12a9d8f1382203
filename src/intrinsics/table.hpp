#pragma once
// The rows of intrinsics.def as data: one row per form (overload) of an intrinsic, with the
// signature text semantic analysis types calls against and the stages the form is allowed in.
// Semantic analysis reads the rows; later stages need only id.hpp.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "intrinsics/id.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::intrinsics {

// Stages an intrinsic may be used in, as a bit set of oneshader::Stage.
enum StageBits : std::uint8_t {
    kVertex = 1u << unsigned(Stage::Vertex),
    kPixel = 1u << unsigned(Stage::Pixel),
    kCompute = 1u << unsigned(Stage::Compute),
    kPixelCompute = kPixel | kCompute,
    kAllStages = kVertex | kPixel | kCompute,
};
inline constexpr std::uint8_t stage_bit(Stage s) { return std::uint8_t(1u << unsigned(s)); }

// One row of the table: one form (overload) of an intrinsic.
struct Row {
    Id id;
    std::string_view name;
    std::string_view result;  // signature language, signature.hpp
    std::string_view params;
    std::uint8_t stages;      // StageBits
    std::uint32_t flags;      // Flags
};

// Every row, in table order.
std::span<const Row> table();
// The rows (overloads) of one name, in table order; empty when `name` is not an intrinsic.
std::span<const Row> find(std::string_view name);
// The rows of one id, in table order; empty for None.
std::span<const Row> rows(Id id);
// One form of an id; null for an id or overload the table does not have.
const Row* row(Id id, std::uint32_t overload);
// `T lerp(T<float,any> a, T b, T s)`: how a candidate is shown in diagnostics and docs.
std::string signature_text(const Row& row);

}  // namespace oneshader::intrinsics
