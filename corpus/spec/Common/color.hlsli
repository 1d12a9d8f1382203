// Not from the spec: post.hlsl (cookbook/migrate-from-dxc) includes "color.hlsli" without showing it.
// This stand-in supplies the Tonemap function it calls.
float3 Tonemap(float3 c) { return c / (1.0 + c); }
