// weights.json (dynx.weights, man/dynx-capture.5): every parameter, buffer
// and constant of a capture as a view into one storage of the capture's
// weights.safetensors.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "dynx/error.hpp"

namespace dynx::ir {

// One weight: `shape`/`stride` elements of `dtype` from `storage_offset`
// (in elements) of the safetensors tensor `storage`.
struct WeightEntry {
  std::string storage, dtype;
  std::vector<int64_t> shape, stride;
  int64_t storage_offset = 0;
  // A present entry whose fields are missing or of the wrong type; it is an
  // error only for the graphs that use the weight.
  bool malformed = false;
};

struct WeightsIndex {
  std::string file;  // the storages' safetensors file, relative to the index
  std::map<std::string, WeightEntry> tensors;
  // The entry of `key`, or null.
  [[nodiscard]] const WeightEntry* find(const std::string& key) const;
};

// Reads an index; errors name `path` (unreadable, not JSON, not an index).
Expected<WeightsIndex> read_weights_index(const std::filesystem::path& path);
// The same from text already read.
Expected<WeightsIndex> parse_weights_index(const std::string& text, const std::string& path);

}  // namespace dynx::ir
