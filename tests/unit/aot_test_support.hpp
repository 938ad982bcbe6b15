// Shared by the aot_*_test.cpp files: a stand-in C++ compiler, so that
// dynx-aot's pipeline runs without g++ and the tests see its command lines.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "dynx/files.hpp"

namespace aot_test {

// DIR/fake-c++: answers --version with "fake-c++ 1.0", appends each command
// line to DIR/commands.log, writes "object" into its -o file, and exits with
// `status` (after printing a g++-style complaint when it is not 0).
inline std::filesystem::path fake_compiler(const std::filesystem::path& dir, int status = 0) {
  std::filesystem::path script = dir / "fake-c++";
  std::string text =
      "#!/bin/sh\n"
      "echo \"$*\" >> '" + (dir / "commands.log").string() + "'\n"
      "if [ \"$1\" = --version ]; then echo 'fake-c++ 1.0'; echo 'second line'; exit 0; fi\n"
      "out=''; prev=''\n"
      "for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; done\n";
  if (status == 0) text += "[ -n \"$out\" ] && echo object > \"$out\"\nexit 0\n";
  else text += "echo 'model.cpp:1:1: error: out of cheese' >&2\nexit " + std::to_string(status) + "\n";
  REQUIRE(dynx::write_file_atomic(script, text).has_value());
  REQUIRE(::chmod(script.c_str(), 0755) == 0);
  return script;
}

inline std::string commands(const std::filesystem::path& dir) {
  auto text = dynx::read_file(dir / "commands.log");
  return text ? *text : std::string();
}

}  // namespace aot_test
