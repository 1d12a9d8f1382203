#pragma once
// The support types every generated header carries (stages, resource kinds, vertex formats, the
// vector, matrix and padded-array templates the structs are made of), guarded by one macro so
// that several generated headers can be included together.
#include <string>

namespace oneshader::cppgen {

std::string support_block();

}  // namespace oneshader::cppgen
