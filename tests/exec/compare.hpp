// compare.hpp - compares a case output with its expectation as the case's 'output' line says: exact bytes for
// integer data, a tolerance for floats and images, an optional byte range, field selection and sorting.
#pragma once

#include "case_file.hpp"

#include <string>

namespace oneshader::exec {

// The format of an image output (the render target or an image resource), or nullptr for a buffer.
const Format* output_format(const Case& c, const Output& output);

// True when `actual` matches `expected`; otherwise `report` says where they differ. With `prefix_only` only as many
// bytes as `expected` has (after the range is applied) are compared: literal expectations may list a prefix.
bool compare_output(const Case& c, const Output& output, const Bytes& actual, const Bytes& expected, bool prefix_only,
                    std::string& report);

}  // namespace oneshader::exec
