#include "spirv/words.hpp"

#include <algorithm>

namespace oneshader::spirv {
namespace {

// Writes `s` in literal-string form over `word_count` words at `out`.
void pack_string(std::uint32_t* out, std::size_t word_count, std::string_view s) {
    std::fill(out, out + word_count, 0u);
    for (std::size_t i = 0; i < s.size(); ++i)
        out[i / 4] |= static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])) << (8 * (i % 4));
}

}  // namespace

void append_string(Words& operands, std::string_view s) {
    // The terminating nul always fits: a string of 4n bytes gets a whole extra zero word.
    std::size_t word_count = string_words(s);
    std::size_t first = operands.size();
    operands.resize(first + word_count);
    pack_string(operands.data() + first, word_count, s);
}

std::uint32_t* InstructionStream::grow(spv::Op op, std::size_t count) {
    std::size_t first = words_.size();
    words_.resize(first + count);
    std::uint32_t* out = words_.data() + first;
    *out = (static_cast<std::uint32_t>(count) << spv::WordCountShift) | static_cast<std::uint32_t>(op);
    return out + 1;
}

void InstructionStream::add(spv::Op op, std::span<const std::uint32_t> operands) {
    std::uint32_t* out = grow(op, operands.size() + 1);
    std::copy(operands.begin(), operands.end(), out);
}

void InstructionStream::add(spv::Op op, std::initializer_list<std::uint32_t> head, std::span<const std::uint32_t> tail) {
    std::uint32_t* out = grow(op, 1 + head.size() + tail.size());
    out = std::copy(head.begin(), head.end(), out);
    std::copy(tail.begin(), tail.end(), out);
}

void InstructionStream::add_with_string(spv::Op op, std::initializer_list<std::uint32_t> head, std::string_view s,
                                        std::span<const std::uint32_t> tail) {
    std::size_t string_count = string_words(s);
    std::uint32_t* out = grow(op, 1 + head.size() + string_count + tail.size());
    out = std::copy(head.begin(), head.end(), out);
    pack_string(out, string_count, s);
    std::copy(tail.begin(), tail.end(), out + string_count);
}

}  // namespace oneshader::spirv
