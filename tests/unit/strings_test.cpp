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

