#include "textgen/namer.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace oneshader::textgen {

namespace {

// Letters, digits and `_`, as a table: the namer tests every character of every wanted name.
constexpr std::array<bool, 256> kIdentChar = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c)
        t[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    return t;
}();

bool ident_char(char c) { return kIdentChar[static_cast<unsigned char>(c)]; }

constexpr std::uint32_t kFnvBasis = 2166136261u;  // FNV-1a
std::uint32_t hash_more(std::uint32_t h, std::string_view s) {
    for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
}
std::uint32_t hash_name(std::string_view s) { return hash_more(kFnvBasis, s); }

// Already an identifier with no run of `_`: most wanted names are, and they are copied whole.
bool plain_name(std::string_view name) {
    char prev = '\0';
    for (char c : name) {
        if (!ident_char(c) || (c == '_' && prev == '_')) return false;
        prev = c;
    }
    return true;
}

// hash_name(name), and plain_name(name) in `plain`, from one pass: fresh() needs both for every
// wanted name, and they were two scans.
std::uint32_t hash_and_check(std::string_view name, bool& plain) {
    std::uint32_t h = kFnvBasis;
    bool ok = true, prev_underscore = false;
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        h = (h ^ u) * 16777619u;
        const bool underscore = c == '_';
        ok &= kIdentChar[u] & !(underscore & prev_underscore);
        prev_underscore = underscore;
    }
    plain = ok;
    return h;
}

// True when legal_name(target, name) is `name` itself, given plain_name(name) and hash_name(name).
bool legal_as_is(NameTarget target, std::string_view name, bool plain, std::uint32_t hash) {
    if (!plain || name.empty() || name == "_") return false;
    if ((name[0] >= '0' && name[0] <= '9') || (name[0] == '_' && name.size() > 1 && name[1] >= 'A' && name[1] <= 'Z'))
        return false;
    return !is_reserved_name(target, name, hash);
}

}  // namespace

std::string legal_name(NameTarget target, std::string_view name) {
    std::string out;
    if (plain_name(name)) {
        out.assign(name);
    } else {
        out.reserve(name.size() + 2);
        for (char c : name) {
            char k = ident_char(c) ? c : '_';
            if (k == '_' && !out.empty() && out.back() == '_') continue;
            out += k;
        }
    }
    if (out.empty() || out == "_") {
        out.clear();
        out.push_back('v');
    }
    else if ((out[0] >= '0' && out[0] <= '9') || (out[0] == '_' && out[1] >= 'A' && out[1] <= 'Z'))
        out = std::string(1, 'v').append(out);
    if (is_reserved_name(target, out)) out += target == NameTarget::Wgsl ? "_" : "0";
    return out;
}

void Namer::open_scope(const Namer& parent) {
    parent_ = &parent;
    target_ = parent.target_;
    pool_.clear();
    count_ = 0;
    repeat_want_.clear();
    repeat_table_ = static_cast<std::size_t>(-1);
    // A function's scope is small: a table a large function grew is not cleared for every small one.
    if (slots_.size() > 64) slots_.clear();
    else std::fill(slots_.begin(), slots_.end(), Slot{});
}

bool Namer::used(std::string_view name) const {
    const std::uint32_t h = hash_name(name);
    return find(name, h) != kNone || in_parent(name, h);
}

bool Namer::in_parent(std::string_view name, std::uint32_t h) const {
    for (const Namer* p = parent_; p; p = p->parent_)
        if (p->find(name, h) != kNone) return true;
    return false;
}

std::uint32_t Namer::find(std::string_view name) const { return find(name, hash_name(name)); }

std::uint32_t Namer::find(std::string_view name, const std::uint32_t h) const {
    if (slots_.empty()) return kNone;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t k = h & mask;; k = (k + 1) & mask) {
        const Slot& s = slots_[k];
        if (s.offset == kNone) return kNone;
        if (s.hash == h && std::string_view(pool_).substr(s.offset, s.size) == name)
            return static_cast<std::uint32_t>(k);
    }
}

