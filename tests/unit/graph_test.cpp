#include <doctest/doctest.h>

#include <string>

#include "dynx/files.hpp"
#include "dynx/ir/graph.hpp"

using namespace dynx;
using namespace dynx::ir;
using json = nlohmann::json;

namespace {
json load(const std::string& name) {
  auto text = read_file(std::string(DYNX_TEST_DATA_DIR) + "/" + name);
  REQUIRE(text.has_value());
  return json::parse(*text);
}

json minimal() {
  return json::parse(R"({
    "schema": "dynx.graph", "version": 1, "id": "0/0/0",
    "frame": {"file": "/p/m.py", "line": 3, "function": "f"},
    "inputs": [{"name": "l_x", "kind": "user_input", "source": "L['x']",
                "meta": {"shape": [2], "stride": [1], "dtype": "float32", "device": "cpu",
                         "requires_grad": false, "storage_offset": 0}}],
    "nodes": [{"name": "add", "op": "aten::add.Tensor", "args": [{"ref": "l_x"}, 1], "kwargs": {},
               "outputs": [{"name": "add", "meta": {"shape": [2], "stride": [1], "dtype": "float32",
                            "device": "cpu", "requires_grad": false, "storage_offset": 0}}],
               "stack": [{"file": "/p/m.py", "line": 4, "function": "f"}]}],
    "outputs": [{"name": "add", "reasons": ["returned"]}],
    "op_count": 1})");
}
}  // namespace

TEST_CASE("graphs written by dynx-capture read back whole") {
  for (const char* name : {"graph_multiple_outputs.json", "graph_inplace.json", "graph_no_grad.json",
                           "graph_views.json", "graph_dynamic.json", "graph_cond.json"}) {
    CAPTURE(name);
    json original = load(name);
    auto graph = graph_from_json(original);
    REQUIRE_MESSAGE(graph.has_value(), graph.error().message);
    CHECK(graph->id == original["id"]);
    CHECK(graph->inputs.size() == original["inputs"].size());
    CHECK(graph->nodes.size() == original["op_count"].get<size_t>());
    CHECK(graph->outputs.size() == original["outputs"].size());
    CHECK(graph->symbols.size() == original.value("symbols", json::array()).size());
  }
}

TEST_CASE("a dynamic entry's graph keeps its symbols and expressions") {
  auto graph = graph_from_json(load("graph_dynamic.json"));
  REQUIRE_MESSAGE(graph.has_value(), graph.error().message);
  REQUIRE(graph->symbols.size() == 1);
  CHECK(graph->symbols[0].name == "s0");
  CHECK(graph->symbols[0].source == "L['x'].size()[0]");
  CHECK(graph->symbols[0].min == 2);
  CHECK_FALSE(graph->symbols[0].max.has_value());
  CHECK(graph->inputs[0].meta.sym_shape == std::vector<SymDim>{{0, "s0"}, {4, ""}});
  const Node& view = graph->nodes[2];
  CHECK(view.op == "aten::view.default");
  REQUIRE(view.args[1].items.size() == 3);
  CHECK(view.args[1].items[0].kind == Argument::Kind::symint);
  CHECK(view.args[1].items[0].text == "s0");
  json bad = load("graph_dynamic.json");
  bad["inputs"][0]["meta"]["sym_shape"] = json::array({"s0"});
  CHECK(graph_from_json(bad).error().message == "input l_x: symbolic and recorded ranks differ");
}

TEST_CASE("what a graph records is reachable from the model") {
  auto inplace = graph_from_json(load("graph_inplace.json"));
  REQUIRE(inplace.has_value());
  REQUIRE(inplace->nodes.size() == 3);
  CHECK(inplace->nodes[1].op == "aten::add_.Tensor");
  CHECK(inplace->nodes[1].mutates == std::vector<std::string>{"self"});
  CHECK(inplace->nodes[1].outputs[0].alias == "inplace");
  auto grad = graph_from_json(load("graph_no_grad.json"));
  REQUIRE(grad.has_value());
  CHECK_FALSE(grad->nodes[0].grad_enabled);
  CHECK(grad->nodes.back().grad_enabled);
  auto multi = graph_from_json(load("graph_multiple_outputs.json"));
  REQUIRE(multi.has_value());
  CHECK(multi->nodes[0].outputs.size() == 2);
  CHECK(multi->inputs[0].source == "L['x']");
}

