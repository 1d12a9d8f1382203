// spec page "Switch from the DXC command line"
// defines: EXPOSURE=1.5
// include-dirs: Common
// entry: main pixel
// No [shader] attribute: compiled with -T ps_6_0 -E main, as on the spec page. Common/color.hlsli is not in the spec; the corpus supplies one.
#include "color.hlsli"
Texture2D<float4> Scene : register(t0);
SamplerState Linear : register(s1);

float4 main(float2 uv : TEXCOORD0) : SV_Target
{
    return float4(Tonemap(Scene.Sample(Linear, uv).rgb * EXPOSURE), 1);
}
