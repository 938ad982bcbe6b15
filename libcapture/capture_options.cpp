// Parsing dynx-capture's command line (see capture_options.hpp).
//
// Options are read only up to the program: the first argument that is not an
// option (the script), `-m MODULE`, or `--` followed by the script. Everything
// after belongs to the program, so `dynx-capture train.py --lr 0.1` passes
// `--lr 0.1` to train.py, as `python train.py --lr 0.1` would.
#include "capture_options.hpp"

#include <CLI/CLI.hpp>

#include <set>

namespace dynx::capture {
namespace {

constexpr const char* kDescription =
    "Run a Python program exactly as `python` would, under dynx's frame hook,\n"
    "and record what its watched frames do.\n";

// CLI11 knows nothing of the program part of the command line.
class CaptureFormatter : public CLI::Formatter {
 public:
  std::string make_usage(const CLI::App*, std::string) const override {
    return "Usage:\n"
           "  dynx-capture [OPTIONS] script.py [ARGS...]\n"
           "  dynx-capture [OPTIONS] -m module [ARGS...]\n"
           "  dynx-capture [OPTIONS] -- script.py [ARGS...]\n"
           "  dynx-capture [OPTIONS] --serve < JOBS\n";
  }
};

constexpr const char* kFooter =
    "Watched frames: functions and modules passed to torch.compile, the --target\n"
    "specs, and otherwise (unless --no-auto) the outermost nn.Module.forward calls\n"
    "of user code. Calls made inside a watched frame are part of it.\n\n"
    "Exit status: the program's own status (0, sys.exit(n), 1 for an uncaught\n"
    "exception, 130 for SIGINT), or\n"
    "  125  dynx-capture itself failed: bad option, unusable --python, internal error\n"
    "  126  the program cannot be run: a directory, unreadable, not Python, syntax error\n"
    "  127  the program was not found: no such script, no such module for -m\n\n"
    "See dynx-capture(1).";

struct Parser {
  CLI::App app{kDescription, "dynx-capture"};
  CaptureOptions options;
  bool version = false;
  bool no_auto = false;

  Parser() {
    app.set_help_flag("-h,--help", "Print this help and exit");
    app.add_flag("--version", version, "Print the versions of dynx, the embedded Python and torch");
    app.add_option("--target", options.targets,
                   "Watch this function: FILE.py:Qualified.name or module:name (repeatable)")
        ->type_name("SPEC");
    app.add_option("-o,--output", options.output_dir,
                   "Write a capture directory here: graphs, graph breaks, weights, examples")
        ->type_name("DIR");
    app.add_option("--cache-limit", options.cache_limit,
                   "Cache entries per watched frame before it runs unrecorded (default: the program's "
                   "torch._dynamo.config.recompile_limit, 8 unless it sets it)")
        ->type_name("N")
        ->check(CLI::PositiveNumber);
    app.add_option("--dynamic", options.dynamic,
                   "Sizes that change between calls: auto (a size seen changing becomes a dynamic "
                   "dimension of the next entry) or off (every new size is a new entry)")
        ->type_name("MODE")
        ->check(CLI::IsMember({"auto", "off"}));
    app.add_option("--mark-dynamic", options.mark_dynamic,
                   "Treat this dimension as dynamic at its first change, even with --dynamic=off: "
                   "NAME:DIM, NAME an argument (x) or a source (L['x'], L['self'].cache) (repeatable)")
        ->type_name("NAME:DIM")
        ->check([](const std::string& text) -> std::string {
          auto colon = text.rfind(':');
          if (colon == std::string::npos || colon == 0 || colon + 1 == text.size() ||
              text.find_first_not_of("0123456789", colon + 1) != std::string::npos)
            return "expected NAME:DIM, e.g. x:0";
          return {};
        });
    app.add_flag("--verify", options.verify,
                 "On every guard hit, record the call again and replay the entry's graphs on its inputs; "
                 "report any difference from eager as an unsound guard (slow)");
    app.add_option("--python", options.python,
                   "Python environment to run in: a venv directory or its bin/python "
                   "(default: $VIRTUAL_ENV, else the one dynx was built with)")
        ->type_name("PATH");
    app.add_flag("--list-frames", options.list_frames,
                 "At exit, print the watched code objects and how often they ran to stderr");
    app.add_flag("--no-auto", no_auto,
                 "Do not watch nn.Module.forward calls automatically when nothing else is named");
    app.add_flag("--serve", options.serve,
                 "For test harnesses: import torch once, then capture each script job read from stdin "
                 "(one JSON object a line) in a process forked from there (see dynx-capture(1))");
    app.footer(kFooter);
    auto formatter = std::make_shared<CaptureFormatter>();
    formatter->column_width(24);
    app.formatter(formatter);
  }

