#include <doctest/doctest.h>

#include "dynx/export/aot_verify.hpp"

using namespace dynx::exporter;

TEST_CASE("--verify needs the capture's example inputs") {
  AotResult built;
  built.entries.emplace_back();
  built.entries[0].graph.id = "0/0/1";
  built.output = "/nonexistent/model.so";
  built.entries[0].examples = "/nonexistent/examples/0_0_1.safetensors";
  int seen = 0;
  auto outcome = verify_model(built, 1e-5, 1e-4, [&](const OutputCheck&) { ++seen; });
  REQUIRE_FALSE(outcome.has_value());
  CHECK(outcome.error().message ==
        "--verify: no example inputs for graph 0/0/1 (/nonexistent/examples/0_0_1.safetensors)");
  CHECK(seen == 0);
}
