#pragma once
// Backends do not include each other.
#include "ir/uses_lower.hpp"
#include "msl/printer.hpp"