TEST_CASE("arguments keep their kinds") {
  json j = minimal();
  j["nodes"][0]["args"] = json::parse(
      R"([{"ref": "l_x"}, 1, 2.5, true, null, [1, 2], {"dtype": "float16"}, {"device": "cpu"},
          {"str": "mean"}, {"float": "-inf"}, {"memory_format": "contiguous_format"}])");
  auto graph = graph_from_json(j);
  REQUIRE_MESSAGE(graph.has_value(), graph.error().message);
  const auto& args = graph->nodes[0].args;
  CHECK(args[1].kind == Argument::Kind::integer);
  CHECK(args[2].kind == Argument::Kind::real);
  CHECK(args[3].kind == Argument::Kind::boolean);
  CHECK(args[4].kind == Argument::Kind::none);
  CHECK(args[5].items.size() == 2);
  CHECK(args[6].text == "float16");
  CHECK(args[9].kind == Argument::Kind::special_float);
}

TEST_CASE("bad graphs are refused with the place and the reason") {
  json j = minimal();
  j["version"] = 3;
  CHECK(graph_from_json(j).error().message == "graph format version 3 is newer than this dynx reads (2)");
  j = minimal();
  j["schema"] = "something.else";
  CHECK(graph_from_json(j).error().message == "not a dynx graph (schema is 'something.else')");
  j = minimal();
  j["nodes"][0]["args"][0]["ref"] = "ghost";
  CHECK(graph_from_json(j).error().message == "node add: uses 'ghost' before it is defined");
  j = minimal();
  j["nodes"][0].erase("op");
  CHECK(graph_from_json(j).error().message == "node add: missing \"op\"");
  j = minimal();
  j["op_count"] = 5;
  CHECK(graph_from_json(j).error().message == "op_count does not match the number of nodes");
  j = minimal();
  j["outputs"][0]["name"] = "nothing";
  CHECK(graph_from_json(j).error().message == "output 'nothing' is not a value of the graph");
  j = minimal();
  j["inputs"][0]["meta"]["shape"] = "wide";
  CHECK(graph_from_json(j).error().message == "input l_x: \"shape\" has the wrong type");
}

TEST_CASE("read_graph names the file; truncated JSON is an error, not a crash") {
  std::string path = std::string(DYNX_TEST_DATA_DIR) + "/graph_views.json";
  auto text = read_file(path);
  REQUIRE(text.has_value());
  std::string truncated_path = "/tmp/dynx_graph_test_truncated.json";
  REQUIRE(write_file_atomic(truncated_path, text->substr(0, text->size() / 2)).has_value());
  auto truncated = read_graph(truncated_path);
  REQUIRE_FALSE(truncated.has_value());
  CHECK(truncated.error().message ==
        "while reading graph " + truncated_path + ": not valid JSON (truncated or corrupt?)");
  CHECK(read_graph(path).has_value());
}

TEST_CASE("sizes and integers past 2^63-1 are too large, not negative") {
  json j = minimal();
  j["inputs"][0]["meta"]["shape"] = json::array({18446744073709551615ull});
  CHECK(graph_from_json(j).error().message ==
        "input l_x: a size of 18446744073709551615 is too large (at most 2^63-1)");
  j = minimal();
  j["nodes"][0]["args"][1] = 9223372036854775808ull;
  CHECK(graph_from_json(j).error().message.find("the integer 9223372036854775808 is too large") != std::string::npos);
  j = minimal();
  j["inputs"][0]["meta"]["shape"] = json::array({-2});
  CHECK(graph_from_json(j).error().message == "input l_x: a negative size");
}

TEST_CASE("read_graph refuses JSON nested past the bound before parsing it") {
  std::string path = "/tmp/dynx_graph_test_deep.json";
  std::string deep = minimal().dump();
  deep.replace(deep.find("\"args\":[") + 8, 0, std::string(100000, '[') + std::string(100000, ']') + ",");
  REQUIRE(write_file_atomic(path, deep).has_value());
  auto graph = read_graph(path);
  REQUIRE_FALSE(graph.has_value());
  CHECK(graph.error().message == "while reading graph " + path + ": JSON nested more than 512 levels deep");
}

