// Liveness, aliasing and the memory plan, on graphs written by dynx-capture.
#include <doctest/doctest.h>

#include "dynx/export/memory_plan.hpp"
#include "dynx/files.hpp"

using namespace dynx;
using namespace dynx::exporter;

namespace {

TorchInfo probe_answer() {
  auto text = read_file(DYNX_SOURCE_DIR "/tests/unit/data/codegen_torch_ops.json");
  REQUIRE(text);
  auto torch = torch_info_from_json(nlohmann::json::parse(*text));
  REQUIRE(torch);
  return *torch;
}

ir::Graph graph(const char* name) {
  auto g = ir::read_graph(std::string(DYNX_SOURCE_DIR "/tests/unit/data/") + name);
  REQUIRE(g);
  return *g;
}

ir::TensorMeta meta(std::vector<int64_t> shape, std::vector<int64_t> stride, std::string dtype = "float32") {
  ir::TensorMeta m;
  m.shape = std::move(shape);
  m.stride = std::move(stride);
  m.dtype = std::move(dtype);
  return m;
}

}  // namespace

TEST_CASE("liveness: views share the memory of what they view, outputs escape with it") {
  // view -> t -> select, slice (views of l_x) -> add(select, slice) -> output
  auto g = graph("graph_views.json");
  auto live = analyze_liveness(g, probe_answer());
  CHECK(live.outputs.count(g.outputs[0].name));
  CHECK(live.roots.at("view") == std::set<std::string>{"view", "l_x"});
  CHECK(live.roots.at("t").count("l_x"));
  CHECK(live.escaping.count(g.outputs[0].name));
  // The view's memory lives as long as the last view of it is read.
  size_t last = 0;
  for (const auto& [name, index] : live.last_use) last = std::max(last, index);
  CHECK(live.memory_end.at("view") == last);
  CHECK(live.last_read_at("l_x", 0));
  CHECK_FALSE(live.last_read_at("l_x", 1));
}

TEST_CASE("liveness: an in-place result aliases its target") {
  auto g = graph("graph_inplace.json");
  auto live = analyze_liveness(g, probe_answer());
  for (const auto& node : g.nodes)
    if (node.op == "aten::add_.Tensor") CHECK(live.roots.at(*node.outputs[0].name).size() > 1);
  CHECK(may_alias(g.nodes[0], g.nodes[0].outputs[0], 0, TorchInfo{}));  // unknown operator: it may
}

TEST_CASE("memory plan: slots are reused once free, best fit first, grown when none fits") {
  MemoryPlan plan;
  auto small = meta({4}, {1});              // 16 bytes -> 64
  auto large = meta({64, 4}, {4, 1});       // 1024 bytes
  auto bytes = meta({3}, {1}, "bool");      // 3 bytes -> 64
  CHECK(MemoryPlan::buffer_bytes(small) == 64);
  CHECK(MemoryPlan::buffer_bytes(large) == 1024);
  CHECK(plan.place(small, 0, 2) == 0);      // slot 0, busy until node 2
  CHECK(plan.place(small, 1, 1) == 1);      // slot 0 busy: slot 1
  CHECK(plan.place(large, 2, 3) == 2);      // slot 1 free (busy until 1), grown to 1024
  CHECK(plan.place(bytes, 3, 4) == 3);      // slot 0 free since 2 and fits
  REQUIRE(plan.slots().size() == 2);
  CHECK(plan.buffers()[2].slot == 1);
  CHECK(plan.buffers()[3].slot == 0);
  CHECK(plan.slots()[1].bytes == 1024);
  CHECK(plan.planned_bytes() == 64 + 1024);
  CHECK(plan.unshared_bytes() == 16 + 16 + 1024 + 3);
}

TEST_CASE("dense_strides: some permutation of the dims is row-major, at offset 0") {
  CHECK(dense_strides(meta({2, 3}, {3, 1})));
  CHECK(dense_strides(meta({2, 3}, {1, 2})));
  CHECK(dense_strides(meta({2, 1}, {1, 7})));
  CHECK_FALSE(dense_strides(meta({2, 3}, {4, 1})));
  auto offset = meta({2}, {1});
  offset.storage_offset = 2;
  CHECK_FALSE(dense_strides(offset));
}
