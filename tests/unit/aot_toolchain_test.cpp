#include <doctest/doctest.h>

#include <stdlib.h>

#include <algorithm>

#include "aot_test_support.hpp"
#include "dynx/export/aot_toolchain.hpp"

using namespace dynx;
using namespace dynx::exporter;
namespace fs = std::filesystem;

namespace {
bool has(const std::vector<std::string>& flags, const std::string& f) {
  return std::find(flags.begin(), flags.end(), f) != flags.end();
}
TorchInfo some_torch() {
  TorchInfo t;
  t.version = "2.0";
  t.include_dirs = {"/torch/include"};
  t.library_dir = "/torch/lib";
  return t;
}
}  // namespace

TEST_CASE("the compiler is found, run and named by its --version") {
  TempDir dir;
  REQUIRE(dir.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
  auto cxx = aot_test::fake_compiler(dir.path());
  ::unsetenv("DYNX_AOT_WERROR");
  auto t = find_toolchain(cxx.string(), some_torch());
  REQUIRE(t.has_value());
  CHECK(t->cxx == cxx.string());
  CHECK(t->identity == "fake-c++ 1.0");
  CHECK(has(t->flags, "-w"));
  CHECK(has(t->flags, "/torch/include"));
  CHECK(t->model_flags == t->flags);
  CHECK(t->library_dir == "/torch/lib");
  CHECK(find_on_path("sh").has_value());
  CHECK_FALSE(find_on_path("/nonexistent/g++").has_value());
}

TEST_CASE("DYNX_AOT_WERROR=1 makes warnings errors in the model source only") {
  TempDir dir;
  REQUIRE(dir.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
  auto cxx = aot_test::fake_compiler(dir.path());
  ::setenv("DYNX_AOT_WERROR", "1", 1);
  auto t = find_toolchain(cxx.string(), some_torch());
  ::unsetenv("DYNX_AOT_WERROR");
  REQUIRE(t.has_value());
  CHECK(has(t->flags, "-w"));
  CHECK_FALSE(has(t->model_flags, "-w"));
  CHECK(has(t->model_flags, "-Wall"));
  CHECK(has(t->model_flags, "-Wextra"));
  CHECK(has(t->model_flags, "-Werror"));
  // Objects built with other warning flags are other cache entries.
  Toolchain plain = *t;
  plain.model_flags = plain.flags;
  CHECK(model_object_path(*t, "/c", "/c/runtime", "int x;") != model_object_path(plain, "/c", "/c/runtime", "int x;"));
  CHECK(model_object_path(plain, "/c", "/c/runtime", "int x;").parent_path() == "/c/objects");
}

TEST_CASE("a missing or broken compiler is an error that says which") {
  auto missing = find_toolchain(std::string("/nonexistent/g++"), some_torch());
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message == "no C++ compiler '/nonexistent/g++' found (install g++, or set CXX or --cxx)");
  auto broken = find_toolchain(std::string("/bin/false"), some_torch());
  REQUIRE_FALSE(broken.has_value());
  CHECK(broken.error().message == "the C++ compiler /bin/false does not run (exit status 1)");
}

TEST_CASE("compile writes the object only when the compiler succeeds") {
  TempDir dir;
  REQUIRE(dir.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
  AotProgress quiet;
  Toolchain t;
  t.cxx = aot_test::fake_compiler(dir.path()).string();
  REQUIRE(compile(t, {"-w"}, {"-I", "inc"}, dir.path() / "a.cpp", dir.path() / "a.o", "a", quiet).has_value());
  CHECK(path_kind(dir.path() / "a.o") == PathKind::file);
  CHECK(aot_test::commands(dir.path()).find("-w -I inc -c " + (dir.path() / "a.cpp").string()) != std::string::npos);

  TempDir bad_dir;
  REQUIRE(bad_dir.create(fs::temp_directory_path(), "dynx-aot-test-").has_value());
  t.cxx = aot_test::fake_compiler(bad_dir.path(), 1).string();
  auto failed = compile(t, {}, {}, "m.cpp", bad_dir.path() / "m.o", "graph 0/0/0", quiet);
  REQUIRE_FALSE(failed.has_value());
  CHECK(failed.error().message ==
        "the C++ compiler failed on graph 0/0/0 (m.cpp, exit status 1):\n  model.cpp:1:1: error: out of cheese");
  CHECK(path_kind(bad_dir.path() / "m.o") == PathKind::missing);
}

TEST_CASE("compiler complaints are cut to their first twelve lines") {
  std::string output;
  for (int i = 0; i < 20; ++i) output += "line " + std::to_string(i) + "\n\n";
  std::string excerpt = compiler_excerpt(output);
  CHECK(excerpt.rfind("\n  line 0\n  line 1", 0) == 0);
  CHECK(excerpt.find("line 11") != std::string::npos);
  CHECK(excerpt.find("line 12") == std::string::npos);
}

TEST_CASE("the cache directory: --cache-dir first") {
  CHECK(cache_root(std::string("/my/cache")) == "/my/cache");
  const char* saved = std::getenv("DYNX_CACHE_DIR");
  std::string old = saved ? saved : "";
  ::setenv("DYNX_CACHE_DIR", "/env/cache", 1);
  CHECK(cache_root(std::nullopt) == "/env/cache");
  if (saved) ::setenv("DYNX_CACHE_DIR", old.c_str(), 1);
  else ::unsetenv("DYNX_CACHE_DIR");
}
