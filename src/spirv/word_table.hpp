#pragma once
// Ids keyed by short word sequences: a type or constant instruction's opcode and operands, so each
// shape is declared once. Open addressing over one flat pool of key words: a lookup builds no key
// object and allocates nothing. Only looked up, never walked, so its order cannot reach the output.
#include <cstdint>
#include <span>
#include <vector>

namespace oneshader::spirv {

class WordTable {
public:
    // The id stored for the key `prefix` followed by `rest`. A key seen for the first time is
    // recorded with id 0; the caller sets the id through the reference, which stays valid until
    // the next call.
    std::uint32_t& slot(std::span<const std::uint32_t> prefix, std::span<const std::uint32_t> rest);

private:
    struct Entry {
        std::uint32_t hash = 0;
        std::uint32_t offset = 0;  // into pool_
        std::uint32_t size = 0;    // key words; 0 marks a free entry (no key is empty)
        std::uint32_t id = 0;
    };
    void grow();

    std::vector<Entry> entries_;  // a power of two long, at most half full
    std::vector<std::uint32_t> pool_;
    std::size_t used_ = 0;
};

}  // namespace oneshader::spirv
