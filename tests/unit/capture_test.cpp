#include <doctest/doctest.h>

#include "dynx/ir/capture.hpp"

using namespace dynx::ir;

namespace {
Capture capture_with(std::vector<std::pair<std::vector<std::string>, uint64_t>> entries) {
  Capture c;
  c.directory = "cap";
  FrameRecord f;
  f.function = "forward";
  int n = 0;
  for (auto& [graphs, hits] : entries) {
    CacheEntryRecord e;
    e.id = "0/" + std::to_string(n++);
    e.graphs = graphs;
    e.hits = hits;
    f.entries.push_back(e);
  }
  c.frames.push_back(f);
  return c;
}
}  // namespace

TEST_CASE("the graph to compile: the only one, or the most-used entry's") {
  CHECK(*capture_with({{{"0/0/0"}, 1}}).choose_graph("") == "0/0/0");
  CHECK(*capture_with({{{"0/0/0"}, 1}, {{"0/1/0"}, 5}}).choose_graph("") == "0/1/0");
  CHECK(*capture_with({{{"0/0/0"}, 1}, {{"0/1/0"}, 5}}).choose_graph("0/0/0") == "0/0/0");
}

TEST_CASE("no obvious graph, or a missing one, is an error listing the candidates") {
  auto tie = capture_with({{{"0/0/0"}, 2}, {{"0/1/0"}, 2}}).choose_graph("");
  REQUIRE_FALSE(tie.has_value());
  CHECK(tie.error().message ==
        "cap has 2 graphs and none is the obvious choice; pick one with --graph:\n"
        "  0/0/0  (entry 0/0, 2 hits, forward)\n  0/1/0  (entry 0/1, 2 hits, forward)");
  auto missing = capture_with({{{"0/0/0"}, 1}}).choose_graph("9/9/9");
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message == "no graph 9/9/9 in cap (it has 0/0/0)");
  auto none = capture_with({}).choose_graph("");
  REQUIRE_FALSE(none.has_value());
  CHECK(none.error().message == "cap has no graphs (did the program call a torch.compile'd function?)");
}
