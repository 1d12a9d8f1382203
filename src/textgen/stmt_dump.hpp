#pragma once
// The statement tree as indented text, for tests and debugging. Values and blocks are named as
// the IR dump names them (`%3`, `bb2`), so a fixture and its tree read side by side:
//   let %3 = add          a Value bound to a local      inline %4 = mul   one printed at its use
//   var %0 = alloca       effect store                  %5 <- %3          a phi's assignment
//   snapshot %5           if %2 { ... } else { ... }    switch %1 { case 1 2 default { ... } }
//   loop bb1 { ... } continuing { ... break if !%7 }    break, break loop, continue, return %3
#include <string>

#include "textgen/stmt.hpp"

namespace oneshader::textgen {

std::string dump(const StructuredFunction& f);

}  // namespace oneshader::textgen
