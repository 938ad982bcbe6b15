// The file names of a capture directory (see capture_layout.hpp).
#include "dynx/ir/capture_layout.hpp"

#include <algorithm>

namespace dynx::ir {

namespace fs = std::filesystem;

std::string graph_file_stem(const std::string& graph_id) {
  std::string stem = graph_id;
  std::replace(stem.begin(), stem.end(), '/', '_');
  return stem;
}

CaptureLayout CaptureLayout::of_graph_file(const fs::path& graph_json) {
  return CaptureLayout(graph_json.parent_path().parent_path());
}

fs::path CaptureLayout::graph_json(const std::string& graph_id) const {
  return graphs_dir() / (graph_file_stem(graph_id) + ".json");
}

fs::path CaptureLayout::graph_listing(const std::string& graph_id) const {
  return graphs_dir() / (graph_file_stem(graph_id) + ".txt");
}

fs::path CaptureLayout::examples(const std::string& graph_id) const {
  return examples_dir() / (graph_file_stem(graph_id) + ".safetensors");
}

fs::path CaptureLayout::examples_of_graph_file(const fs::path& graph_json) const {
  return examples_dir() / graph_json.filename().replace_extension(".safetensors");
}

}  // namespace dynx::ir
