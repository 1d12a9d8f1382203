// Make-style dependency files.
#include <catch2/catch.hpp>

#include "depfile.hpp"

using namespace oneshader::cli;

TEST_CASE("Make's special characters in paths are escaped") {
    CHECK(escape_make_path("plain/path.hlsl") == "plain/path.hlsl");
    CHECK(escape_make_path("my shaders/a b.hlsl") == "my\\ shaders/a\\ b.hlsl");
    CHECK(escape_make_path("$HOME/x.hlsl") == "$$HOME/x.hlsl");
    CHECK(escape_make_path("dir#1/x.hlsl") == "dir\\#1/x.hlsl");
}

TEST_CASE("one rule: outputs, a colon, every file read once") {
    std::vector<std::string> outputs{"build/post.spv", "build/post.json"};
    std::vector<std::string> inputs{"shaders/post.hlsl", "shaders/common/color.hlsli", "shaders/post.hlsl"};
    CHECK(depfile_text(outputs, inputs) ==
          "build/post.spv build/post.json: shaders/post.hlsl shaders/common/color.hlsli\n");
    CHECK(depfile_text(std::vector<std::string>{"a b.i"}, std::vector<std::string>{"$x#.hlsl"}) ==
          "a\\ b.i: $$x\\#.hlsl\n");
}
