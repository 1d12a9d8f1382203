// compile_spirv finding: a float2 SV_Position output gave a Position built-in of two components;
// now the system value's type is checked.
[shader("vertex")]
float2 VSMain(float2 p : POSITION) : SV_Position
{
    return p;
}
