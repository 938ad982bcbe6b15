#include <doctest/doctest.h>

#include "dynx/explain/guard_diff.hpp"

using namespace dynx;
using namespace dynx::explain;
using json = nlohmann::json;

namespace {
ir::GuardRecord tensor(const std::string& source, json shape, const std::string& dtype = "float32") {
  return {"TENSOR_MATCH", source, source + ": tensor",
          json{{"type", "Tensor"}, {"dtype", dtype}, {"device", "cpu"}, {"requires_grad", false}, {"shape", shape},
               {"stride", json::array()}}};
}
ir::GuardRecord equals(const std::string& source, json value) {
  return {"EQUALS_MATCH", source, source + " == " + value.dump(), json{{"value", value}}};
}
}  // namespace

TEST_CASE("guards are matched by kind and source, and compared fact by fact") {
  std::vector<ir::GuardRecord> a = {tensor("L['x']", {8, 4}), equals("L['n']", 2)};
  std::vector<ir::GuardRecord> b = {equals("L['n']", 2), tensor("L['x']", {16, 4})};  // order does not matter
  json d = diff_guards(a, b, "0/0", "0/1");
  CHECK_FALSE(d["same"].get<bool>());
  REQUIRE(d["changed"].size() == 1);
  CHECK(d["changed"][0]["differences"][0] == json{{"what", "size(0)"}, {"old", 8}, {"new", 16}});
  CHECK(d["verdict"] == "entries differ only in L['x'] size(0): 8 vs 16 - a candidate for a dynamic dimension");
  CHECK(diff_guards(a, a, "x", "y")["same"].get<bool>());
  CHECK(diff_guards(a, a, "x", "y")["verdict"] == "the guard sets are the same");
}

TEST_CASE("values, dtypes, added and removed guards make a general verdict") {
  std::vector<ir::GuardRecord> a = {tensor("L['x']", {8}), equals("L['scale']", 1.0)};
  std::vector<ir::GuardRecord> b = {tensor("L['x']", {8}, "float64"), equals("L['steps']", 4)};
  json d = diff_guards(a, b, "a", "b");
  CHECK(d["added"].size() == 1);
  CHECK(d["removed"].size() == 1);
  CHECK(d["verdict"] == "guards differ: 1 changed, 1 added, 1 removed; first: L['x'] dtype float32 vs float64");
  std::string text = render_diff_text(d);
  CHECK(text.find("- L['scale'] == 1.0") != std::string::npos);
  CHECK(text.find("+ L['steps'] == 4") != std::string::npos);
}

TEST_CASE("input descriptions parse tensors and Python values") {
  auto t = parse_input("x=float32[16, 4]");
  REQUIRE(t.has_value());
  CHECK(t->tensor);
  CHECK(t->dtype == "float32");
  CHECK(t->shape == std::vector<int64_t>{16, 4});
  CHECK(parse_input("steps=6")->value == 6);
  CHECK(parse_input("scale=0.5")->value == 0.5);
  CHECK(parse_input("flag=True")->value == true);
  CHECK(parse_input("bias=None")->value.is_null());
  CHECK(parse_input("mode=sum")->value == "sum");
  CHECK(parse_input("oops").error().message == "'oops': expected NAME=VALUE, e.g. x=float32[16,4]");
  // What looks like a tensor is one, or an error (not the Python string "float32[-1,2]").
  CHECK(parse_input("x=float32[-1,2]").error().message == "'x=float32[-1,2]': '-1' is not a size");
  CHECK(parse_input("x=float32[2.5]").error().message == "'x=float32[2.5]': '2.5' is not a size");
  CHECK(parse_input("x=flaot32[2,3]").error().message ==
        "'x=flaot32[2,3]': unknown dtype 'flaot32' (float32, int64, bool, ...)");
  CHECK(parse_input("x=float8_e4m3fn[2]").error().message.find("unknown dtype 'float8_e4m3fn'") != std::string::npos);
  CHECK(parse_input("x=bool[]")->shape.empty());
}

TEST_CASE("an entry against described inputs names the guard that would fail") {
  ir::CacheEntryRecord entry;
  entry.id = "0/1";
  entry.guards = {tensor("L['x']", {"s0", 4}), equals("L['steps']", 4)};
  auto check = [&](std::vector<std::string> texts) {
    std::vector<InputDescription> inputs;
    for (const auto& t : texts) inputs.push_back(*parse_input(t));
    return check_inputs(entry, inputs);
  };
  CHECK(check({"x=float32[32,4]", "steps=4"})["same"].get<bool>());
  CHECK(check({"x=float32[1,4]", "steps=4"})["failing"][0]["reason"] == "2 <= L['x'].size()[0] (actual 1)");
  CHECK(check({"x=float32[8,5]", "steps=4"})["failing"][0]["reason"] ==
        "tensor 'x' size mismatch at index 1. expected 4, actual 5");
  CHECK(check({"x=float64[8,4]", "steps=4"})["failing"][0]["reason"] ==
        "tensor 'x' dtype mismatch. expected float32, actual float64");
  json partial = check({"x=float32[8,4]"});
  CHECK(partial["same"].get<bool>());
  CHECK(partial["unchecked"] == json::array({"L['steps']"}));
  CHECK(check({"x=float32[8,4]", "steps=5"})["verdict"] == "entry 0/1 would refuse these inputs: L['steps'] == 4");
}
