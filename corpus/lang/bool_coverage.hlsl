// bool_coverage.hlsl - a bool varying (a uint stage variable, flat, as DXC passes it) and the
// pixel shader's SV_Coverage in and out: two rectangles, the left one flagged; every odd row
// writes a coverage mask of 0, which discards the pixel. Left and right, and rows counted in
// framebuffer coordinates, are the same whichever way clip-space y points.
struct Varyings
{
    float4 position : SV_Position;
    bool left : LEFT;
};

struct PixelOut
{
    float4 color : SV_Target;
    uint mask : SV_Coverage;
};

static const float2 kCorners[6] = { float2(-1, -1), float2(1, -1), float2(-1, 1),
                                    float2(1, -1), float2(1, 1), float2(-1, 1) };

[shader("vertex")]
Varyings VSMain(uint id : SV_VertexID)
{
    // Rectangle 0 covers the left half of the target (x from -1 to 0), rectangle 1 the right half.
    uint rect = id / 6;
    float2 corner = kCorners[id % 6];
    Varyings v;
    v.position = float4(corner.x * 0.5 + (rect == 0 ? -0.5 : 0.5), corner.y, 0, 1);
    v.left = rect == 0;
    return v;
}

[shader("pixel")]
PixelOut PSMain(Varyings v, uint coverage : SV_Coverage)
{
    PixelOut o;
    o.color = v.left ? float4(1, 0, 0, 1) : float4(0, 0, 1, 1);
    o.mask = (uint(v.position.y) & 1) == 0 ? coverage : 0;
    return o;
}
