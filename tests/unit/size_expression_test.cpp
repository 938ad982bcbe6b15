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

TEST_CASE("cpp_size_expression: a constant divisor of 0 and constant overflow are refused") {
  CHECK(cpp_size_expression("16 // 0").error().message == "size expression '16 // 0': division by zero");
  CHECK(cpp_size_expression("16 % (2-2)").error().message == "size expression '16 % (2-2)': division by zero");
  CHECK(cpp_size_expression("s0 // (3*2 - 6)").error().message.find("division by zero") != std::string::npos);
  CHECK(cpp_size_expression("s0 % ((7 // 2) % 3)").error().message.find("division by zero") != std::string::npos);
  CHECK(cpp_size_expression("999999999999999999 * 999999999999999999").error().message.find("overflows") !=
        std::string::npos);
  // Python's semantics when folding: -7 // 2 == -4, so -7 // 2 + 4 is 0.
  CHECK(cpp_size_expression("s0 // (-7 // 2 + 4)").error().message.find("division by zero") != std::string::npos);
  CHECK(cpp_size_expression("s0 // (-7 % 2 - 1)").error().message.find("division by zero") != std::string::npos);
  CHECK(cpp_size_expression("s0\n  x").error().message == "size expression 's0\\n  x': unexpected '\n'");
  // A divisor made of symbols is checked when the model runs.
  CHECK(*cpp_size_expression("16 // (s0 - s0)") == "dynx::model::floordiv(int64_t{16}, (s0 - s0))");
}
