// expect: no matching function for call to 'sqrt'
#include <metal_stdlib>
using namespace metal;
float f(int i) { return sqrt(i); }
