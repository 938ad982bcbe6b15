// dynx-aot --verify (see aot_verify.hpp).
#include "dynx/export/aot_verify.hpp"

#include <algorithm>
#include <vector>

#include "dynx/files.hpp"

namespace dynx::exporter {

namespace {

// One entry's examples through the model.
Status verify_entry(runner::Model& model, const AotEntry& entry, size_t index, double atol, double rtol,
                    VerifyOutcome& outcome, const std::function<void(const OutputCheck&)>& on_output) {
  const ir::Graph& graph = entry.graph;
  const GeneratedModel& generated = entry.generated;
  auto inputs = runner::read_safetensors(entry.examples.string(), "input.");
  if (!inputs) return Error{"--verify: " + inputs.error().message};
  auto expected = runner::read_safetensors(entry.examples.string(), "output.");
  if (!expected) return Error{"--verify: " + expected.error().message};
  // Random operators (dropout in training mode, randn, ...) draw different
  // numbers than the captured run did: nothing to compare.
  std::string random_op;
  static const char* const kRandom[] = {"dropout", "bernoulli", "rand", "normal", "uniform", "multinomial",
                                        "exponential", "geometric", "cauchy", "log_normal"};
  for (const auto& n : graph.nodes)
    for (const char* r : kRandom)
      if (random_op.empty() && n.op.find(r) != std::string::npos) random_op = n.op;
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
  if (auto s = model.run(pointers, &outputs); !s) return Error{"--verify: the model failed: " + s.error().message};
  VerifyOutcome::Entry ran{graph.id, model.last_entry(), random_op};
  outcome.entries.push_back(ran);
  if (outcome.random_op.empty()) outcome.random_op = random_op;
  if (!random_op.empty()) return Status::ok();
  for (size_t i = 0; i < generated.signature.outputs.size(); ++i) {
    const auto& name = generated.signature.outputs[i].name;
    const auto& value = generated.signature.outputs[i].value.empty() ? name : generated.signature.outputs[i].value;
    auto it = std::find_if(expected->begin(), expected->end(), [&](const auto& p) { return p.first == value; });
    if (it == expected->end()) return Error{"--verify: the examples have no output '" + value + "'"};
    auto actual = runner::to_host(outputs.tensors[i]->dl_tensor);
    if (!actual) return Error{"--verify: output '" + name + "': " + actual.error().message};
    OutputCheck check;
    check.name = name;
    check.graph = graph.id;
    check.entry = index;
    check.comparison = runner::compare(name, *actual, it->second, atol, rtol);
    check.actual = std::move(*actual);
    check.expected = &it->second;
    outcome.all_ok = outcome.all_ok && check.comparison.ok();
    on_output(check);
  }
  return Status::ok();
}

}  // namespace

Expected<VerifyOutcome> verify_model(const AotResult& built, double atol, double rtol,
                                     const std::function<void(const OutputCheck&)>& on_output) {
  for (const auto& entry : built.entries)
    if (path_kind(entry.examples) != PathKind::file)
      return Error{"--verify: no example inputs for graph " + entry.graph.id + " (" + entry.examples.string() + ")"};
  auto model = runner::Model::open(built.output.string());
  if (!model) return Error{"--verify: " + model.error().message};
  VerifyOutcome outcome;
  for (size_t i = 0; i < built.entries.size(); ++i)
    if (auto s = verify_entry(**model, built.entries[i], i, atol, rtol, outcome, on_output); !s) return s.error();
  return outcome;
}

}  // namespace dynx::exporter
