// libFuzzer target: a weights index (weights.json) over a storages file
// (weights.safetensors), as dynx-aot cuts a graph's weights out of them.
// Input: the index's JSON, a NUL byte, then the safetensors bytes. Every
// weight accepted must read only bytes of the file's data section, checked
// as a range, and each chunk's first and last byte are touched.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "dynx/export/aot_weights_blob.hpp"
#include "dynx/files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const void* nul = std::memchr(data, 0, size);
  if (nul == nullptr) return 0;
  const size_t split = static_cast<size_t>(static_cast<const uint8_t*>(nul) - data);
  auto index = dynx::ir::parse_weights_index(std::string(reinterpret_cast<const char*>(data), split), "weights.json");
  if (!index) return 0;
  // The storages, mapped from a file of exactly their size (as dynx-aot maps them).
  static dynx::TempDir dir;
  if (dir.path().empty() && !dir.create("/tmp", "dynx-fuzz-weights-")) return 0;
  const auto path = dir.path() / "weights.safetensors";
  if (!dynx::write_file_atomic(path, std::string(reinterpret_cast<const char*>(data) + split + 1, size - split - 1)))
    return 0;
  dynx::runtime::MappedFile file;
  dynx::runtime::SafetensorsHeader header;
  std::string error;
  if (!file.open(path.string(), &error) || !dynx::runtime::parse_safetensors(file.data(), file.size(), &header, &error))
    return 0;
  dynx::ir::Graph graph;
  for (const auto& [key, entry] : index->tensors) {
    dynx::ir::GraphInput in;
    in.name = "p" + std::to_string(graph.inputs.size());
    in.kind = "parameter";
    in.weight = key;
    graph.inputs.push_back(in);
  }
  auto blob = dynx::exporter::collect_weights({graph}, *index, "weights.json", file, header);
  if (!blob) return 0;
  // Inside the file's data section (a read past the mapping but inside its
  // last page would escape ASan, so the range is checked as such).
  const unsigned char* begin = file.data() + header.data_start;
  const unsigned char* end = file.data() + file.size();
  volatile uint8_t sink = 0;
  for (const auto& [bytes, n] : blob->chunks) {
    if (n == 0) continue;
    if (bytes < begin || bytes > end || n > static_cast<size_t>(end - bytes)) {
      std::fprintf(stderr, "a weight of %zu bytes reads outside the storages\n", n);
      std::abort();
    }
    sink = static_cast<uint8_t>(sink + bytes[0] + bytes[n - 1]);
  }
  (void)sink;
  return 0;
}
