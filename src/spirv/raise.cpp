// The SPIR-V raise list: the target-neutral transforms (src/raise/) the SPIR-V emitter relies
// on, in the order they run. Each line says why SPIR-V needs it; the emitter reports a call one
// of them should have rewritten (a RAISED row of intrinsics.def) as malformed input.
#include "spirv/raise.hpp"

#include "raise/polyfills.hpp"

namespace oneshader::spirv {

void raise(ir::Module& module) {
    // Intrinsics GLSL.std.450 and the core instruction set have no instruction for:
    raise::polyfill_sign(module);      // FSign/SSign answer in the operand's type, HLSL in int
    raise::polyfill_saturate(module);  // FClamp with constant bounds
    raise::polyfill_rcp(module);       // OpFDiv of one
    raise::polyfill_log10(module);     // Log2 times log10(2), as DXC writes it
    raise::polyfill_mad(module);       // Fma for floats; OpIMul and OpIAdd for integers
    raise::polyfill_ldexp(module);     // GLSL.std.450 Ldexp takes an integer exponent, HLSL a float
    raise::polyfill_isfinite(module);  // OpIsNan and OpIsInf, no OpIsFinite in shaders
}

}  // namespace oneshader::spirv
