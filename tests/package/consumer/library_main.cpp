// Links the installed compiler library as a user would: preprocess a small text, print the result, and
// fail when the library reports a problem.
#include <oneshader/oneshader.hpp>

#include <cstdio>

int main() {
    oneshader::CompileOptions options;
    options.defines.push_back({"SCALE", "2"});
    oneshader::PreprocessResult result = oneshader::preprocess("float scale = SCALE;\n", "consumer.hlsl", options);
    for (const oneshader::Diagnostic& d : result.diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
    if (!result.ok()) return 1;
    std::fputs(result.text.c_str(), stdout);
    return 0;
}
