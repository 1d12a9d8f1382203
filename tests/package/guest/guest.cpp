// The guest project's program: a generated header and the compiler library in one program.
#include <oneshader/oneshader.hpp>

#include <cstdio>

#include "sprite.hpp"

int main() {
    static_assert(shaders::Sprite::VSMain::stride == 16);
    std::printf("%s %zu words, oneshader %s\n", shaders::Sprite::VSMain::entry_point, shaders::Sprite::VSMain::spirv.size(),
                oneshader::version());
    return 0;
}
