// The native backend: lowering to the kernel IR (fusion, views as index
// arithmetic, refusals) and the C++ it emits. Building and running the
// models is tests/e2e/run_aot.py's "native" step.
#include <doctest/doctest.h>

#include <string>

#include "dynx/export/native_backend.hpp"
#include "dynx/export/native_ir.hpp"
#include "dynx/ir/graph.hpp"

using namespace dynx;
using namespace dynx::exporter;

namespace {

ir::Graph load(const char* name) {
  auto g = ir::read_graph(std::string(DYNX_SOURCE_DIR) + "/tests/unit/data/" + name);
  REQUIRE_MESSAGE(g, (g ? "" : g.error().message));
  return *g;
}

native::Program lowered(const ir::Graph& g) {
  auto p = native::lower(g, std::vector<int>(g.inputs.size(), -1));
  REQUIRE_MESSAGE(p, (p ? "" : p.error().message));
  return *p;
}

size_t count(const native::Program& p, native::Kernel::Kind kind) {
  size_t n = 0;
  for (const auto& k : p.kernels) n += k.kind == kind;
  return n;
}

}  // namespace

TEST_CASE("native lowering: views are index arithmetic, the pointwise result one kernel") {
  // view, t, select, slice, then add; t, select and add are the graph's
  // outputs: one loop writing each output, no intermediate buffer.
  auto p = lowered(load("graph_views.json"));
  REQUIRE(p.kernels.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(p.kernels[i].kind == native::Kernel::Kind::pointwise);
    CHECK(p.buffers[static_cast<size_t>(p.kernels[i].out)].kind == native::Buffer::Kind::output);
  }
  for (const auto& b : p.buffers) CHECK(b.kind != native::Buffer::Kind::temp);
}

TEST_CASE("native lowering: a dynamic graph keeps its symbols in loop bounds; relu fuses into the reduction") {
  auto g = load("graph_dynamic.json");
  auto p = lowered(g);
  CHECK(count(p, native::Kernel::Kind::gemm) == 1);
  CHECK(count(p, native::Kernel::Kind::reduction) == 1);
  bool symbolic = false;
  for (const auto& k : p.kernels)
    for (const auto& s : k.sizes) symbolic = symbolic || s.find("s0") != std::string::npos;
  CHECK(symbolic);
  CHECK(p.fused_operators >= 1);  // relu read inside the sum's loop
  auto source = NativeBackend().generate(g, TorchInfo{}, {}, CodegenOptions{});
  REQUIRE_MESSAGE(source, (source ? "" : source.error().message));
  CHECK(source->source.find("dynx::native::sgemm(") != std::string::npos);
  CHECK(source->source.find("#pragma omp simd reduction(+:acc)") != std::string::npos);
  CHECK(source->source.find("at::") == std::string::npos);  // nothing of libtorch
  CHECK(source->kernels == static_cast<int>(p.kernels.size()));
}

TEST_CASE("native lowering: lists of views, cat, softmax, where and reductions") {
  auto p = lowered(load("graph_lists.json"));
  CHECK(count(p, native::Kernel::Kind::reduction) >= 3);  // softmax's max and sum, sum, amax
  CHECK(count(p, native::Kernel::Kind::gemm) == 0);
}

TEST_CASE("native lowering: what it cannot compile is named") {
  // clone, then add_ and mul_ on the clone, all three returned: out of place,
  // each output the final value. Written into the input instead: refused.
  ir::Graph chain = load("graph_inplace.json");
  auto own = native::lower(chain, {-1});
  REQUIRE_MESSAGE(own, (own ? "" : own.error().message));
  for (auto& n : chain.nodes)
    if (n.name == "add_") n.args[0].text = "l_x";
  auto inplace = native::lower(chain, {-1});
  REQUIRE_FALSE(inplace);
  CHECK(inplace.error().message.find("writes a tensor in place") != std::string::npos);
  std::string refusal = native_refusal(load("graph_multiple_outputs.json"));
  CHECK(refusal.find("aten::max.dim") != std::string::npos);
  CHECK(refusal.find("not supported by the native backend") != std::string::npos);
  CHECK(native_refusal(load("graph_views.json")).empty());
}

TEST_CASE("native lowering: in-place operators on the graph's own tensors run out of place") {
  // nn.LSTMCell's step: add_ on a matmul's result, sigmoid_/tanh_ on the
  // parts unsafe_split cut from it, add_ on a product returned under both
  // names. Nothing else reads what they write: all lowered out of place.
  ir::Graph g = load("graph_lstm_cell.json");
  size_t in_place = 0;
  for (const auto& n : g.nodes) in_place += !n.mutates.empty();
  REQUIRE(in_place == 6);
  CHECK(native_refusal(g).empty());
  auto p = lowered(g);
  CHECK(p.outputs.size() == 4);
  // The gates' sum is returned too: the sigmoid_ writing into its first part
  // stays in place (the sum must show it), refused.
  ir::Graph shared = g;
  shared.outputs.push_back(ir::GraphOutput{"add_", {"returned"}, "gates"});
  std::string refusal = native_refusal(shared);
  CHECK(refusal.find("aten::sigmoid_.default (sigmoid_) writes a tensor in place") != std::string::npos);
  // A write into the caller's tensor (here the hidden state) stays in place too.
  ir::Graph input = g;
  for (auto& n : input.nodes)
    if (n.name == "add_") n.args[0].text = "l_h";
  CHECK(native_refusal(input).find("writes a tensor in place") != std::string::npos);
}

TEST_CASE("native backend: the same kernel is emitted once") {
  // graph_lists reads two inputs the same way in several places; whatever
  // repeats, the count of distinct kernel functions never exceeds the kernels.
  auto g = load("graph_lists.json");
  auto source = NativeBackend().generate(g, TorchInfo{}, {}, CodegenOptions{});
  REQUIRE_MESSAGE(source, (source ? "" : source.error().message));
  CHECK(source->unique_kernels <= source->kernels);
  CHECK(source->source.find("const dynx::native::ModelSpec dynx_model_spec") != std::string::npos);
}

TEST_CASE("native lowering: every operator it cannot compile is named, once each, past the first") {
  ir::Graph g = load("graph_views.json");
  REQUIRE(g.nodes.size() == 5);
  g.nodes[1].op = "aten::no_such_a.default";  // t: its result stands in as an opaque buffer
  g.nodes[3].op = "aten::no_such_b.default";
  g.nodes[4].op = "aten::no_such_a.default";  // named once
  auto refused = native::unsupported_operators(g);
  REQUIRE(refused.size() == 2);
  CHECK(refused[0].find("aten::no_such_a.default") != std::string::npos);
  CHECK(refused[1].find("aten::no_such_b.default") != std::string::npos);
  std::string refusal = native_refusal(g);
  CHECK(refusal.find("no_such_a") < refusal.find("; operator aten::no_such_b"));
  CHECK_FALSE(native::lower(g, std::vector<int>(g.inputs.size(), -1)));  // and lowering itself still refuses
}
