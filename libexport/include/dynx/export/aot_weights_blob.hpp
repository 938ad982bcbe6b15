// dynx-aot's weights: the parameters, buffers and constants one graph reads,
// cut out of the capture's storages (weights.json + weights.safetensors) into
// a blob of their own, itself a safetensors file, which is embedded in the
// model.so (as an assembled section) or written beside it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "dynx/error.hpp"
#include "dynx/export/codegen.hpp"
#include "dynx/ir/graph.hpp"
#include "dynx/ir/weights_index.hpp"
#include "dynx/runtime/safetensors.hpp"

namespace dynx::exporter {

struct WeightsBlob {
  std::vector<std::vector<WeightLayout>> layouts;  // per graph, what its weights read
  std::vector<WeightLayout> layout;  // all graphs' in order (a weight read twice is here twice)
  size_t tensors = 0;                // distinct weights in the blob
  std::string header;  // safetensors length + header, padded to 64
  std::vector<std::pair<const unsigned char*, uint64_t>> chunks;  // data, in order, each at its offset
  uint64_t data_size = 0;
};

// Whether the graph reads any weight at all.
bool graph_has_weights(const ir::Graph& graph);

// The weights of `graphs` (the entries of one model share one copy of each),
// from `index` (read from `index_path`, named in
// errors) and the storages of `file` (parsed into `header`). The chunks
// point into `file`, which must outlive the blob.
Expected<WeightsBlob> collect_weights(const std::vector<ir::Graph>& graphs, const ir::WeightsIndex& index,
                                      const std::string& index_path, const runtime::MappedFile& file,
                                      const runtime::SafetensorsHeader& header);

// Writes the blob as a safetensors file (streamed: weights are big).
Status write_blob(const std::filesystem::path& path, const WeightsBlob& blob);

// GNU assembler source that embeds the file `blob_path` of `total` bytes as
// dynx_weights_data / dynx_weights_size.
std::string weights_assembly(const std::string& blob_path, uint64_t total);

// "1.5 MB", "12.0 KB", "100 B".
std::string human_bytes(uint64_t n);

}  // namespace dynx::exporter
