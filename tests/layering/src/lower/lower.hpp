#pragma once
// Allowed: the lowering includes the IR and sema.
#include "ir/uses_lower.hpp"
#include "sema/bound.hpp"
