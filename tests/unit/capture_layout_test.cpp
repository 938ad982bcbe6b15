#include <doctest/doctest.h>

#include <algorithm>

#include "dynx/ir/capture_layout.hpp"

using namespace dynx::ir;

TEST_CASE("a capture's files are where man/dynx-capture.5 says") {
  CaptureLayout layout("cap");
  CHECK(layout.manifest() == "cap/manifest.json");
  CHECK(layout.frames() == "cap/frames.json");
  CHECK(layout.breaks() == "cap/breaks.json");
  CHECK(layout.graph_json("0/1/2") == "cap/graphs/0_1_2.json");
  CHECK(layout.graph_listing("0/1/2") == "cap/graphs/0_1_2.txt");
  CHECK(layout.examples("0/1/2") == "cap/examples/0_1_2.safetensors");
  CHECK(layout.weights_index() == "cap/weights.json");
  CHECK(layout.weights_blob() == "cap/weights.safetensors");
  CHECK(graph_file_stem("10/0/3") == "10_0_3");
}

TEST_CASE("a graph file leads back to its capture and examples") {
  auto layout = CaptureLayout::of_graph_file("/x/cap/graphs/0_0_1.json");
  CHECK(layout.directory() == "/x/cap");
  CHECK(layout.examples_of_graph_file("/x/cap/graphs/0_0_1.json") == "/x/cap/examples/0_0_1.safetensors");
}

TEST_CASE("a new recording clears everything but the manifest") {
  CaptureLayout layout("d");
  auto files = layout.recorded_files();
  CHECK(files.size() == 4);
  CHECK(std::find(files.begin(), files.end(), layout.manifest()) == files.end());
  auto dirs = layout.recorded_directories();
  CHECK(dirs == std::vector<std::filesystem::path>{"d/graphs", "d/examples"});
}