void Namer::grow() {
    std::vector<Slot> old = std::move(slots_);
    // A printer's scope holds a few dozen names: the first table takes them without growing.
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    if (old.empty()) pool_.reserve(512);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
        if (s.offset == kNone) continue;
        std::size_t k = s.hash & mask;
        while (slots_[k].offset != kNone) k = (k + 1) & mask;
        slots_[k] = s;
    }
}

std::uint32_t Namer::insert(std::string_view name, bool* added) { return insert(name, hash_name(name), added); }

std::uint32_t Namer::insert(std::string_view name, const std::uint32_t h, bool* added) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    std::size_t k = h & mask;
    for (;; k = (k + 1) & mask) {
        const Slot& s = slots_[k];
        if (s.offset == kNone) break;
        if (s.hash == h && std::string_view(pool_).substr(s.offset, s.size) == name) {
            if (added) *added = false;
            return static_cast<std::uint32_t>(k);
        }
    }
    slots_[k] = Slot{static_cast<std::uint32_t>(pool_.size()), static_cast<std::uint32_t>(name.size()), h, 0};
    pool_.append(name);
    ++count_;
    if (added) *added = true;
    return static_cast<std::uint32_t>(k);
}

std::string Namer::fresh(std::string_view want) {
    std::uint32_t base_slot;
    std::uint32_t h = 0;
    bool plain = false;
    if (repeat_table_ == slots_.size() && want == repeat_want_) {
        // The wanted name of the last call, whose base was taken: the base's slot is known while
        // the table has not grown (most calls ask for `v`, `x` or one source name in a row).
        base_slot = repeat_slot_;
    } else if (h = hash_and_check(want, plain); legal_as_is(target_, want, plain, h)) {
        // Most wanted names are legal as they are: looked up without a copy, which a taken
        // name would only throw away, and hashed once for the reserved words and the table.
        bool added = false;
        base_slot = insert(want, h, &added);
        if (added && !in_parent(want, h)) return std::string(want);
    } else {
        std::string base = legal_name(target_, want);
        bool added = false;
        const std::uint32_t base_hash = hash_name(base);
        base_slot = insert(base, base_hash, &added);
        if (added && !in_parent(base, base_hash)) return base;
    }
    // The base is taken, here or in a parent (then it is entered here too, with no suffix tried
    // yet: every name a parent gives is seen by looking it up, so the first free suffix is the
    // same wherever the search starts below it).
    std::uint32_t n = slots_[base_slot].next;
    bool added = false;
    // `base_N` for the next N not given yet, built in one buffer. No reserved word ends in `_N`
    // (namer_keywords.cpp checks its lists at compile time), so only clashes with given names
    // are looked up.
    const std::size_t base_size = slots_[base_slot].size;
    std::string candidate(pool_, slots_[base_slot].offset, base_size);
    // FNV-1a runs left to right, so each candidate's hash continues the stem's.
    std::uint32_t stem_hash = slots_[base_slot].hash;
    if (candidate.back() != '_') {
        candidate += '_';
        stem_hash = hash_more(stem_hash, "_");
    }
    const std::size_t stem = candidate.size();
    for (;;) {
        char digits[16];
        const std::to_chars_result r = std::to_chars(digits, digits + sizeof digits, ++n);
        candidate.resize(stem);
        candidate.append(digits, r.ptr);
        const std::size_t table = slots_.size();
        const std::uint32_t candidate_hash = hash_more(stem_hash, std::string_view(digits, r.ptr));
        insert(candidate, candidate_hash, &added);
        if (slots_.size() != table) base_slot = find(std::string_view(candidate).substr(0, base_size));  // it moved
        if (!added || in_parent(candidate, candidate_hash)) continue;
        slots_[base_slot].next = n;
        repeat_want_.assign(want);
        repeat_slot_ = base_slot;
        repeat_table_ = slots_.size();
        return candidate;
    }
}

}  // namespace oneshader::textgen
