#include <doctest/doctest.h>

#include "capture_options.hpp"

using namespace dynx::capture;

namespace {
CaptureCommand parse(std::vector<std::string> args) {
  auto command = parse_capture_command_line(args);
  REQUIRE_MESSAGE(command.has_value(), command.error().message);
  return *command;
}
std::string error_of(std::vector<std::string> args) {
  auto command = parse_capture_command_line(args);
  REQUIRE_FALSE(command.has_value());
  return command.error().message;
}
}  // namespace

TEST_CASE("options stop at the script; the rest belongs to it") {
  auto c = parse({"--list-frames", "--target", "m:f", "train.py", "--lr", "0.1", "--target", "x"});
  CHECK(c.action == CaptureCommand::Action::run);
  CHECK(c.options.list_frames);
  CHECK(c.options.targets == std::vector<std::string>{"m:f"});
  CHECK(c.options.program == "train.py");
  CHECK(c.options.program_args == std::vector<std::string>{"--lr", "0.1", "--target", "x"});
}

TEST_CASE("-m module, -mmodule, -- script and --opt=value") {
  auto m = parse({"--python=/v", "-m", "pkg.tool", "-v"});
  CHECK(m.options.mode == CaptureOptions::Mode::module);
  CHECK(m.options.program == "pkg.tool");
  CHECK(m.options.python == std::optional<std::string>("/v"));
  CHECK(m.options.program_args == std::vector<std::string>{"-v"});
  CHECK(parse({"-mjson.tool"}).options.program == "json.tool");
  auto d = parse({"--no-auto", "--", "-odd-name.py", "--help"});
  CHECK_FALSE(d.options.auto_policy);
  CHECK(d.options.program == "-odd-name.py");
  CHECK(d.options.program_args == std::vector<std::string>{"--help"});
}

TEST_CASE("help and version") {
  auto h = parse({"--help"});
  CHECK(h.action == CaptureCommand::Action::help);
  CHECK(h.help_text.find("dynx-capture [OPTIONS] -m module [ARGS...]") != std::string::npos);
  CHECK(h.help_text.find("127  the program was not found") != std::string::npos);
  CHECK(parse({"--version"}).action == CaptureCommand::Action::version);
  // --help after the script is the script's.
  CHECK(parse({"s.py", "--help"}).action == CaptureCommand::Action::run);
}

TEST_CASE("bad command lines") {
  CHECK(error_of({}) == "no script or -m module given");
  CHECK(error_of({"--frobnicate", "x.py"}) == "unknown option '--frobnicate'");
  CHECK(error_of({"-m"}) == "-m needs a module name");
  CHECK(error_of({"--"}) == "'--' must be followed by a script");
}

TEST_CASE("--serve takes no script: its jobs come on stdin") {
  auto s = parse({"--serve", "--no-auto"});
  CHECK(s.action == CaptureCommand::Action::run);
  CHECK(s.options.serve);
  CHECK_FALSE(s.options.auto_policy);
  CHECK(s.options.program.empty());
  CHECK_FALSE(parse({"x.py"}).options.serve);
  CHECK(error_of({"--serve", "x.py"}) == "--serve reads its jobs from stdin: give no script");
  CHECK(error_of({"--serve", "-o", "d"}) == "--serve takes each job's output directory from the job: give no -o");
}
