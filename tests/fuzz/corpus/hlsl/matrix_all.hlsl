float2x3 M;
[shader("pixel")] float4 main() : SV_Target { return all(M) ? 1 : 0; }
