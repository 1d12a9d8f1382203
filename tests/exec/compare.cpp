// compare.cpp - output comparison (see compare.hpp).
#include "compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>

namespace oneshader::exec {

namespace {

Bytes select(const Output& output, const Bytes& bytes)
{
    const std::size_t begin = std::min(output.offset, bytes.size());
    const std::size_t end = output.size ? std::min(bytes.size(), begin + *output.size) : bytes.size();
    Bytes range(bytes.begin() + static_cast<std::ptrdiff_t>(begin), bytes.begin() + static_cast<std::ptrdiff_t>(end));
    if (output.stride == 0)
        return range;
    Bytes fields;
    for (std::size_t at = 0; at + output.stride <= range.size(); at += output.stride)
        fields.insert(fields.end(), range.begin() + static_cast<std::ptrdiff_t>(at + output.field_offset),
                      range.begin() + static_cast<std::ptrdiff_t>(at + output.field_offset + output.field_size));
    return fields;
}

std::vector<double> values(const Output& output, const Format* format, const Bytes& bytes)
{
    if (format)
        return decode_components(*format, bytes);
    std::vector<double> result;
    for (std::size_t at = 0; at + 4 <= bytes.size(); at += 4)
    {
        std::uint32_t word;
        std::memcpy(&word, bytes.data() + at, 4);
        switch (output.type)
        {
        case ValueType::uint: result.push_back(word); break;
        case ValueType::sint: result.push_back(static_cast<std::int32_t>(word)); break;
        case ValueType::floating:
        {
            float f;
            std::memcpy(&f, &word, 4);
            result.push_back(f);
            break;
        }
        }
    }
    return result;
}

std::vector<std::uint32_t> sorted_words(const Bytes& bytes)
{
    std::vector<std::uint32_t> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), words.size() * 4);
    std::sort(words.begin(), words.end());
    return words;
}

}  // namespace

const Format* output_format(const Case& c, const Output& output)
{
    if (output.name == "target")
        return c.target ? &c.target->format : nullptr;
    const Resource* r = c.find_resource(output.name);
    return r && r->is_image() ? &*r->format : nullptr;
}

bool compare_output(const Case& c, const Output& output, const Bytes& actual_all, const Bytes& expected_all,
                    bool prefix_only, std::string& report)
{
    const Format* format = output_format(c, output);
    Bytes actual = select(output, actual_all);
    Bytes expected = select(output, expected_all);
    if (prefix_only && expected.size() < actual.size())
        actual.resize(expected.size());
    std::ostringstream out;
    if (actual.size() != expected.size())
    {
        out << output.name << ": " << actual.size() << " bytes, expected " << expected.size();
        report = out.str();
        return false;
    }
    if (output.sort)
    {
        const auto a = sorted_words(actual), e = sorted_words(expected);
        std::memcpy(actual.data(), a.data(), a.size() * 4);
        std::memcpy(expected.data(), e.data(), e.size() * 4);
    }
    const auto a = values(output, format, actual);
    const auto e = values(output, format, expected);
    const std::size_t components = format ? static_cast<std::size_t>(format->components) : 1;
    std::size_t mismatches = 0;
    double worst = 0;
    // The pixels with a differing component, for the run's allowance (Output::allowed_pixels).
    std::size_t differing_pixels = 0, last_pixel = SIZE_MAX;
    for (std::size_t i = 0; i < a.size() && i < e.size(); ++i)
    {
        bool same = false;
        if (output.tolerance)
        {
            const double difference = std::fabs(a[i] - e[i]);
            same = difference <= *output.tolerance * std::max(1.0, std::fabs(e[i])) ||
                   (std::isnan(a[i]) && std::isnan(e[i]));
            if (!same)
                worst = std::max(worst, difference);
        }
        else
        {
            same = format ? a[i] == e[i] || (std::isnan(a[i]) && std::isnan(e[i]))
                          : std::memcmp(actual.data() + 4 * i, expected.data() + 4 * i, 4) == 0;
        }
        if (!same && format && i / components != last_pixel)
        {
            ++differing_pixels;
            last_pixel = i / components;
        }
        if (!same && ++mismatches <= 8)
        {
            out << "  " << output.name << (format ? " component " : " word ") << i;
            if (format && c.target && output.name == "target")
                out << " (pixel " << (i / components) % c.target->width << "," << (i / components) / c.target->width
                    << ")";
            out.precision(9);
            out << ": got " << a[i] << ", expected " << e[i] << "\n";
        }
    }
    if (mismatches == 0 && !(format == nullptr && actual != expected && !output.tolerance))
        return true;
    if (format && mismatches > 0 && differing_pixels <= output.allowed_pixels)
        return true;
    std::ostringstream summary;
    summary << output.name << ": " << mismatches << " of " << a.size() << " values differ";
    if (output.tolerance)
        summary << " (tolerance " << *output.tolerance << ", largest difference " << worst << ")";
    if (format && output.allowed_pixels)
        summary << ", in " << differing_pixels << " pixels (the case allows " << output.allowed_pixels << ")";
    summary << "\n" << out.str();
    report = summary.str();
    return false;
}

}  // namespace oneshader::exec
