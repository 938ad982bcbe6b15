#include <doctest/doctest.h>

#include "dynx/export/aot_torch_environment.hpp"
#include "dynx/files.hpp"
#include "dynx/version.hpp"

using namespace dynx;
using namespace dynx::exporter;
namespace fs = std::filesystem;

namespace {
struct CountingProgress : AotProgress {
  int started = 0;
  void start(const std::string&) override { ++started; }
};
}  // namespace

TEST_CASE("the interpreter: --python as an executable or a venv") {
  auto direct = python_executable(std::string(kDefaultPython));
  REQUIRE(direct.has_value());
  CHECK(*direct == kDefaultPython);
  auto missing = python_executable(std::string("/nonexistent/python"));
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message == "no Python interpreter at /nonexistent/python (use --python)");
  auto venv = python_executable(std::string("/nonexistent-venv-dir"));
  REQUIRE_FALSE(venv.has_value());
}

TEST_CASE("torch is asked once, then answered from the cache") {
  TempDir cache;
  REQUIRE(cache.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
  CountingProgress progress;
  auto first = query_torch_environment(kDefaultPython, {"aten::add.Tensor"}, cache.path(), true, progress);
  REQUIRE(first.has_value());
  CHECK_FALSE(first->version.empty());
  CHECK_FALSE(first->include_dirs.empty());
  CHECK(first->ops.count("aten::add.Tensor") == 1);
  CHECK(progress.started == 1);
  auto second = query_torch_environment(kDefaultPython, {"aten::add.Tensor"}, cache.path(), true, progress);
  REQUIRE(second.has_value());
  CHECK(second->version == first->version);
  CHECK(progress.started == 1);
}

TEST_CASE("an interpreter without torch is named in the error") {
  TempDir cache;
  REQUIRE(cache.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
  AotProgress quiet;
  auto answer = query_torch_environment("/bin/false", {}, cache.path(), false, quiet);
  REQUIRE_FALSE(answer.has_value());
  CHECK(answer.error().message ==
        "/bin/false could not import torch (is this the environment the capture used? see --python)");
}
