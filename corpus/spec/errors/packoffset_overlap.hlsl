// expect: OSH0332
// constructed from the spec page "Match HLSL constant buffers with C# structs" ("Overlapping packoffset members are an error (OSH0332)")
cbuffer Overlap : register(b0)
{
    float4 A : packoffset(c0);
    float2 B : packoffset(c0.z);
    float C : packoffset(c0.w);     // overlaps B.y
};
[shader("pixel")] float4 PSMain() : SV_Target { return A + float4(B, C, 0); }
