#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>

#include "dynx/files.hpp"
#include "target_spec.hpp"

using namespace dynx;
using namespace dynx::capture;

TEST_CASE("module targets") {
  auto spec = parse_target_spec("pkg.models:Net.forward");
  REQUIRE(spec.has_value());
  CHECK(spec->kind == TargetSpec::Kind::module);
  CHECK(spec->location == "pkg.models");
  CHECK(spec->qualname == "Net.forward");
  CHECK(parse_target_spec("m:outer.<locals>.inner").has_value());
}

TEST_CASE("file targets are canonical paths and must exist") {
  std::string path = (std::filesystem::temp_directory_path() / "dynx_target_spec_test.py").string();
  REQUIRE(write_file_atomic(path, "def f(): pass\n").has_value());
  auto spec = parse_target_spec(path + ":f");
  REQUIRE(spec.has_value());
  CHECK(spec->kind == TargetSpec::Kind::file);
  CHECK(spec->location == real_path(path));
  auto missing = parse_target_spec("nope_missing.py:f");
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message == "invalid --target 'nope_missing.py:f': nope_missing.py: no such file");
  ::unlink(path.c_str());
}

TEST_CASE("malformed specs are refused with the reason") {
  CHECK(parse_target_spec("foo").error().message ==
        "invalid --target 'foo': expected FILE.py:NAME or MODULE:NAME");
  CHECK(parse_target_spec("m:").error().message == "invalid --target 'm:': expected FILE.py:NAME or MODULE:NAME");
  CHECK(parse_target_spec("m:1abc").error().message ==
        "invalid --target 'm:1abc': '1abc' is not a qualified name such as Net.forward");
  CHECK(parse_target_spec("bad-module:f").error().message ==
        "invalid --target 'bad-module:f': 'bad-module' is neither a .py file nor a module name");
}
