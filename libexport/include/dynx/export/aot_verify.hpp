// dynx-aot --verify: runs a freshly built model on its capture's example
// inputs (each entry's) and compares its outputs with the recorded ones.
#pragma once

#include <functional>
#include <string>

#include "dynx/error.hpp"
#include "dynx/export/aot.hpp"
#include "dynx/export/runner.hpp"

namespace dynx::exporter {

struct OutputCheck {
  std::string name;
  std::string graph;  // whose examples these are
  size_t entry = 0;   // that graph's place among the model's entries
  runner::HostTensor actual;
  const runner::HostTensor* expected = nullptr;
  runner::Comparison comparison;
};

struct VerifyOutcome {
  // Set when the graph calls a random operator (dropout, randn, ...): the
  // model ran, but draws other numbers than the capture did.
  std::string random_op;
  bool all_ok = true;
  // Per entry, in order: its graph, the entry the model ran on its examples
  // (a model of several runs the first entry that accepts them) and the
  // random operator that kept its outputs from being compared.
  struct Entry {
    std::string graph;
    int ran = 0;
    std::string random_op;
  };
  std::vector<Entry> entries;
};

// Runs built.output on built.examples; `on_output` sees each output as it is
// compared. Errors read "--verify: ...".
Expected<VerifyOutcome> verify_model(const AotResult& built, double atol, double rtol,
                                     const std::function<void(const OutputCheck&)>& on_output);

}  // namespace dynx::exporter
