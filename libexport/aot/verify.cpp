// dynx-aot --verify (see aot_verify.hpp).
#include "dynx/export/aot_verify.hpp"

#include <algorithm>
#include <vector>

#include "dynx/files.hpp"

namespace dynx::exporter {

Expected<VerifyOutcome> verify_model(const AotResult& built, double atol, double rtol,
                                     const std::function<void(const OutputCheck&)>& on_output) {
  const ir::Graph& graph = built.graph;
  const GeneratedModel& generated = built.generated;
  if (path_kind(built.examples) != PathKind::file)
    return Error{"--verify: no example inputs for graph " + graph.id + " (" + built.examples.string() + ")"};
  auto inputs = runner::read_safetensors(built.examples.string(), "input.");
  if (!inputs) return Error{"--verify: " + inputs.error().message};
  auto expected = runner::read_safetensors(built.examples.string(), "output.");
  if (!expected) return Error{"--verify: " + expected.error().message};
  // Random operators (dropout in training mode, randn, ...) draw different
  // numbers than the captured run did: nothing to compare.
  VerifyOutcome outcome;
  static const char* const kRandom[] = {"dropout", "bernoulli", "rand", "normal", "uniform", "multinomial",
                                        "exponential", "geometric", "cauchy", "log_normal"};
  for (const auto& n : graph.nodes)
    for (const char* r : kRandom)
      if (outcome.random_op.empty() && n.op.find(r) != std::string::npos) outcome.random_op = n.op;
  auto model = runner::Model::open(built.output.string());
  if (!model) return Error{"--verify: " + model.error().message};
  std::vector<DLTensor> views;
  std::vector<const DLTensor*> pointers;
  views.reserve(generated.signature.inputs.size());
  for (const auto& in : generated.signature.inputs) {
    const std::string& value = in.value.empty() ? in.name : in.value;  // the examples use the graph's names
    auto it = std::find_if(inputs->begin(), inputs->end(), [&](const auto& p) { return p.first == value; });
    if (it == inputs->end()) return Error{"--verify: the examples have no input '" + value + "'"};
    views.push_back(it->second.view());
  }
  for (auto& v : views) pointers.push_back(&v);
  runner::Model::Outputs outputs;
  if (auto s = (*model)->run(pointers, &outputs); !s) return Error{"--verify: the model failed: " + s.error().message};
  if (!outcome.random_op.empty()) return outcome;
  for (size_t i = 0; i < generated.signature.outputs.size(); ++i) {
    const auto& name = generated.signature.outputs[i].name;
    const auto& value = generated.signature.outputs[i].value.empty() ? name : generated.signature.outputs[i].value;
    auto it = std::find_if(expected->begin(), expected->end(), [&](const auto& p) { return p.first == value; });
    if (it == expected->end()) return Error{"--verify: the examples have no output '" + value + "'"};
    auto actual = runner::to_host(outputs.tensors[i]->dl_tensor);
    if (!actual) return Error{"--verify: output '" + name + "': " + actual.error().message};
    OutputCheck check;
    check.name = name;
    check.comparison = runner::compare(name, *actual, it->second, atol, rtol);
    check.actual = std::move(*actual);
    check.expected = &it->second;
    outcome.all_ok = outcome.all_ok && check.comparison.ok();
    on_output(check);
  }
  return outcome;
}

}  // namespace dynx::exporter
