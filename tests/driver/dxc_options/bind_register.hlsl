// DXC's -fvk-bind-register (its tests vulkan.binding.cl.register and .globals): each register in
// its space goes to the slot the table names, and -fvk-bind-globals places $Globals.
Texture2D MyTexture : register(t5);
SamplerState MySampler : register(s3, space1);

int globalInteger;
float4 globalFloat4;

float4 main() : SV_Target {
    return MyTexture.Sample(MySampler, float2(0.1, 0.2)) + globalFloat4 * globalInteger;
}
