// libFuzzer target: dynx-guard-diff's --inputs descriptions
// (NAME=float32[16,4], NAME=VALUE), checked against a fixed entry's guards.
#include <cstdint>
#include <string>

#include "dynx/explain/guard_diff.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto input = dynx::explain::parse_input(std::string(reinterpret_cast<const char*>(data), size));
  if (!input) return 0;
  dynx::ir::CacheEntryRecord entry;
  entry.id = "0/0";
  entry.guards.push_back({"TENSOR_MATCH", "L['x']", "tensor L['x']",
                          {{"dtype", "float32"}, {"shape", {16, "s0"}}, {"stride", {4, 1}}}});
  entry.guards.push_back({"EQUALS_MATCH", "L['steps']", "L['steps'] == 6", {{"value", 6}}});
  (void)dynx::explain::check_inputs(entry, {*input});
  return 0;
}
