#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "dynx/export/aot_model_manifest.hpp"
#include "dynx/export/model_signature.hpp"

using namespace dynx::exporter;

TEST_CASE("model.json says what was built, from what, against what") {
  GeneratedModel g;
  g.typed_calls = 3;
  g.boxed_calls = 1;
  g.planned_buffers = 2;
  ModelManifest m;
  m.backend = "libtorch";
  m.torch_version = "2.5.0";
  m.compiler = "g++ 12";
  m.library = "model.so";
  m.library_dir = "/torch/lib";
  m.weights_storage = "embedded";
  m.weight_count = 2;
  m.weight_bytes = 128;
  m.entries.push_back({"0/0/0", "/cap/graphs/0_0_0.json", 4, &g});
  std::string text = render_model_json(m);
  CHECK(text.back() == '\n');
  CHECK(text.find("\n \"schema\": \"dynx.model\"") != std::string::npos);  // one-space indent
  auto j = nlohmann::json::parse(text);
  CHECK(j["capture_torch_version"].is_null());
  CHECK(j["weights"]["file"].is_null());
  CHECK(j["weights"]["count"] == 2);
  CHECK(j["operators"]["total"] == 4);
  CHECK(j["operators"]["typed"] == 3);
  CHECK(j["operators"]["planned_buffers"] == 2);
  CHECK(j["source"]["graph"] == "0/0/0");
  CHECK(j["entries"].size() == 1);
  CHECK(j["entries"][0]["graph"] == "0/0/0");
  CHECK(j["signature"] == j["entries"][0]["signature"]);
  CHECK(j["dependencies"]["libraries"] == nlohmann::json({"libtorch_cpu.so", "libc10.so"}));

  m.capture_torch_version = "2.4.0";
  m.weights_storage = "external";
  m.weights_file = "model.weights.safetensors";
  j = nlohmann::json::parse(render_model_json(m));
  CHECK(j["capture_torch_version"] == "2.4.0");
  CHECK(j["weights"]["file"] == "model.weights.safetensors");
}

TEST_CASE("model.json of several entries: each entry's graph, operators and signature, the operators summed") {
  GeneratedModel a, b;
  a.typed_calls = 3;
  b.typed_calls = 5;
  b.planned_buffers = 1;
  a.signature.inputs.push_back({"x", "L['x']", "float32", {dynx::ir::SymDim{4, ""}}, "l_x"});
  b.signature.inputs.push_back({"x", "L['x']", "float32", {dynx::ir::SymDim{0, "s0"}}, "l_x"});
  ModelManifest m;
  m.backend = "libtorch";
  m.library = "model.so";
  m.entries.push_back({"0/0/0", "/cap/graphs/0_0_0.json", 4, &a});
  m.entries.push_back({"0/1/0", "/cap/graphs/0_1_0.json", 6, &b});
  m.signature = entries_signature_json({{"0/0/0", &a.signature}, {"0/1/0", &b.signature}});
  auto j = nlohmann::json::parse(render_model_json(m));
  CHECK(j["operators"]["total"] == 10);
  CHECK(j["operators"]["typed"] == 8);
  CHECK(j["operators"]["planned_buffers"] == 1);
  REQUIRE(j["entries"].size() == 2);
  CHECK(j["entries"][1]["graph"] == "0/1/0");
  CHECK(j["entries"][1]["operators"]["total"] == 6);
  CHECK(j["entries"][1]["signature"]["inputs"][0]["shape"] == nlohmann::json::array({"s0"}));
  // The merged signature: what every entry takes; a size that differs is null.
  CHECK(j["signature"]["inputs"][0]["name"] == "x");
  CHECK(j["signature"]["inputs"][0]["dtype"] == "float32");
  CHECK(j["signature"]["inputs"][0]["shape"] == nlohmann::json::array({nullptr}));
  CHECK(j["signature"]["entries"].size() == 2);
}
