// Size expressions of dynamic graphs as C++.
#include <doctest/doctest.h>

#include <string>

#include "dynx/export/size_expression.hpp"

using namespace dynx::exporter;

TEST_CASE("cpp_size_expression: Python's floor division, only symbols and integers") {
  CHECK(*cpp_size_expression("s0") == "s0");
  CHECK(*cpp_size_expression("2*s0") == "(int64_t{2} * s0)");
  CHECK(*cpp_size_expression("s0*s1//2 + 1") == "(dynx::model::floordiv((s0 * s1), int64_t{2}) + int64_t{1})");
  CHECK(*cpp_size_expression("s0 % 3") == "dynx::model::pymod(s0, int64_t{3})");
  CHECK(*cpp_size_expression("-(s0 - 1)") == "(-(s0 - int64_t{1}))");
  CHECK_FALSE(cpp_size_expression("s0; system(\"x\")"));
  CHECK_FALSE(cpp_size_expression("x0"));
  CHECK_FALSE(cpp_size_expression("s0 +"));
  CHECK_FALSE(cpp_size_expression("(s0"));
  CHECK_FALSE(cpp_size_expression("s1234567"));
  CHECK_FALSE(cpp_size_expression("1234567890123456789"));
}

TEST_CASE("cpp_size_expression: nesting is bounded, errors name the expression") {
  CHECK(cpp_size_expression(std::string(60, '(') + "s0" + std::string(60, ')')));
  auto deep = cpp_size_expression(std::string(100, '(') + "s0" + std::string(100, ')'));
  REQUIRE_FALSE(deep);
  CHECK(deep.error().message.find("nested too deeply") != std::string::npos);
  CHECK(cpp_size_expression("s0 +").error().message.rfind("size expression 's0 +': ", 0) == 0);
}
