// blur_vertical.hlsl - the vertical pass of the separable blur: the same source with BLUR_HORIZONTAL 0.
#define BLUR_HORIZONTAL 0
#define BLUR_TAPS 4
#include "blur.hlsl"

// An extra entry point only the vertical pass has: blur and composite over the original.
Texture2D<float4> Original : register(t1);

[shader("pixel")]
float4 PSBlurComposite(FullscreenVaryings i) : SV_Target
{
    float4 blurred = PSBlur(i);
    float4 original = Original.SampleLevel(LinearClamp, i.Uv, 0);
    return lerp(original, blurred, saturate(Radius * 0.25));
}
