// Escaping, literals and the indentation of the C++ writer.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "dynx/export/cpp_writer.hpp"

using namespace dynx::exporter;

TEST_CASE("string literals and comments hold any bytes without breaking out") {
  CHECK(cpp_string_literal("a\"b\\c\nd") == "\"a\\\"b\\\\c\\012d\"");
  CHECK(cpp_string_literal("?" "?=") == "\"\\077\\077=\"");
  CHECK(cpp_string_literal(std::string("a\0" "1", 3)) == "\"a\\0001\"");
  CHECK(cpp_comment("x */ #include <evil>\n y\\") == "x * / #include <evil>? y");
  CHECK(cpp_comment("/*/").find("*/") == std::string::npos);
  CHECK(cpp_comment("?" "?/").find("?" "?") == std::string::npos);
  CHECK(cpp_comment("trailing \\ \\") == "trailing");
}

TEST_CASE("identifiers are made of [a-z0-9_] only") {
  CHECK(cpp_identifier("L['x']") == "v_l_x");
  CHECK(cpp_identifier("Add__2") == "v_add_2");
  CHECK(cpp_identifier("caf\xc3\xa9") == "v_caf");
  CHECK(cpp_identifier("") == "v_");
  CHECK(cpp_identifier(std::string(100, 'a')).size() == 41);
}

TEST_CASE("number literals read back exactly") {
  CHECK(cpp_int_literal(-3) == "int64_t{-3}");
  CHECK(cpp_int_literal(std::numeric_limits<int64_t>::min()) == "std::numeric_limits<int64_t>::min()");
  CHECK(cpp_double_literal(2.0) == "2.0");
  CHECK(cpp_double_literal(0.1) == "0.10000000000000001");
  CHECK(cpp_double_literal(1e300) == "1.0000000000000001e+300");
  CHECK(cpp_double_literal(NAN) == "std::numeric_limits<double>::quiet_NaN()");
  CHECK(cpp_double_literal(-INFINITY) == "(-std::numeric_limits<double>::infinity())");
  CHECK(cpp_int_array({1, 2}) == "{1, 2}");
  CHECK(cpp_int_array({}) == "{0}");
}

TEST_CASE("the writer indents scopes and closes their blocks") {
  CppWriter w;
  w.comment("a */ comment");
  {
    auto f = w.block("void f() {");
    w.line("int x = 0;", "why\nnot");
    {
      auto inner = w.block("{");
      w.line("(void)x;");
    }
    w.line("");
  }
  {
    auto table = w.block("const int k[] = {", "};", CppWriter::kContinuation);
    w.line("1,");
  }
  {
    auto more = w.indented();
    w.append("  // appended as is\n");
    w.line("g();");
  }
  CHECK(w.text() ==
        "// a * / comment\n"
        "void f() {\n"
        "  int x = 0;  // why?not\n"
        "  {\n"
        "    (void)x;\n"
        "  }\n"
        "\n"
        "}\n"
        "const int k[] = {\n"
        "    1,\n"
        "};\n"
        "  // appended as is\n"
        "  g();\n");
}
