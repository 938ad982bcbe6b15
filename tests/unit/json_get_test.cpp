#include <doctest/doctest.h>

#include "dynx/json_get.hpp"

using nlohmann::json;

TEST_CASE("json_get takes integers only from JSON integers that fit") {
  CHECK(dynx::json_get<int>(json(7)) == 7);
  CHECK(dynx::json_get<int>(json(-7)) == -7);
  CHECK(dynx::json_get<int64_t>(json::parse("9223372036854775807")) == INT64_MAX);
  CHECK(dynx::json_get<uint64_t>(json::parse("18446744073709551615")) == UINT64_MAX);
  CHECK_THROWS_AS(dynx::json_get<int64_t>(json::parse("18446744073709551615")), json::type_error);
  CHECK_THROWS_AS(dynx::json_get<int>(json::parse("4294967297")), json::type_error);
  CHECK_THROWS_AS(dynx::json_get<int>(json::parse("2.2222e40")), json::type_error);
  CHECK_THROWS_AS(dynx::json_get<int>(json(2.5)), json::type_error);
  CHECK_THROWS_AS(dynx::json_get<uint64_t>(json(-1)), json::type_error);
  CHECK_THROWS_AS(dynx::json_get<int>(json(true)), json::type_error);
  CHECK_THROWS_AS(dynx::json_get<int>(json("3")), json::type_error);
}

TEST_CASE("json_get: bools from bools, doubles from any number, lists element by element") {
  CHECK(dynx::json_get<bool>(json(true)));
  CHECK_THROWS_AS(dynx::json_get<bool>(json(1)), json::type_error);
  CHECK(dynx::json_get<double>(json(3)) == 3.0);
  CHECK_THROWS_AS(dynx::json_get<double>(json("3")), json::type_error);
  CHECK(dynx::json_get<std::vector<int64_t>>(json::parse("[1, 2, 3]")) == std::vector<int64_t>{1, 2, 3});
  CHECK_THROWS_AS(dynx::json_get<std::vector<int64_t>>(json::parse("[1, 2.5]")), json::type_error);
  CHECK_THROWS_AS(dynx::json_get_list<int>(json(1)), json::type_error);
  CHECK(dynx::json_get<std::string>(json("s")) == "s");
}
