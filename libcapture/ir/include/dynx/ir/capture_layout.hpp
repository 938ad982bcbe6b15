// Where each file of a capture directory lives (man/dynx-capture.5): the one
// owner of these names. The recorder (libcapture/recorder/) writes them
// through _dynx.capture_paths, every C++ reader and dynx-capture when it
// clears a directory for a new recording take them from here.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace dynx::ir {

// "0/1/2" -> "0_1_2": the file stem of graph F/E/G.
std::string graph_file_stem(const std::string& graph_id);

class CaptureLayout {
 public:
  explicit CaptureLayout(std::filesystem::path directory) : directory_(std::move(directory)) {}
  // The capture a graph file DIR/graphs/F_E_G.json belongs to: DIR.
  static CaptureLayout of_graph_file(const std::filesystem::path& graph_json);

  const std::filesystem::path& directory() const { return directory_; }
  std::filesystem::path manifest() const { return directory_ / "manifest.json"; }
  std::filesystem::path frames() const { return directory_ / "frames.json"; }
  std::filesystem::path breaks() const { return directory_ / "breaks.json"; }
  std::filesystem::path graphs_dir() const { return directory_ / "graphs"; }
  std::filesystem::path examples_dir() const { return directory_ / "examples"; }
  // graphs/F_E_G.json (dynx.graph) and its listing graphs/F_E_G.txt.
  std::filesystem::path graph_json(const std::string& graph_id) const;
  std::filesystem::path graph_listing(const std::string& graph_id) const;
  // examples/F_E_G.safetensors: the graph's example inputs and outputs.
  std::filesystem::path examples(const std::string& graph_id) const;
  // The examples of the graph stored in `graph_json` (named after its file).
  std::filesystem::path examples_of_graph_file(const std::filesystem::path& graph_json) const;
  // weights.json (dynx.weights) indexes views into weights.safetensors.
  std::filesystem::path weights_index() const { return directory_ / "weights.json"; }
  std::filesystem::path weights_blob() const { return directory_ / "weights.safetensors"; }

  // What a recording writes besides the manifest: a new capture into an
  // existing capture directory removes these first.
  std::vector<std::filesystem::path> recorded_directories() const { return {graphs_dir(), examples_dir()}; }
  std::vector<std::filesystem::path> recorded_files() const {
    return {frames(), breaks(), weights_index(), weights_blob()};
  }

 private:
  std::filesystem::path directory_;
};

}  // namespace dynx::ir
