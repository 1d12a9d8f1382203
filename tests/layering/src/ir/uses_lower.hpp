#pragma once
// Breaks the order: the IR includes the lowering.
#include "lower/lower.hpp"
#include "support/arena.hpp"
