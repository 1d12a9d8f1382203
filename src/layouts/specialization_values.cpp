// SpecializationValues: the constants an entry point reads, defaults until set by name, in each
// API's form (spec: "Specialization constants on Vulkan, Metal and WebGPU").
#include <bit>
#include <charconv>
#include <cstring>
#include <limits>

#include "layouts/layout_words.hpp"

namespace oneshader::layouts {

namespace {

std::string_view type_word(SpecConstantType t) {
    switch (t) {
    case SpecConstantType::Bool: return "bool";
    case SpecConstantType::Int: return "int";
    case SpecConstantType::UInt: return "uint";
    case SpecConstantType::Float: return "float";
    }
    return "";
}

LayoutError wrong_type(const SpecConstantLayout& c, std::string_view given) {
    std::string_view want;
    switch (c.type) {
    case SpecConstantType::Bool: want = "a bool"; break;
    case SpecConstantType::Float: want = "a float"; break;
    case SpecConstantType::Int:
    case SpecConstantType::UInt: want = "an int or uint value in its range"; break;
    }
    const std::string_view article = c.type == SpecConstantType::Int ? "an " : "a ";
    return layout_error(LayoutErrorKind::WrongType, "The specialization constant '" + c.name + "' is " + std::string(article) +
                                                        std::string(type_word(c.type)) + "; set it with " +
                                                        std::string(want) + ", not " + std::string(given) + ".");
}

std::string number_text(double v) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc{} ? std::string(buffer, end) : "0";
}

}  // namespace

SpecializationValues SpecializationValues::for_layout(const EntryLayout& layout) {
    SpecializationValues values;
    values.entry_point_ = layout.entry_point;
    for (const SpecConstantLayout& c : layout.spec_constants) values.values_.push_back({c, c.default_bits});
    return values;
}

const SpecializationValues::Value* SpecializationValues::find(std::string_view name) const {
    for (const Value& v : values_)
        if (v.constant.name == name) return &v;
    return nullptr;
}

SpecializationValues::Value* SpecializationValues::lookup(std::string_view name, std::optional<LayoutError>& error) {
    for (Value& v : values_)
        if (v.constant.name == name) return &v;
    std::string known;
    for (const Value& v : values_) known += (known.empty() ? "'" : ", '") + v.constant.name + "'";
    error = layout_error(LayoutErrorKind::UnknownName,
                         "Entry point '" + entry_point_ + "' reads no specialization constant '" + std::string(name) + "'" +
                             (known.empty() ? std::string("; it reads none.") : "; it reads " + known + "."));
    return nullptr;
}

std::optional<LayoutError> SpecializationValues::set(std::string_view name, std::int32_t value) {
    std::optional<LayoutError> error;
    Value* v = lookup(name, error);
    if (!v) return error;
    if (v->constant.type == SpecConstantType::Int || (v->constant.type == SpecConstantType::UInt && value >= 0)) {
        v->bits = static_cast<std::uint32_t>(value);
        return std::nullopt;
    }
    return wrong_type(v->constant, "the int " + std::to_string(value));
}

std::optional<LayoutError> SpecializationValues::set(std::string_view name, std::uint32_t value) {
    std::optional<LayoutError> error;
    Value* v = lookup(name, error);
    if (!v) return error;
    if (v->constant.type == SpecConstantType::UInt ||
        (v->constant.type == SpecConstantType::Int && value <= std::uint32_t(std::numeric_limits<std::int32_t>::max()))) {
        v->bits = value;
        return std::nullopt;
    }
    return wrong_type(v->constant, "the uint " + std::to_string(value));
}

std::optional<LayoutError> SpecializationValues::set(std::string_view name, float value) {
    std::optional<LayoutError> error;
    Value* v = lookup(name, error);
    if (!v) return error;
    if (v->constant.type != SpecConstantType::Float) return wrong_type(v->constant, "the float " + number_text(value));
    v->bits = std::bit_cast<std::uint32_t>(value);
    return std::nullopt;
}

std::optional<LayoutError> SpecializationValues::set(std::string_view name, double value) {
    return set(name, static_cast<float>(value));
}

std::optional<LayoutError> SpecializationValues::set(std::string_view name, bool value) {
    std::optional<LayoutError> error;
    Value* v = lookup(name, error);
    if (!v) return error;
    if (v->constant.type != SpecConstantType::Bool) return wrong_type(v->constant, value ? "true" : "false");
    v->bits = value ? 1u : 0u;
    return std::nullopt;
}

vulkan::SpecializationInfo SpecializationValues::to_vulkan() const {
    vulkan::SpecializationInfo info;
    for (const Value& v : values_) {
        const std::uint32_t offset = static_cast<std::uint32_t>(info.data.size());
        info.map_entries.push_back({v.constant.id, offset, 4});
        for (int byte = 0; byte < 4; ++byte) info.data.push_back(static_cast<std::uint8_t>(v.bits >> (8 * byte)));
    }
    return info;
}

std::vector<metal::FunctionConstantValue> SpecializationValues::to_metal() const {
    std::vector<metal::FunctionConstantValue> out;
    for (const Value& v : values_) {
        std::uint32_t index = v.constant.id;
        for (const SpecConstantSlot& s : v.constant.slots)
            if (s.target == Target::Msl) index = s.index;
        out.push_back({index, metal_data_type(v.constant.type), v.bits});
    }
    return out;
}

std::vector<webgpu::Constant> SpecializationValues::to_webgpu() const {
    std::vector<webgpu::Constant> out;
    for (const Value& v : values_) {
        double value = 0;
        switch (v.constant.type) {
        case SpecConstantType::Bool:
        case SpecConstantType::UInt: value = v.bits; break;
        case SpecConstantType::Int: value = static_cast<std::int32_t>(v.bits); break;
        case SpecConstantType::Float: value = std::bit_cast<float>(v.bits); break;
        }
        out.push_back({std::to_string(v.constant.id), value});
    }
    return out;
}

std::string SpecializationValues::to_webgpu_json() const {
    std::string out = "{";
    for (const webgpu::Constant& c : to_webgpu()) out += (out.size() > 1 ? "," : "") + ("\"" + c.key + "\":") + number_text(c.value);
    return out + "}";
}

}  // namespace oneshader::layouts
