// docs/diagnostics.md lists every code of the table with its severity, so users can look a code up.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <string>

#include "support/diagnostics.hpp"

using namespace oneshader::support;

TEST_CASE("every diagnostic code is documented with its severity", "[diagnostics][docs]") {
    std::ifstream in(std::string(ONESHADER_SOURCE_DIR) + "/docs/diagnostics.md");
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string doc = ss.str();
    auto severity = [](DiagSeverity s) { return s == DiagSeverity::Warning ? "warning" : s == DiagSeverity::Note ? "note" : "error"; };
#define X(num, sev, name)                                                                                     \
    {                                                                                                         \
        std::string row = fmt::format("| {} | {} |", format_code(DiagCode::name), severity(DiagSeverity::sev)); \
        INFO(row);                                                                                            \
        CHECK(doc.find(row) != std::string::npos);                                                            \
    }
#define A(alias, name)
#include "support/diag_codes.def"
#undef A
#undef X
}
