#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "dynx/export/aot_dynamic_ranges.hpp"
#include "dynx/files.hpp"

using namespace dynx;
using namespace dynx::exporter;

namespace {
ir::Graph dynamic_graph() {
  auto text = read_file(std::string(DYNX_TEST_DATA_DIR) + "/graph_dynamic.json");
  REQUIRE(text.has_value());
  auto graph = ir::graph_from_json(nlohmann::json::parse(*text));
  REQUIRE(graph.has_value());
  return *graph;
}

std::string error_of(const std::string& spec, ir::Graph graph = dynamic_graph()) {
  auto range = parse_dynamic_range(spec);
  if (!range) return range.error().message;
  auto applied = apply_dynamic_ranges(graph, {*range});
  return applied ? "" : applied.error().message;
}
}  // namespace

TEST_CASE("parse_dynamic_range: NAME:DIM=MIN..MAX, MAX optional") {
  auto r = parse_dynamic_range("x:0=1..64");
  REQUIRE(r.has_value());
  CHECK(r->input == "x");
  CHECK(r->dim == 0);
  CHECK(r->min == 1);
  CHECK(r->max == 64);
  auto open = parse_dynamic_range("l_x:1=2..");
  REQUIRE(open.has_value());
  CHECK_FALSE(open->max.has_value());
  for (const char* bad : {"x", "x:0", "x:0=1", ":0=1..2", "x:a=1..2", "x:0=-1..2", "x:0=1..b", "x:0=1..2..3"})
    CHECK_MESSAGE(!parse_dynamic_range(bad).has_value(), bad);
  CHECK(parse_dynamic_range("x:0=8..4").error().message == "--dynamic x:0=8..4: the maximum is below the minimum");
}

TEST_CASE("apply_dynamic_ranges sets a symbol's range by the model's or the program's name") {
  for (const char* spec : {"x:0=1..64", "l_x:0=1..64"}) {
    ir::Graph graph = dynamic_graph();
    auto notes = apply_dynamic_ranges(graph, {*parse_dynamic_range(spec)});
    REQUIRE_MESSAGE(notes.has_value(), notes.error().message);
    CHECK(graph.symbols[0].min == 1);
    CHECK(graph.symbols[0].max == 64);
    REQUIRE(notes->size() == 2);  // size 1 is allowed with a note, then the range
    CHECK(notes->back() == "s0 (L['x'].size()[0]) takes sizes 1..64");
  }
  // A keyword argument of forward(**kwargs), as transformers models take input_ids.
  ir::Graph graph = dynamic_graph();
  graph.inputs[0].source = "L['kwargs']['input_ids']";
  REQUIRE(apply_dynamic_ranges(graph, {*parse_dynamic_range("input_ids:0=2..16")}).has_value());
  CHECK(graph.symbols[0].max == 16);
}

TEST_CASE("apply_dynamic_ranges refuses what it cannot honour") {
  CHECK(error_of("y:0=2..8").rfind("--dynamic y:0=2..8: graph 0/1/0 has no input 'y' (it takes: l_x (x), l_w (w))", 0) ==
        0);
  CHECK(error_of("w:0=2..8").rfind("--dynamic w:0=2..8: dimension 0 of 'l_w' is fixed at 4 in graph 0/1/0", 0) == 0);
  CHECK(error_of("x:5=2..8") == "--dynamic x:5=2..8: input 'l_x' has 2 dimensions");
  CHECK(error_of("x:0=2..4") == "--dynamic x:0=2..4: the captured size 8 of s0 is outside 2..4");
  // squeeze computes differently at size 1: sizes 0 and 1 stay specialised there.
  ir::Graph squeezing = dynamic_graph();
  squeezing.nodes[1].op = "aten::squeeze.dim";
  CHECK(error_of("x:0=1..64", squeezing).find("calls aten::squeeze.dim (node relu), whose result changes at size 1") !=
        std::string::npos);
  CHECK(error_of("x:0=2..64", squeezing).empty());
}
