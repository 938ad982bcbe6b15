#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "dynx/command_line.hpp"

using namespace dynx;
using Action = ToolCommandLine::Action;
using Next = ToolCommandLine::Next;

namespace {

// A tool with a flag, a checked number, a free value and positionals; the
// first argument after "--rest" ends the options.
struct Tool {
  ToolCommandLine command_line{"tool", "usage: tool [OPTIONS] FILE...\n"};
  bool flag = false;
  std::optional<int> number;
  std::vector<std::string> names, files, rest;
  ToolCommandLine::Rules rules;

  explicit Tool(bool flag_ignores_value = true) {
    CLI::App& app = command_line.app();
    app.add_flag("--flag", flag);
    app.add_option_function<std::string>("-n,--number", [this](const std::string& v) {
         if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos)
           throw OptionError("--number needs a number");
         number = std::stoi(v);
       })->trigger_on_parse();
    app.add_option_function<std::string>("--name", [this](const std::string& v) { names.push_back(v); })
        ->trigger_on_parse();
    rules.flag_ignores_value = flag_ignores_value;
    rules.missing_value = [](const std::string& name) { return name + " needs a value"; };
    rules.other = [this](const std::vector<std::string>& args, size_t& i, std::string& error) {
      if (args[i] == "--rest") {
        rest.assign(args.begin() + static_cast<long>(i) + 1, args.end());
        return Next::stop;
      }
      if (args[i] == "bad") error = "'bad' is not a file";
      if (args[i].size() > 1 && args[i][0] == '-') return Next::unknown;
      files.push_back(args[i]);
      return Next::more;
    };
  }
  Expected<Action> parse(std::vector<std::string> args) { return command_line.parse(args, rules); }
};

std::string error_of(const Expected<Action>& parsed) { return parsed ? "" : parsed.error().message; }

}  // namespace

TEST_CASE("options, values and positionals are read in order") {
  Tool t;
  auto parsed = t.parse({"a", "--flag", "--name", "-x", "-n", "4", "--name=", "b", "--number=12"});
  REQUIRE(parsed.has_value());
  CHECK(*parsed == Action::run);
  CHECK(t.flag);
  CHECK(t.number == 12);
  CHECK(t.names == std::vector<std::string>{"-x", ""});  // a value is the next argument, whatever it looks like
  CHECK(t.files == std::vector<std::string>{"a", "b"});
}

TEST_CASE("the first problem is the one reported") {
  CHECK(error_of(Tool().parse({"--number", "x", "--frobnicate"})) == "--number needs a number");
  CHECK(error_of(Tool().parse({"--frobnicate", "--number", "x"})) == "unknown option '--frobnicate' (see --help)");
  CHECK(error_of(Tool().parse({"--number", "x", "bad"})) == "--number needs a number");
  CHECK(error_of(Tool().parse({"bad", "--number", "x"})) == "'bad' is not a file");
  CHECK(error_of(Tool().parse({"--number", "1", "--name"})) == "--name needs a value");
  CHECK(error_of(Tool().parse({"-n"})) == "-n needs a value");
  CHECK(error_of(Tool().parse({"-n=3"})) == "unknown option '-n=3' (see --help)");
}

TEST_CASE("--help and --version end the command line where they stand") {
  Tool t;
  CHECK(*t.parse({"--flag", "--help", "--frobnicate"}) == Action::help);
  CHECK(t.command_line.app().help() == "usage: tool [OPTIONS] FILE...\n");
  CHECK(*Tool().parse({"-h"}) == Action::help);
  CHECK(*Tool().parse({"--version", "--number", "x"}) == Action::version);
  CHECK(error_of(Tool().parse({"--number", "x", "--help"})) == "--number needs a number");
}

TEST_CASE("a flag with a value: ignored, or an unknown option") {
  Tool lenient;
  REQUIRE(lenient.parse({"--flag=no"}).has_value());
  CHECK(lenient.flag);
  CHECK(*Tool().parse({"--help=x"}) == Action::help);
  CHECK(error_of(Tool(false).parse({"--flag=no"})) == "unknown option '--flag=no' (see --help)");
  CHECK(error_of(Tool(false).parse({"--help=x"})) == "unknown option '--help=x' (see --help)");
}

TEST_CASE("the rest of the command line can belong to someone else") {
  Tool t;
  REQUIRE(t.parse({"--flag", "--rest", "--help", "--number", "x"}).has_value());
  CHECK(t.rest == std::vector<std::string>{"--help", "--number", "x"});
  CHECK_FALSE(t.number);
}
