#include <doctest/doctest.h>

#include <signal.h>

#include "dynx/subprocess.hpp"

using namespace dynx;

TEST_CASE("run_captured collects stdout and stderr together, and the exit status") {
  auto both = run_captured({"sh", "-c", "echo out; echo err >&2; exit 3"});
  REQUIRE(both.has_value());
  CHECK(both->exit_code == 3);
  CHECK(both->output == "out\nerr\n");
}

TEST_CASE("run_captured with stdout_only discards stderr") {
  auto out = run_captured({"sh", "-c", "echo out; echo err >&2"}, "", true);
  REQUIRE(out.has_value());
  CHECK(out->exit_code == 0);
  CHECK(out->output == "out\n");
}

TEST_CASE("run_captured feeds its input on stdin, and /dev/null without one") {
  auto echoed = run_captured({"/bin/cat"}, "aten::add\naten::mul\n");
  REQUIRE(echoed.has_value());
  CHECK(echoed->output == "aten::add\naten::mul\n");
  // Without input the child's stdin is /dev/null (never the caller's own).
  auto stdin_of_child = run_captured({"/bin/readlink", "/proc/self/fd/0"});
  REQUIRE(stdin_of_child.has_value());
  CHECK(stdin_of_child->output == "/dev/null\n");
}

TEST_CASE("run_captured reports a missing program, an empty command and a signal") {
  auto missing = run_captured({"/nonexistent/program"});
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message.find("/nonexistent/program: ") == 0);
  CHECK_FALSE(run_captured({}).has_value());
  auto killed = run_captured({"sh", "-c", "kill -TERM $$"});
  REQUIRE(killed.has_value());
  CHECK(killed->exit_code == 128 + SIGTERM);
}

TEST_CASE("run_captured with stdout_only discards stderr") {
  auto ok = run_captured({"sh", "-c", "echo hello; echo noise >&2; exit 3"}, "", true);
  REQUIRE(ok.has_value());
  CHECK(ok->exit_code == 3);
  CHECK(ok->output == "hello\n");
  CHECK_FALSE(run_captured({"/nonexistent/program"}, "", true).has_value());
}

TEST_CASE("run_attached returns the exit status of a program given by path") {
  auto status = run_attached({"/bin/sh", "-c", "exit 7"});
  REQUIRE(status.has_value());
  CHECK(*status == 7);
  CHECK_FALSE(run_attached({"/nonexistent/program"}).has_value());
}
