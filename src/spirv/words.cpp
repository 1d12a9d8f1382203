#include "spirv/words.hpp"

namespace oneshader::spirv {

void append_string(Words& operands, std::string_view s) {
    // The terminating nul always fits: a string of 4n bytes gets a whole extra zero word.
    std::size_t word_count = s.size() / 4 + 1;
    std::size_t first = operands.size();
    operands.resize(first + word_count, 0);
    for (std::size_t i = 0; i < s.size(); ++i)
        operands[first + i / 4] |= static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])) << (8 * (i % 4));
}

void InstructionStream::add(spv::Op op, std::span<const std::uint32_t> operands) {
    auto count = static_cast<std::uint32_t>(operands.size() + 1);
    words_.push_back((count << spv::WordCountShift) | static_cast<std::uint32_t>(op));
    words_.insert(words_.end(), operands.begin(), operands.end());
}

}  // namespace oneshader::spirv
