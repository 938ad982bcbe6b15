#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "dynx/export/aot_model_manifest.hpp"

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
  m.graph_id = "0/0/0";
  m.graph_file = "/cap/graphs/0_0_0.json";
  m.library = "model.so";
  m.library_dir = "/torch/lib";
  m.weights_storage = "embedded";
  m.weight_count = 2;
  m.weight_bytes = 128;
  m.operator_count = 4;
  m.generated = &g;
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
  CHECK(j["dependencies"]["libraries"] == nlohmann::json({"libtorch_cpu.so", "libc10.so"}));

  m.capture_torch_version = "2.4.0";
  m.weights_storage = "external";
  m.weights_file = "model.weights.safetensors";
  j = nlohmann::json::parse(render_model_json(m));
  CHECK(j["capture_torch_version"] == "2.4.0");
  CHECK(j["weights"]["file"] == "model.weights.safetensors");
}
