// flags: -DONESHADER_METAL_DEVICE_SPACE
// expect: no matching function for call to 'r'
// expect: cannot pass pointer to address space '1' as a pointer to generic address space
#include <metal_stdlib>
using namespace metal;
// With device memory in its own address space (not the default, see docs/msl-checks.md) device is not thread.
static float r(thread float* p) { return p[0]; }
kernel void k(device float* o [[buffer(0)]]) { o[0] = r(o); }
