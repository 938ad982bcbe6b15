#include <doctest/doctest.h>

#include "dynx/strings.hpp"

using namespace dynx;

TEST_CASE("split keeps empty fields") {
  CHECK(split("a,,b", ',') == std::vector<std::string>{"a", "", "b"});
  CHECK(split("", ',') == std::vector<std::string>{""});
}

TEST_CASE("trim and join") {
  CHECK(trim("  x y \n") == "x y");
  CHECK(trim("   ").empty());
  CHECK(join({"a", "b", "c"}, ", ") == "a, b, c");
}

TEST_CASE("shell_quote quotes only when needed") {
  CHECK(shell_quote("train.py") == "train.py");
  CHECK(shell_quote("two words") == "'two words'");
  CHECK(shell_quote("it's") == "'it'\\''s'");
  CHECK(shell_quote("") == "''");
}
