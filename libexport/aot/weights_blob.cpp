// The weights of one graph as a blob of their own (see aot_weights_blob.hpp).
#include "dynx/export/aot_weights_blob.hpp"

#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "dynx/files.hpp"

namespace dynx::exporter {

namespace {

bool is_weight(const ir::GraphInput& in) {
  return in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant";
}

// `path` quoted for a GNU as string.
std::string asm_string(const std::string& path) {
  std::string out = "\"";
  for (unsigned char c : path) {
    if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\%03o", c);
      out += buffer;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace

bool graph_has_weights(const ir::Graph& graph) {
  for (const auto& in : graph.inputs)
    if (is_weight(in)) return true;
  return false;
}

Expected<WeightsBlob> collect_weights(const std::vector<ir::Graph>& graphs, const ir::WeightsIndex& index,
                                      const std::string& index_path, const runtime::MappedFile& file,
                                      const runtime::SafetensorsHeader& header) {
  WeightsBlob blob;
  std::map<std::string, size_t> by_key;  // a weight's first place in blob.layout
  for (const auto& graph : graphs) {
    // A graph that writes to any tensor (a training step's optimizer update,
    // an in-place op through a view) gets its own copy of every weight:
    // embedded weights are read-only memory, mapped ones are shared.
    bool writes = false;
    for (const auto& n : graph.nodes) writes = writes || !n.mutates.empty();
    std::vector<WeightLayout>& layout = blob.layouts.emplace_back();
    for (const auto& in : graph.inputs) {
      if (!is_weight(in)) continue;
      if (in.weight.empty()) return Error{"graph input '" + in.name + "' is a weight without a key in weights.json"};
      const ir::WeightEntry* spec = index.find(in.weight);
      if (spec == nullptr)
        return Error{index_path + ": no entry for weight '" + in.weight + "' (graph input " + in.name + ")"};
      if (spec->malformed) return Error{index_path + ": weight '" + in.weight + "' has a malformed entry"};
      WeightLayout w;
      w.key = in.weight;
      w.graph_input = in.name;
      w.dtype = spec->dtype;
      w.sizes = spec->shape;
      w.strides = spec->stride;
      const std::string& storage = spec->storage;
      const int64_t offset = spec->storage_offset;
      const auto* entry = header.find(storage);
      if (entry == nullptr) return Error{"the weights file has no storage '" + storage + "' for weight '" + w.key + "'"};
      size_t element = runtime::safetensors_dtype_size(entry->dtype);
      if (runtime::torch_dtype(entry->dtype) != w.dtype)
        return Error{"weight '" + w.key + "' is " + w.dtype + " but its storage holds " + entry->dtype};
      if (w.sizes.size() != w.strides.size() || offset < 0)
        return Error{index_path + ": weight '" + w.key + "' has a malformed layout"};
      for (size_t d = 0; d < w.sizes.size(); ++d)
        if (w.sizes[d] < 0 || w.strides[d] < 0) return Error{"weight '" + w.key + "' has a negative size or stride"};
      // The storage holds what its byte range holds, whatever its shape says
      // (a shape [N, 0] is N rows of nothing); every byte the view reads must
      // lie inside that range, proven without overflow.
      const uint64_t storage_bytes = entry->end - entry->begin;
      uint64_t needed = 0;  // bytes from the storage's start to the last byte read
      if (!runtime::view_bytes(w.sizes.data(), w.strides.data(), w.sizes.size(), offset, element, &needed))
        return Error{index_path + ": weight '" + w.key + "' has a layout too large to address (" +
                     std::to_string(w.sizes.size()) + " dimensions, storage offset " + std::to_string(offset) + ")"};
      if (needed > storage_bytes)
        return Error{"weight '" + w.key + "' reads element " + std::to_string(needed / element - 1) + " of storage '" +
                     storage + "', which has " + std::to_string(storage_bytes / element) +
                     " (weights file truncated or not this capture's)"};
      // An empty view reads nothing, wherever its offset points.
      const uint64_t start = needed == 0 ? 0 : static_cast<uint64_t>(offset) * element;
      w.nbytes = needed - start;
      const unsigned char* data = file.data() + header.data_start + entry->begin + start;
      w.copy = writes;
      if (auto it = by_key.find(w.key); it != by_key.end()) {
        // One weight feeding two inputs (or two entries): one copy of the data.
        if (blob.layout[it->second].nbytes != w.nbytes || blob.layout[it->second].dtype != w.dtype)
          return Error{index_path + ": weight '" + w.key + "' is read with two different layouts"};
        w.offset = blob.layout[it->second].offset;
        layout.push_back(w);
        blob.layout.push_back(w);
        continue;
      }
      w.offset = (blob.data_size + 63) / 64 * 64;
      blob.data_size = w.offset + w.nbytes;
      by_key[w.key] = blob.layout.size();
      blob.chunks.emplace_back(data, w.nbytes);
      layout.push_back(w);
      blob.layout.push_back(w);
    }
  }
  // The blob is itself a safetensors file: one 1-D tensor of raw elements per weight.
  nlohmann::json st_header = nlohmann::json::object();
  st_header["__metadata__"] = {{"format", "dynx model weights"}};
  for (size_t i = 0; i < blob.layout.size(); ++i) {
    const auto& w = blob.layout[i];
    if (by_key.at(w.key) != i) continue;
    size_t element = runtime::safetensors_dtype_size(runtime::safetensors_dtype(w.dtype));
    st_header[w.key] = {{"dtype", runtime::safetensors_dtype(w.dtype)},
                        {"shape", {element ? w.nbytes / element : 0}},
                        {"data_offsets", {w.offset, w.offset + w.nbytes}}};
  }
  blob.tensors = by_key.size();
  std::string text_header = st_header.dump();
  size_t padded = (8 + text_header.size() + 63) / 64 * 64 - 8;
  text_header.append(padded - text_header.size(), ' ');
  blob.header.resize(8);
  for (int i = 0; i < 8; ++i) blob.header[static_cast<size_t>(i)] = static_cast<char>((padded >> (8 * i)) & 0xff);
  blob.header += text_header;
  return blob;
}

Status write_blob(const std::filesystem::path& path, const WeightsBlob& blob) {
  AtomicFile out(path);
  out.write(blob.header);
  uint64_t written = 0;
  static const char zeros[64] = {};
  size_t chunk = 0;
  for (const auto& w : blob.layout) {
    if (chunk >= blob.chunks.size() || w.offset < written) continue;
    out.write(zeros, w.offset - written);
    const auto& [data, size] = blob.chunks[chunk++];
    if (size != 0) out.write(data, size);
    written = w.offset + size;
  }
  return out.commit();
}

std::string weights_assembly(const std::string& blob_path, uint64_t total) {
  std::string section = total > (1ull << 30) ? ".lrodata.dynx_weights" : ".rodata.dynx_weights";
  return "# The model's weights (a safetensors file), embedded by dynx-aot.\n"
         "  .section " + section + ",\"a\",@progbits\n"
         "  .balign 64\n  .globl dynx_weights_data\n  .hidden dynx_weights_data\n"
         "dynx_weights_data:\n  .incbin " + asm_string(blob_path) + "\n"
         "dynx_weights_end:\n  .balign 8\n  .globl dynx_weights_size\n  .hidden dynx_weights_size\n"
         "dynx_weights_size:\n  .quad dynx_weights_end - dynx_weights_data\n"
         "  .section .note.GNU-stack,\"\",@progbits\n";
}

std::string human_bytes(uint64_t n) {
  char buffer[32];
  if (n >= (1u << 20)) std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(n) / (1 << 20));
  else if (n >= 1024) std::snprintf(buffer, sizeof buffer, "%.1f KB", static_cast<double>(n) / 1024);
  else std::snprintf(buffer, sizeof buffer, "%llu B", static_cast<unsigned long long>(n));
  return buffer;
}

}  // namespace dynx::exporter
