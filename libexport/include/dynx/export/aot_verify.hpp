// dynx-aot --verify: runs a freshly built model on its capture's example
// inputs and compares its outputs with the recorded ones.
#pragma once

#include <functional>
#include <string>

#include "dynx/error.hpp"
#include "dynx/export/aot.hpp"
#include "dynx/export/runner.hpp"

namespace dynx::exporter {

struct OutputCheck {
  std::string name;
  runner::HostTensor actual;
  const runner::HostTensor* expected = nullptr;
  runner::Comparison comparison;
};

struct VerifyOutcome {
  // Set when the graph calls a random operator (dropout, randn, ...): the
  // model ran, but draws other numbers than the capture did.
  std::string random_op;
  bool all_ok = true;
};

// Runs built.output on built.examples; `on_output` sees each output as it is
// compared. Errors read "--verify: ...".
Expected<VerifyOutcome> verify_model(const AotResult& built, double atol, double rtol,
                                     const std::function<void(const OutputCheck&)>& on_output);

}  // namespace dynx::exporter
