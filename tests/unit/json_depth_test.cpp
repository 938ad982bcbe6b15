#include <doctest/doctest.h>

#include <string>

#include "dynx/json_depth.hpp"

using namespace dynx;

TEST_CASE("json_depth_within: brackets outside strings, up to the limit") {
  CHECK(json_depth_within(R"({"a": [1, [2, {"b": []}]]})", 5));
  CHECK_FALSE(json_depth_within(R"({"a": [1, [2, {"b": []}]]})", 4));
  CHECK(json_depth_within(R"(["[[[[", "\"[[[", "\\", {}])", 2));  // brackets and escapes inside strings
  CHECK(json_depth_within("", 0));
  CHECK(json_depth_within("]]]]}}[", 1));  // malformed: left to the parser
  CHECK(json_depth_within(std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']')));
  CHECK_FALSE(json_depth_within(std::string(100000, '[')));
  CHECK(json_too_deep_text(3) == "JSON nested more than 3 levels deep");
}
