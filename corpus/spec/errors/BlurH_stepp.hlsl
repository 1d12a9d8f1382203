// expect: OSH0300
// spec page "Compile HLSL in a C# project with dotnet build" ("An error in an included file": reported at Blur_stepp.hlsli(12,43)).
// defines: RADIUS=4
#define HORIZONTAL 1
#include "Blur_stepp.hlsli"