  [[nodiscard]] bool known(const std::string& arg) {
    std::string name = arg.substr(0, arg.find('='));
    for (const CLI::Option* opt : app.get_options()) {
      for (const auto& n : opt->get_lnames())
        if (name == "--" + n) return true;
      for (const auto& n : opt->get_snames())
        if (name == "-" + n) return true;
    }
    return false;
  }

  // Options that consume the following argument when written without '='.
  bool takes_value(const std::string& arg) {
    for (const CLI::Option* opt : app.get_options()) {
      if (opt->get_expected_max() <= 0) continue;
      for (const auto& name : opt->get_lnames())
        if (arg == "--" + name) return true;
      for (const auto& name : opt->get_snames())
        if (arg == "-" + name) return true;
    }
    return false;
  }
};

}  // namespace

Expected<CaptureCommand> parse_capture_command_line(const std::vector<std::string>& args) {
  Parser parser;
  std::vector<std::string> own{"dynx-capture"};
  size_t i = 0;
  bool have_program = false;
  for (; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      if (i + 1 >= args.size()) return Error{"'--' must be followed by a script"};
      parser.options.mode = CaptureOptions::Mode::script;
      parser.options.program = args[i + 1];
      i += 2;
      have_program = true;
      break;
    }
    if (arg == "-m" || (arg.rfind("-m", 0) == 0 && arg.size() > 2 && arg[2] != '-')) {
      std::string module = arg.size() > 2 ? arg.substr(2) : (i + 1 < args.size() ? args[i + 1] : "");
      if (module.empty()) return Error{"-m needs a module name"};
      parser.options.mode = CaptureOptions::Mode::module;
      parser.options.program = module;
      i += arg.size() > 2 ? 1 : 2;
      have_program = true;
      break;
    }
    if (arg.size() > 1 && arg[0] == '-') {
      if (!parser.known(arg)) return Error{"unknown option '" + arg + "'"};
      own.push_back(arg);
      if (arg.find('=') == std::string::npos && parser.takes_value(arg) && i + 1 < args.size())
        own.push_back(args[++i]);
      continue;
    }
    parser.options.mode = CaptureOptions::Mode::script;
    parser.options.program = arg;
    ++i;
    have_program = true;
    break;
  }
  if (have_program)
    parser.options.program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());

  CaptureCommand command;
  try {
    std::vector<const char*> argv;
    for (const auto& a : own) argv.push_back(a.c_str());
    parser.app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::CallForHelp&) {
    command.action = CaptureCommand::Action::help;
    command.help_text = parser.app.help();
    return command;
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    return Error{what.empty() ? "invalid command line" : what};
  }
  if (parser.version) {
    command.action = CaptureCommand::Action::version;
    command.options = parser.options;
    return command;
  }
  if (parser.options.serve && have_program)
    return Error{"--serve reads its jobs from stdin: give no script"};
  if (parser.options.serve && parser.options.output_dir)
    return Error{"--serve takes each job's output directory from the job: give no -o"};
  if (!have_program && !parser.options.serve)
    return Error{"no script or -m module given"};
  command.options = std::move(parser.options);
  command.options.auto_policy = !parser.no_auto;
  return command;
}

}  // namespace dynx::capture
