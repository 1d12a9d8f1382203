// references.hpp - expected outputs computed in C++, independently of any shader compiler, for cases that say
// 'expect cpp NAME'. A reference reads the case's inputs and returns the expected bytes of some of its outputs
// (whole buffers or images, laid out as the runner reads them back); the case's output lines say how to compare.
#pragma once

#include "case_file.hpp"

#include <map>
#include <string>

namespace oneshader::exec {

using ExpectedOutputs = std::map<std::string, Bytes>;
using ReferenceFunction = ExpectedOutputs (*)(const Case&);

// nullptr when there is no reference of that name.
ReferenceFunction find_reference(const std::string& name);

}  // namespace oneshader::exec
