// expect: as_type needs types of the same size
#include <metal_stdlib>
using namespace metal;
float f(double d) { return as_type<float>(d); }
