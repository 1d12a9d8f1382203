// Built only with CONSUMER_BROKEN_SHADER: its shader does not compile, so this never does either.
#include "broken.hpp"

int main() { return 0; }
