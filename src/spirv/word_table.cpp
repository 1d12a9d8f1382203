#include "spirv/word_table.hpp"

#include <algorithm>

namespace oneshader::spirv {
namespace {

std::uint32_t hash_words(std::span<const std::uint32_t> prefix, std::span<const std::uint32_t> rest) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (std::uint32_t w : prefix) h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    for (std::uint32_t w : rest) h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    return static_cast<std::uint32_t>(h >> 32);
}

}  // namespace

std::uint32_t& WordTable::slot(std::span<const std::uint32_t> prefix, std::span<const std::uint32_t> rest) {
    if (2 * (used_ + 1) > entries_.size()) grow();
    std::uint32_t hash = hash_words(prefix, rest);
    std::size_t size = prefix.size() + rest.size();
    std::size_t mask = entries_.size() - 1;
    for (std::size_t k = hash & mask;; k = (k + 1) & mask) {
        Entry& e = entries_[k];
        if (e.size == 0) {
            e.hash = hash;
            e.offset = static_cast<std::uint32_t>(pool_.size());
            e.size = static_cast<std::uint32_t>(size);
            pool_.insert(pool_.end(), prefix.begin(), prefix.end());
            pool_.insert(pool_.end(), rest.begin(), rest.end());
            ++used_;
            return e.id;
        }
        if (e.hash != hash || e.size != size) continue;
        const std::uint32_t* key = pool_.data() + e.offset;
        if (std::equal(prefix.begin(), prefix.end(), key) && std::equal(rest.begin(), rest.end(), key + prefix.size()))
            return e.id;
    }
}

void WordTable::grow() {
    std::vector<Entry> old = std::move(entries_);
    entries_.assign(old.empty() ? 64 : old.size() * 2, Entry{});
    // The key words of a module's types and constants: a few hundred, in one allocation.
    if (old.empty()) pool_.reserve(512);
    std::size_t mask = entries_.size() - 1;
    for (const Entry& e : old) {
        if (e.size == 0) continue;
        std::size_t k = e.hash & mask;
        while (entries_[k].size != 0) k = (k + 1) & mask;
        entries_[k] = e;
    }
}

}  // namespace oneshader::spirv
