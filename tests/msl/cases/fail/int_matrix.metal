// expect: matrices are float or half only
#include <metal_stdlib>
using namespace metal;
int f() { matrix<int, 2, 2> m; return m[0].x; }