TEST_CASE("specialize_numbers: a graph taking Python numbers computes at their recorded values") {
  // Recorded by dynx-capture from f(x, n): return x * n, with n = 2, then 3.
  auto graph = graph_from_json(load("graph_dynamic_int.json"));
  REQUIRE_MESSAGE(graph.has_value(), graph.error().message);
  auto notes = specialize_numbers(*graph);
  REQUIRE_MESSAGE(notes.has_value(), notes.error().message);
  CHECK(*notes == std::vector<std::string>{"L['n'] = 3"});
  CHECK(graph->symbols.empty());
  const Argument& n = graph->nodes[0].args[1];
  CHECK(n.kind == Argument::Kind::integer);
  CHECK(n.integer == 3);

  // A float, and a size expression that mixes a number with a size.
  json j = load("graph_dynamic_int.json");
  j["symbols"] = json::parse(R"([{"name": "s0", "source": "L['x'].size()[0]", "min": 2, "max": null, "example": 3},
                                 {"name": "s1", "source": "L['scale']", "kind": "float", "min": null, "max": null,
                                  "example": 0.5}])");
  j["nodes"][0]["args"][1] = json{{"sym", "s1"}};
  auto floats = graph_from_json(j);
  REQUIRE_MESSAGE(floats.has_value(), floats.error().message);
  REQUIRE(specialize_numbers(*floats).has_value());
  CHECK(floats->nodes[0].args[1].kind == Argument::Kind::real);
  CHECK(floats->nodes[0].args[1].real == 0.5);
  CHECK(floats->symbols.size() == 1);
  // The negated float (SGD's alpha=-lr).
  j["nodes"][0]["args"][1] = json{{"sym", "-s1"}};
  auto negated = graph_from_json(j);
  REQUIRE(negated.has_value());
  REQUIRE(specialize_numbers(*negated).has_value());
  CHECK(negated->nodes[0].args[1].kind == Argument::Kind::real);
  CHECK(negated->nodes[0].args[1].real == -0.5);
  // An integer minus it (an EMA's alpha=1 - decay), as Python computes it.
  j["nodes"][0]["args"][1] = json{{"sym", "-s1 + 1"}};
  auto affine = graph_from_json(j);
  REQUIRE(affine.has_value());
  REQUIRE(specialize_numbers(*affine).has_value());
  CHECK(affine->nodes[0].args[1].kind == Argument::Kind::real);
  CHECK(affine->nodes[0].args[1].real == 1 - 0.5);
  // One operator and a float constant over it, as Python computed it
  // (`smoothing / (n - 1)`, `0.5 * self.beta`, `1.5 - lr`).
  for (auto [text, want] : {std::pair{"s1/3.0", 0.5 / 3.0}, {"3.0/s1", 3.0 / 0.5}, {"s1*0.1", 0.5 * 0.1},
                            {"-0.25*s1", -0.25 * 0.5}, {"s1 + 0.1", 0.5 + 0.1}, {"s1 - 1e-05", 0.5 - 1e-05},
                            {"1.5 - s1", 1.5 - 0.5}, {"-0.5 - s1", -0.5 - 0.5}}) {
    j["nodes"][0]["args"][1] = json{{"sym", text}};
    auto operated = graph_from_json(j);
    REQUIRE(operated.has_value());
    REQUIRE(specialize_numbers(*operated).has_value());
    CHECK(operated->nodes[0].args[1].kind == Argument::Kind::real);
    CHECK(operated->nodes[0].args[1].real == want);
  }
  for (const char* bad : {"s1/3", "s1 + 0.1 + 0.2", "0.1 + s1", "s1/x.5", "s1*", "*s1"}) {
    j["nodes"][0]["args"][1] = json{{"sym", bad}};
    auto refused_op = graph_from_json(j);
    if (refused_op.has_value()) CHECK_FALSE(specialize_numbers(*refused_op).has_value());
  }
  // A constant divided by an int (`d // heads`), floor division as Python's.
  j["symbols"][1] = json::parse(R"({"name": "s1", "source": "L['heads']", "kind": "int", "min": null, "max": null,
                                     "example": 5})");
  for (auto [text, want] : {std::pair{"12//s1", int64_t{2}}, {"-12//s1", int64_t{-3}}, {"12//s1 + 1", int64_t{3}}}) {
    j["nodes"][0]["args"][1] = json{{"sym", text}};
    auto divided = graph_from_json(j);
    REQUIRE(divided.has_value());
    REQUIRE(specialize_numbers(*divided).has_value());
    CHECK(divided->nodes[0].args[1].kind == Argument::Kind::integer);
    CHECK(divided->nodes[0].args[1].integer == want);
  }
  j["symbols"][1] = json::parse(R"({"name": "s1", "source": "L['scale']", "kind": "float", "min": null,
                                     "max": null, "example": 0.5})");
  for (const char* bad : {"-s1 +", "s1 + x", "s1 * 2", "2*s1 - 1.5", "12//s1", "s0//s1", "x//s1"}) {
    j["nodes"][0]["args"][1] = json{{"sym", bad}};
    auto refused_form = graph_from_json(j);
    if (refused_form.has_value()) CHECK_FALSE(specialize_numbers(*refused_form).has_value());
  }
  j["nodes"][0]["args"][1] = json{{"sym", "s0*s1"}};
  auto mixed = graph_from_json(j);
  REQUIRE(mixed.has_value());
  auto refused = specialize_numbers(*mixed);
  REQUIRE_FALSE(refused.has_value());
  CHECK(refused.error().message.find("mixes a Python number") != std::string::npos);
}

