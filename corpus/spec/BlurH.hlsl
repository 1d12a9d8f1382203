// spec page "Compile HLSL in a C# project with dotnet build"
// defines: RADIUS=4
// include-dirs: Common
#define HORIZONTAL 1
#include "Blur.hlsli"
