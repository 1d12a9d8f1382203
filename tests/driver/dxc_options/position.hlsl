// -fvk-invert-y negates SV_Position.y; -fspv-entrypoint-name renames the entry point.
cbuffer Camera : register(b0) {
    float4x4 ViewProj;
};

float4 main(float3 position : POSITION) : SV_Position {
    return mul(ViewProj, float4(position, 1.0));
}
