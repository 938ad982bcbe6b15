#include <doctest/doctest.h>

#include <cstring>

#include "dynx/export/aot_weights_blob.hpp"
#include "dynx/files.hpp"

using namespace dynx;
using namespace dynx::exporter;
namespace fs = std::filesystem;

namespace {

// A capture's storages: storage0 holds the floats 0..11.
std::string storages_file() {
  std::string header = R"({"storage0":{"dtype":"F32","shape":[12],"data_offsets":[0,48]}})";
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) out[static_cast<size_t>(i)] = static_cast<char>((header.size() >> (8 * i)) & 0xff);
  out += header;
  for (int i = 0; i < 12; ++i) {
    float f = static_cast<float>(i);
    out.append(reinterpret_cast<const char*>(&f), sizeof f);
  }
  return out;
}

ir::Graph graph_reading(const std::vector<std::pair<std::string, std::string>>& inputs) {
  ir::Graph g;
  g.id = "0/0/0";
  for (const auto& [name, key] : inputs) {
    ir::GraphInput in;
    in.name = name;
    in.kind = "parameter";
    in.weight = key;
    g.inputs.push_back(in);
  }
  return g;
}

struct Storages {
  TempDir dir;
  runtime::MappedFile file;
  runtime::SafetensorsHeader header;
  Storages() {
    REQUIRE(dir.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
    REQUIRE(write_file_atomic(dir.path() / "weights.safetensors", storages_file()).has_value());
    std::string error;
    REQUIRE(file.open((dir.path() / "weights.safetensors").string(), &error));
    REQUIRE(runtime::parse_safetensors(file.data(), file.size(), &header, &error));
  }
};

ir::WeightsIndex index_of(const std::string& json) { return *ir::parse_weights_index(json, "weights.json"); }

}  // namespace

TEST_CASE("a graph's weights are cut out of the storages, 64-byte aligned, shared weights once") {
  Storages s;
  auto index = index_of(R"({"tensors": {
      "a": {"storage": "storage0", "dtype": "float32", "shape": [2, 2], "stride": [2, 1], "storage_offset": 1},
      "b": {"storage": "storage0", "dtype": "float32", "shape": [3], "stride": [1], "storage_offset": 8}}})");
  auto graph = graph_reading({{"p_a", "a"}, {"p_b", "b"}, {"p_tied", "a"}});
  CHECK(graph_has_weights(graph));
  auto blob = collect_weights({graph}, index, "weights.json", s.file, s.header);
  REQUIRE(blob.has_value());
  REQUIRE(blob->layout.size() == 3);
  CHECK(blob->layout[0].nbytes == 16);
  CHECK(blob->layout[1].offset == 64);
  CHECK(blob->layout[2].offset == blob->layout[0].offset);
  CHECK(blob->chunks.size() == 2);
  CHECK(blob->data_size == 64 + 12);
  CHECK((blob->header.size() % 64) == 0);
  CHECK(blob->tensors == 2);
  REQUIRE(blob->layouts.size() == 1);
  CHECK(blob->layouts[0].size() == 3);

  // Written out, it is a safetensors file holding those elements.
  fs::path out = s.dir.path() / "blob.safetensors";
  REQUIRE(write_blob(out, *blob).has_value());
  runtime::MappedFile written;
  runtime::SafetensorsHeader header;
  std::string error;
  REQUIRE(written.open(out.string(), &error));
  REQUIRE(runtime::parse_safetensors(written.data(), written.size(), &header, &error));
  const auto* b = header.find("b");
  REQUIRE(b != nullptr);
  float first = 0;
  std::memcpy(&first, written.data() + header.data_start + b->begin, sizeof first);
  CHECK(first == 8.0f);
}

TEST_CASE("weights the index or the storages cannot supply are errors naming the weight") {
  Storages s;
  auto index = index_of(R"({"tensors": {
      "big": {"storage": "storage0", "dtype": "float32", "shape": [20], "stride": [1], "storage_offset": 0},
      "ints": {"storage": "storage0", "dtype": "int64", "shape": [1], "stride": [1], "storage_offset": 0},
      "broken": {"storage": "storage0"}}})");
  auto error_of = [&](const std::string& key) {
    auto blob = collect_weights({graph_reading({{"p", key}})}, index, "weights.json", s.file, s.header);
    REQUIRE_FALSE(blob.has_value());
    return blob.error().message;
  };
  CHECK(error_of("nothing") == "weights.json: no entry for weight 'nothing' (graph input p)");
  CHECK(error_of("broken") == "weights.json: weight 'broken' has a malformed entry");
  CHECK(error_of("ints") == "weight 'ints' is int64 but its storage holds F32");
  CHECK(error_of("big") ==
        "weight 'big' reads element 19 of storage 'storage0', which has 12 (weights file truncated or not this "
        "capture's)");
}

