// references.cpp - C++ references for 'expect cpp NAME' cases (see references.hpp).
#include "references.hpp"

#include <cstring>
#include <stdexcept>

namespace oneshader::exec {

namespace {

// Reading and writing the case's bytes.
template <typename T>
std::vector<T> as(const Bytes& bytes)
{
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
}

template <typename T>
Bytes bytes_of(const std::vector<T>& values)
{
    Bytes bytes(values.size() * sizeof(T));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

const Bytes& input(const Case& c, const std::string& name)
{
    const Resource* r = c.find_resource(name);
    if (!r)
        throw std::runtime_error("the C++ reference needs the resource '" + name + "'");
    return r->contents;
}

// compute/prefix_sum.hlsl: exclusive scan of Input (ElementCount values); BlockSums holds the scanned block totals.
ExpectedOutputs prefix_sum(const Case& c)
{
    const auto params = as<std::uint32_t>(input(c, "ScanParams"));
    const std::uint32_t count = params[0];
    const auto values = as<std::uint32_t>(input(c, "Input"));
    std::vector<std::uint32_t> output(as<std::uint32_t>(input(c, "Output")).size(), 0);
    std::vector<std::uint32_t> block_sums(as<std::uint32_t>(input(c, "BlockSums")).size(), 0);
    std::uint32_t sum = 0;
    for (std::uint32_t i = 0; i < count; ++i)
    {
        if (i % 512 == 0)
            block_sums[i / 512] = sum;
        output[i] = sum;
        sum += values[i];
    }
    return {{"Output", bytes_of(output)}, {"BlockSums", bytes_of(block_sums)}};
}

struct Row
{
    const char* name;
    ReferenceFunction function;
};

constexpr Row table[] = {
    {"prefix_sum", prefix_sum},
};

}  // namespace

ReferenceFunction find_reference(const std::string& name)
{
    for (const Row& row : table)
        if (name == row.name)
            return row.function;
    return nullptr;
}

}  // namespace oneshader::exec