TEST_CASE("a torch.cond node keeps its branches as subgraphs, checked as graphs of their own") {
  json original = load("graph_cond.json");
  auto graph = graph_from_json(original);
  REQUIRE_MESSAGE(graph.has_value(), graph.error().message);
  const Node& cond = graph->nodes.back();
  CHECK(cond.op == "higher_order::cond");
  CHECK(cond.args[1].kind == Argument::Kind::subgraph);
  CHECK(cond.args[1].text == "true_graph_0");
  CHECK(cond.args[2].text == "false_graph_0");
  REQUIRE(cond.subgraphs.is_object());
  CHECK(cond.subgraphs.size() == 2);
  CHECK(graph->nodes.size() == 4);  // the branches' operators are not the graph's

  json missing = original;
  missing["nodes"][3]["args"][2] = {{"graph", "else_graph"}};
  auto bad = graph_from_json(missing);
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().message.find("names subgraph 'else_graph'") != std::string::npos);

  json undefined = original;
  undefined["nodes"][3]["subgraphs"]["true_graph_0"]["nodes"][0]["args"][0] = {{"ref", "mul"}};
  bad = graph_from_json(undefined);
  REQUIRE_FALSE(bad.has_value());  // a branch sees its operands only, not the outer graph's values
  CHECK(bad.error().message.find("subgraph true_graph_0") != std::string::npos);

  json wrong_output = original;
  wrong_output["nodes"][3]["subgraphs"]["false_graph_0"]["outputs"][0]["name"] = "nothing";
  CHECK_FALSE(graph_from_json(wrong_output).has_value());

  // A branch holding a cond holding a cond ...: read up to 8 deep, refused past that.
  auto nested = [&](int depth) {
    json current = original["nodes"][3]["subgraphs"]["true_graph_0"];
    for (int i = 0; i < depth; ++i) {
      json node = original["nodes"][3];
      node["args"] = json::array({{{"ref", "arg0"}}, {{"graph", "true_graph_0"}}, {{"graph", "false_graph_0"}},
                                  json::array({{{"ref", "arg0"}}})});
      node["subgraphs"]["true_graph_0"] = current;
      json wrapper = current;
      wrapper["nodes"] = json::array({node});
      wrapper["outputs"] = json::array({node["outputs"][0]});
      current = wrapper;
    }
    json deep = original;
    deep["nodes"][3]["subgraphs"]["true_graph_0"] = current;
    return graph_from_json(deep);
  };
  auto two = nested(2);
  REQUIRE_MESSAGE(two.has_value(), two.error().message);
  auto eleven = nested(11);
  REQUIRE_FALSE(eleven.has_value());
  CHECK(eleven.error().message.find("nested more than 8 deep") != std::string::npos);
}
