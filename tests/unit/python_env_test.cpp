#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "dynx/files.hpp"
#include "python_env.hpp"

using namespace dynx;
using namespace dynx::capture;
namespace fs = std::filesystem;

TEST_CASE("pyvenv.cfg versions") {
  CHECK(version_from_pyvenv_cfg("home = /usr/bin\nversion = 3.11.7\n") == "3.11.7");
  CHECK(version_from_pyvenv_cfg("home=/x\nversion_info = 3.12.1.final.0\n") == "3.12.1");
  CHECK(version_from_pyvenv_cfg("home = /x\n").empty());
}

namespace {
// A fake venv: bin/python is a shell script; pyvenv.cfg names the version.
fs::path fake_venv(const std::string& version) {
  std::string templ = (fs::temp_directory_path() / "dynx-venv-XXXXXX").string();
  REQUIRE(::mkdtemp(templ.data()) != nullptr);
  fs::path root = templ;
  fs::create_directories(root / "bin");
  REQUIRE(write_file_atomic(root / "bin" / "python", "#!/bin/sh\nexit 0\n").has_value());
  ::chmod((root / "bin" / "python").c_str(), 0755);
  REQUIRE(write_file_atomic(root / "pyvenv.cfg", "home = /x\nversion = " + version + "\n").has_value());
  return root;
}
}  // namespace

TEST_CASE("--python wins over VIRTUAL_ENV, which wins over the default") {
  fs::path a = fake_venv("3.11.4"), b = fake_venv("3.11.9");
  PythonEnvironmentRequest request;
  request.default_python = (b / "bin" / "python").string();
  request.virtual_env = a.string();
  auto env = resolve_python_environment(request);
  REQUIRE(env.has_value());
  CHECK(env->origin == "VIRTUAL_ENV");
  CHECK(env->version == "3.11.4");
  request.python_option = b.string();
  env = resolve_python_environment(request);
  REQUIRE(env.has_value());
  CHECK(env->origin == "--python");
  CHECK(env->executable == (b / "bin" / "python").string());
  request = {};
  request.default_python = (a / "bin" / "python").string();
  CHECK(resolve_python_environment(request)->origin == "default");
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST_CASE("another minor version is refused with a clear reason") {
  fs::path v = fake_venv("3.12.1");
  PythonEnvironmentRequest request;
  request.python_option = v.string();
  auto env = resolve_python_environment(request);
  REQUIRE_FALSE(env.has_value());
  CHECK(env.error().message == "--python: " + v.string() +
                                   " is Python 3.12.1, but dynx-capture embeds Python 3.11; use a 3.11 "
                                   "environment or rebuild dynx against that Python");
  fs::remove_all(v);
}

TEST_CASE("missing and non-venv directories") {
  PythonEnvironmentRequest request;
  request.python_option = "/nonexistent/venv";
  CHECK(resolve_python_environment(request).error().message ==
        "--python: /nonexistent/venv: no such file or directory");
  request.python_option = fs::temp_directory_path().string();
  CHECK(resolve_python_environment(request).error().message.find("not a virtual environment") !=
        std::string::npos);
}
