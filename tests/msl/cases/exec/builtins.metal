// Every compute builtin the runner provides, folded into one number per thread.
#include <metal_stdlib>
using namespace metal;
kernel void builtins(device uint* o [[buffer(0)]], uint i [[thread_index_in_threadgroup]], uint qi [[thread_index_in_quadgroup]],
  uint qg [[quadgroup_index_in_threadgroup]], uint sg [[simdgroups_per_threadgroup]], uint sgi [[simdgroup_index_in_threadgroup]],
  ushort2 tp [[thread_position_in_threadgroup]], uint3 tpg [[threads_per_grid]], uint3 gpg [[threadgroups_per_grid]], uint3 d [[dispatch_threads_per_threadgroup]]) {
  o[i] = qi + 10 * qg + 100 * sg + 1000 * sgi + tp.x + tpg.x + gpg.x + d.x;
}
