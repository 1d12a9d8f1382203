#pragma once
// Reading enum names back (the line format's reader): the inverse of the to_string overloads.
#include <optional>
#include <string_view>

#include "oneshader/reflection.hpp"

namespace oneshader::reflect {

// Finds the value whose to_string() equals `name`, trying values 0..limit-1.
template <class E>
std::optional<E> enum_from_name(std::string_view name, unsigned limit) {
    for (unsigned i = 0; i < limit; ++i) {
        E v = static_cast<E>(i);
        if (to_string(v) == name) return v;
    }
    return std::nullopt;
}

}  // namespace oneshader::reflect
