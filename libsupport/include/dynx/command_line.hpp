// The command line of a dynx tool (dynx-explain, dynx-guard-diff, dynx-run):
// the options are declared once with CLI11 and read in command-line order,
// the way these tools have always read them, so that every error is the
// tool's own one-line message:
//   - the first problem wins: an option whose value is refused (its
//     callback throws OptionError), a missing value, an unknown option, or
//     what the tool says about an argument that is not an option;
//   - -h/--help and --version end the command line where they stand;
//   - an option's value is the next argument whatever it looks like, or
//     follows '=' (--name=VALUE);
//   - arguments that are not options (a capture directory, a model, a
//     program and its own arguments) are the tool's: `other` sees them.
// CLI11's own help is replaced by the tool's fixed usage text.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dynx/error.hpp"

namespace dynx {

// Thrown from an option's callback: `message` is the whole error line after
// "TOOL: error: ".
struct OptionError : CLI::ParseError {
  explicit OptionError(const std::string& message)
      : CLI::ParseError("OptionError", message, CLI::ExitCodes::ValidationError) {}
};

class ToolCommandLine {
 public:
  enum class Action { run, help, version };
  // What `other` made of args[i], which is none of the options.
  enum class Next {
    more,     // an argument of the tool's (i may have moved past more of them); go on
    stop,     // the rest is not options (a program and its arguments)
    unknown,  // an unknown option: "unknown option 'ARG' (see --help)"
  };

  struct Rules {
    // --flag=VALUE reads as --flag, VALUE ignored (dynx-explain, dynx-run);
    // false: it is an unknown option (dynx-guard-diff).
    bool flag_ignores_value = true;
    // The error for an option written last, without its value (`name` as written).
    std::function<std::string(const std::string& name)> missing_value;
    // Called for each argument that is not an option. Setting `error` ends
    // the command line there with that error.
    std::function<Next(const std::vector<std::string>& args, size_t& i, std::string& error)> other;
  };

  // `usage` is what --help prints, verbatim.
  ToolCommandLine(std::string tool, std::string usage);
  ToolCommandLine(const ToolCommandLine&) = delete;
  ToolCommandLine& operator=(const ToolCommandLine&) = delete;

  // Declare the tool's options here; give each a callback that runs as the
  // option is read (trigger_on_parse) and throws OptionError for a bad value.
  CLI::App& app() { return app_; }
  const std::string& usage() const { return usage_; }

  // args: argv[1..]. An Error's message is the line after "TOOL: error: ".
  Expected<Action> parse(const std::vector<std::string>& args, const Rules& rules);

  // parse(), and what every tool does about it: --help prints the usage and
  // --version "TOOL VERSION" to stdout (exit status 0); an error prints
  // "TOOL: error: MESSAGE" to stderr (`error_status`). nullopt: run.
  std::optional<int> parse_or_exit_status(const std::vector<std::string>& args, const Rules& rules,
                                          int error_status);

 private:
  CLI::App app_;
  std::string usage_;
};

}  // namespace dynx
