#pragma once
// Out of bounds: the optimizer includes the bound tree.
#include "sema/bound.hpp"
