#include <doctest/doctest.h>

#include "dynx/ir/weights_index.hpp"

using namespace dynx::ir;

TEST_CASE("weights.json reads into typed views of storages") {
  auto index = parse_weights_index(
      R"({"schema": "dynx.weights", "version": 1, "file": "weights.safetensors", "tensors": {
            "fc.weight": {"storage": "storage0", "dtype": "float32", "shape": [4, 3], "stride": [3, 1],
                          "storage_offset": 2},
            "bad": {"storage": "storage1"}}})",
      "w.json");
  REQUIRE(index.has_value());
  CHECK(index->file == "weights.safetensors");
  const WeightEntry* w = index->find("fc.weight");
  REQUIRE(w != nullptr);
  CHECK(w->storage == "storage0");
  CHECK(w->dtype == "float32");
  CHECK(w->shape == std::vector<int64_t>{4, 3});
  CHECK(w->stride == std::vector<int64_t>{3, 1});
  CHECK(w->storage_offset == 2);
  CHECK_FALSE(w->malformed);
  // A broken entry is kept, marked: only graphs that use it fail.
  REQUIRE(index->find("bad") != nullptr);
  CHECK(index->find("bad")->malformed);
  CHECK(index->find("missing") == nullptr);
}

TEST_CASE("a broken weights.json is an error naming the file") {
  auto truncated = parse_weights_index("{", "cap/weights.json");
  REQUIRE_FALSE(truncated.has_value());
  CHECK(truncated.error().message == "cap/weights.json: not valid JSON (truncated or corrupt)");
  auto other = parse_weights_index(R"({"tensors": []})", "cap/weights.json");
  REQUIRE_FALSE(other.has_value());
  CHECK(other.error().message == "cap/weights.json: not a dynx weights index");
  auto missing = read_weights_index("/nonexistent/weights.json");
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message.rfind("/nonexistent/weights.json: ", 0) == 0);
}

TEST_CASE("numbers that are not integers of the right range make an entry malformed, never a cast") {
  // 2.2e40 as an int64 was undefined behaviour (found by fuzz_weights); 2.5 became 2.
  for (const char* bad : {R"("storage_offset": 2.2222e40, "shape": [4], "stride": [1])",
                          R"("storage_offset": 2.5, "shape": [4], "stride": [1])",
                          R"("storage_offset": 0, "shape": [1e30], "stride": [1])",
                          R"("storage_offset": 0, "shape": [4], "stride": [18446744073709551615])",
                          R"("storage_offset": true, "shape": [4], "stride": [1])"}) {
    auto index = parse_weights_index(std::string(R"({"tensors": {"w": {"storage": "s", "dtype": "float32", )") + bad +
                                         "}}}",
                                     "w.json");
    REQUIRE(index.has_value());
    REQUIRE(index->find("w") != nullptr);
    CHECK_MESSAGE(index->find("w")->malformed, bad);
  }
}
