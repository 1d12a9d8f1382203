#include "support/arena.hpp"

#include <algorithm>
#include <cstdlib>

namespace oneshader::support {

Arena::~Arena() {
    for (auto it = destructors_.rbegin(); it != destructors_.rend(); ++it) it->destroy(it->object);
    for (std::byte* b : blocks_) ::operator delete(b);
}

void* Arena::allocate_slow(std::size_t size, std::size_t align) {
    // Blocks grow geometrically up to 1 MiB; an oversized request gets a block of its own.
    std::size_t need = size + align;
    std::size_t block = std::max(next_block_size_, need);
    next_block_size_ = std::min<std::size_t>(next_block_size_ * 2, 1u << 20);
    auto* mem = static_cast<std::byte*>(::operator new(block));
    blocks_.push_back(mem);
    bytes_reserved_ += block;
    cursor_ = mem;
    end_ = mem + block;
    return allocate(size, align);
}

}  // namespace oneshader::support