TEST_CASE("a weight's bytes lie inside its storage's bytes, whatever the storage's shape claims") {
  // storage0 holds 12 floats; "rows" says [4, 0] (no bytes) and "tail" has
  // 12 floats but sits after it in the file: a view of "rows" must not read
  // "tail"'s bytes or past the end of the file.
  std::string header = R"({"rows":{"dtype":"F32","shape":[4,0],"data_offsets":[0,0]},)"
                       R"("tail":{"dtype":"F32","shape":[12],"data_offsets":[0,48]}})";
  std::string file(8, '\0');
  for (int i = 0; i < 8; ++i) file[static_cast<size_t>(i)] = static_cast<char>((header.size() >> (8 * i)) & 0xff);
  file += header + std::string(48, '\x01');
  TempDir dir;
  REQUIRE(dir.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
  REQUIRE(write_file_atomic(dir.path() / "w.safetensors", file).has_value());
  runtime::MappedFile mapped;
  runtime::SafetensorsHeader parsed;
  std::string error;
  REQUIRE(mapped.open((dir.path() / "w.safetensors").string(), &error));
  REQUIRE(runtime::parse_safetensors(mapped.data(), mapped.size(), &parsed, &error));
  auto index = index_of(R"({"tensors": {
      "w": {"storage": "rows", "dtype": "float32", "shape": [4], "stride": [1], "storage_offset": 0},
      "empty": {"storage": "rows", "dtype": "float32", "shape": [0, 5], "stride": [5, 1], "storage_offset": 7},
      "huge": {"storage": "tail", "dtype": "float32", "shape": [4611686018427387905, 32], "stride": [32, 1],
               "storage_offset": 0}}})");
  auto w = collect_weights({graph_reading({{"p", "w"}})}, index, "weights.json", mapped, parsed);
  REQUIRE_FALSE(w.has_value());
  CHECK(w.error().message ==
        "weight 'w' reads element 3 of storage 'rows', which has 0 (weights file truncated or not this capture's)");
  auto huge = collect_weights({graph_reading({{"p", "huge"}})}, index, "weights.json", mapped, parsed);
  REQUIRE_FALSE(huge.has_value());
  CHECK(huge.error().message ==
        "weights.json: weight 'huge' has a layout too large to address (2 dimensions, storage offset 0)");
  auto empty = collect_weights({graph_reading({{"p", "empty"}})}, index, "weights.json", mapped, parsed);
  REQUIRE(empty.has_value());
  CHECK(empty->layout[0].nbytes == 0);
}

TEST_CASE("embedded weights: assembler source and sizes for people") {
  std::string s = weights_assembly("/tmp/a \"b\".safetensors", 100);
  CHECK(s.find(".section .rodata.dynx_weights") != std::string::npos);
  CHECK(s.find(".incbin \"/tmp/a \\042b\\042.safetensors\"") != std::string::npos);
  CHECK(weights_assembly("x", (1ull << 30) + 1).find(".lrodata.dynx_weights") != std::string::npos);
  CHECK(human_bytes(100) == "100 B");
  CHECK(human_bytes(2048) == "2.0 KB");
  CHECK(human_bytes(3u << 20) == "3.0 MB");
}

TEST_CASE("the entries of one model share one copy of each weight, each with its own layouts") {
  Storages s;
  auto index = index_of(R"({"tensors": {
      "a": {"storage": "storage0", "dtype": "float32", "shape": [2, 2], "stride": [2, 1], "storage_offset": 1},
      "b": {"storage": "storage0", "dtype": "float32", "shape": [3], "stride": [1], "storage_offset": 8}}})");
  auto first = graph_reading({{"p_a", "a"}});
  auto second = graph_reading({{"p_b", "b"}, {"p_a", "a"}});
  auto blob = collect_weights({first, second}, index, "weights.json", s.file, s.header);
  REQUIRE(blob.has_value());
  REQUIRE(blob->layouts.size() == 2);
  REQUIRE(blob->layouts[0].size() == 1);
  REQUIRE(blob->layouts[1].size() == 2);
  CHECK(blob->layouts[1][1].offset == blob->layouts[0][0].offset);  // 'a' once
  CHECK(blob->layouts[1][0].offset == 64);
  CHECK(blob->chunks.size() == 2);
  CHECK(blob->tensors == 2);
  CHECK(blob->data_size == 64 + 12);
}
