#include <doctest/doctest.h>

#include "dynx/ir/capture_manifest.hpp"

using namespace dynx::ir;

TEST_CASE("manifests round-trip and say why they are incomplete") {
  CaptureManifest m;
  m.dynx_version = "0.1.0";
  m.python_version = "3.11.7";
  m.command = {"dynx-capture", "-o", "out", "train.py"};
  m.cwd = "/w";
  auto j = to_json(m);
  CHECK(j["status"] == "incomplete");
  CHECK(j["reason"] == "running");
  CHECK(j["torch_version"].is_null());
  CHECK(j["exit_code"].is_null());
  m.status = "complete";
  m.exit_code = 3;
  m.torch_version = "2.13.0+cpu";
  j = to_json(m);
  CHECK_FALSE(j.contains("reason"));
  auto back = manifest_from_json(j);
  REQUIRE(back.has_value());
  CHECK(back->exit_code == 3);
  CHECK(back->command == m.command);
  CHECK(back->torch_version == "2.13.0+cpu");
}

TEST_CASE("manifests from elsewhere are refused clearly") {
  CHECK(manifest_from_json(nlohmann::json{{"schema", "x"}}).error().message ==
        "not a dynx capture manifest (schema is not dynx.capture.manifest)");
  CaptureManifest m;
  auto j = to_json(m);
  j["version"] = 9;
  CHECK(manifest_from_json(j).error().message == "manifest version 9 is newer than this dynx reads (1)");
  j = to_json(m);
  j.erase("cwd");
  CHECK(manifest_from_json(j).error().message.find("malformed manifest") == 0);
}
