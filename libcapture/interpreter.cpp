// The embedded CPython (see interpreter.hpp).
#include "interpreter.hpp"

#include <Python.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

#include <unistd.h>

#include "dynx/files.hpp"
#include "dynx_module.hpp"
#include "frame_hook.hpp"
#include "py_ref.hpp"

namespace dynx::capture {

extern const char* const k_bootstrap_source;

namespace {

std::string status_text(const PyStatus& status) {
  std::string text = status.err_msg ? status.err_msg : "unknown error";
  if (status.func) text = std::string(status.func) + ": " + text;
  return text;
}

// The current Python exception as one line ("ValueError: ..."); clears it.
std::string take_exception_text() {
  if (!PyErr_Occurred()) return "unknown error";
#if PY_VERSION_HEX >= 0x030C0000
  PyRef v = PyRef::steal(PyErr_GetRaisedException());
#else
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  PyRef t = PyRef::steal(type), v = PyRef::steal(value), tb = PyRef::steal(traceback);
#endif
  std::string text = v ? Py_TYPE(v.get())->tp_name : "Exception";
  if (v) {
    PyRef s = PyRef::steal(PyObject_Str(v.get()));
    const char* message = s ? PyUnicode_AsUTF8(s.get()) : nullptr;
    if (message && *message) text += std::string(": ") + message;
  }
  PyErr_Clear();
  return text;
}

// Fills a PyConfig the way `python [-m module | -- script] ARGS` would.
bool configure(PyConfig& config, const CaptureOptions& options, const PythonEnvironment& env, std::string& error) {
  PyConfig_InitPythonConfig(&config);
  auto check = [&](PyStatus status) {
    if (PyStatus_Exception(status)) {
      error = status_text(status);
      return false;
    }
    return true;
  };
  if (!check(PyConfig_SetBytesString(&config, &config.program_name, env.executable.c_str()))) return false;
  if (!check(PyConfig_SetBytesString(&config, &config.executable, env.executable.c_str()))) return false;
  std::vector<std::string> argv{env.executable};
  if (options.mode == CaptureOptions::Mode::module) {
    argv.push_back("-m");
  } else {
    argv.push_back("--");  // a script named "-x.py" stays a script
  }
  argv.push_back(options.program);
  argv.insert(argv.end(), options.program_args.begin(), options.program_args.end());
  std::vector<char*> raw;
  for (auto& a : argv) raw.push_back(a.data());
  config.parse_argv = 1;
  if (!check(PyConfig_SetBytesArgv(&config, static_cast<Py_ssize_t>(raw.size()), raw.data()))) return false;
  // sys.orig_argv as `python script ARGS` would record it.
  std::vector<std::string> orig{env.executable};
  if (options.mode == CaptureOptions::Mode::module) orig.push_back("-m");
  orig.push_back(options.program);
  orig.insert(orig.end(), options.program_args.begin(), options.program_args.end());
  std::vector<std::wstring> wide;
  for (const auto& a : orig) {
    wchar_t* decoded = Py_DecodeLocale(a.c_str(), nullptr);
    if (decoded == nullptr) {
      error = "cannot decode argument: " + a;
      return false;
    }
    wide.emplace_back(decoded);
    PyMem_RawFree(decoded);
  }
  std::vector<wchar_t*> wide_raw;
  for (auto& w : wide) wide_raw.push_back(w.data());
  if (!check(PyConfig_SetWideStringList(&config, &config.orig_argv, static_cast<Py_ssize_t>(wide_raw.size()),
                                        wide_raw.data())))
    return false;
  return true;
}

// Executes the bootstrap as module _dynx_bootstrap; returns it (new reference).
PyRef run_bootstrap(std::string& error) {
  PyRef module = PyRef::steal(PyModule_New("_dynx_bootstrap"));
  if (!module) {
    error = take_exception_text();
    return {};
  }
  PyObject* globals = PyModule_GetDict(module.get());  // borrowed
  if (PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins()) != 0) {
    error = take_exception_text();
    return {};
  }
  PyRef code = PyRef::steal(Py_CompileString(k_bootstrap_source, "<dynx-bootstrap>", Py_file_input));
  PyRef result = code ? PyRef::steal(PyEval_EvalCode(code.get(), globals, globals)) : PyRef();
  if (!result) {
    error = take_exception_text();
    return {};
  }
  PyObject* modules = PyImport_GetModuleDict();  // borrowed
  PyDict_SetItemString(modules, "_dynx_bootstrap", module.get());
  return module;
}

std::string current_directory() {
  std::vector<char> buffer(4096);
  while (::getcwd(buffer.data(), buffer.size()) == nullptr) {
    if (errno != ERANGE) return {};
    buffer.resize(buffer.size() * 2);
  }
  return buffer.data();
}

}  // namespace

EmbeddedInterpreter::~EmbeddedInterpreter() {
  if (running_) Py_FinalizeEx();
}

bool EmbeddedInterpreter::initialize(PyConfig& config, const CaptureOptions& options,
                                     const std::vector<TargetSpec>& targets, StartError& error) {
  PyStatus status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(status)) {
    error = {StartFailure::dynx, "cannot start the embedded Python: " + status_text(status)};
    return false;
  }
  running_ = true;
  FrameHook& hook = FrameHook::instance();
  hook.initialize();
  hook.set_auto_policy_allowed(options.auto_policy);
  hook.set_cache_limit(options.cache_limit);
  hook.set_verify(options.verify);
  for (const auto& spec : targets) hook.add_spec_target(spec);
  return true;
}

bool EmbeddedInterpreter::start(const CaptureOptions& options, const std::vector<TargetSpec>& targets,
                                const PythonEnvironment& env, StartError& error) {
  register_dynx_module();
  PyConfig config;
  std::string message;
  if (!configure(config, options, env, message)) {
    PyConfig_Clear(&config);
    error = {StartFailure::dynx, "cannot configure the embedded Python: " + message};
    return false;
  }
  if (!initialize(config, options, targets, error)) return false;
  if (prepare(options, error)) return true;
  // No Python reference may outlive the interpreter: the hook drops its own.
  FrameHook::instance().finalize();
  Py_FinalizeEx();
  running_ = false;
  return false;
}

bool EmbeddedInterpreter::prepare(const CaptureOptions& options, StartError& error) {
  std::string message;
  PyRef bootstrap = run_bootstrap(message);
  if (!bootstrap) {
    error = {StartFailure::dynx, "internal error: the bootstrap failed: " + message};
    return false;
  }
  return check_program(bootstrap.get(), options, error);
}

bool EmbeddedInterpreter::check_program(PyObject* bootstrap, const CaptureOptions& options, StartError& error) {
  // Refuse what Python would refuse, with one clear line instead of a traceback.
  const bool module = options.mode == CaptureOptions::Mode::module;
  // The path as Python decodes argv (the file system encoding, undecodable
  // bytes as surrogates): a script in a latin-1 directory runs under python.
  PyRef program = PyRef::steal(PyUnicode_DecodeFSDefault(options.program.c_str()));
  PyRef result = program ? PyRef::steal(PyObject_CallMethod(bootstrap, module ? "check_module" : "check_script",
                                                            "O", program.get()))
                         : PyRef();
  if (!result) {
    error = {StartFailure::not_runnable, options.program + ": " + take_exception_text()};
    return false;
  }
  if (result.get() == Py_None) {
    // A script that calls torch.compile: only what it compiles is watched,
    // from its first line (the automatic policy would watch the forward
    // calls it makes before compiling, which Dynamo runs eagerly).
    if (!module && options.auto_policy) {
      PyRef compiles = PyRef::steal(PyObject_CallMethod(bootstrap, "script_compiles", "O", program.get()));
      if (compiles && PyObject_IsTrue(compiles.get()) == 1) FrameHook::instance().set_auto_policy_allowed(false);
      PyErr_Clear();
    }
    return true;
  }
  // (kind, message): "not-found" for a missing module, else it cannot run.
  PyObject* kind = PyTuple_GetItem(result.get(), 0);  // borrowed
  PyObject* text = PyTuple_GetItem(result.get(), 1);  // borrowed
  const char* kind_text = kind ? PyUnicode_AsUTF8(kind) : nullptr;
  const char* text_utf8 = text ? PyUnicode_AsUTF8(text) : nullptr;
  bool not_found = kind_text != nullptr && std::string_view(kind_text) == "not-found";
  error = {not_found ? StartFailure::not_found : StartFailure::not_runnable,
           text_utf8 ? text_utf8 : options.program};
  PyErr_Clear();
  return false;
}

bool EmbeddedInterpreter::start_server(const CaptureOptions& options, const std::vector<TargetSpec>& targets,
                                       const PythonEnvironment& env, StartError& error) {
  register_dynx_module();
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  std::string message;
  PyStatus status = PyConfig_SetBytesString(&config, &config.program_name, env.executable.c_str());
  if (!PyStatus_Exception(status)) status = PyConfig_SetBytesString(&config, &config.executable, env.executable.c_str());
  if (PyStatus_Exception(status)) {
    PyConfig_Clear(&config);
    error = {StartFailure::dynx, "cannot configure the embedded Python: " + status_text(status)};
    return false;
  }
  if (!initialize(config, options, targets, error)) return false;
  FrameHook& hook = FrameHook::instance();
  PyRef bootstrap = run_bootstrap(message);
  PyRef imported = bootstrap ? PyRef::steal(PyObject_CallMethod(bootstrap.get(), "serve_start", nullptr)) : PyRef();
  if (!bootstrap || !imported) {
    if (message.empty()) message = take_exception_text();
    error = {StartFailure::dynx, "the capture server could not import torch: " + message};
    bootstrap = PyRef();
    hook.finalize();
    Py_FinalizeEx();
    running_ = false;
    return false;
  }
  return true;
}

bool EmbeddedInterpreter::prepare_job(const CaptureOptions& options, const PythonEnvironment& env,
                                      StartError& error) {
  FrameHook::instance().adopt_forked_process();
  FrameHook::instance().set_auto_policy_allowed(options.auto_policy);
  PyObject* bootstrap = PyDict_GetItemString(PyImport_GetModuleDict(), "_dynx_bootstrap");  // borrowed
  if (bootstrap == nullptr) {
    error = {StartFailure::dynx, "internal error: the capture server lost its bootstrap"};
    return false;
  }
  if (!check_program(bootstrap, options, error)) return false;
  // sys.argv, sys.orig_argv and sys.path[0] as `python script ARGS` sets them.
  PyRef argv = PyRef::steal(PyList_New(0));
  PyRef orig = PyRef::steal(PyList_New(0));
  auto append = [](PyObject* list, const std::string& text) {
    PyRef item = PyRef::steal(PyUnicode_DecodeFSDefault(text.c_str()));
    return item && PyList_Append(list, item.get()) == 0;
  };
  bool ok = argv && orig && append(argv.get(), options.program) && append(orig.get(), env.executable) &&
            append(orig.get(), options.program);
  for (const auto& a : options.program_args) ok = ok && append(argv.get(), a) && append(orig.get(), a);
  PyRef output = options.output_dir ? PyRef::steal(PyUnicode_DecodeFSDefault(options.output_dir->c_str()))
                                    : PyRef::borrow(Py_None);
  PyRef done = ok && output ? PyRef::steal(PyObject_CallMethod(bootstrap, "serve_job", "OOO", argv.get(), orig.get(),
                                                               output.get()))
                            : PyRef();
  if (!done) {
    error = {StartFailure::dynx, "the capture server could not start the job: " + take_exception_text()};
    return false;
  }
  return true;
}

int EmbeddedInterpreter::run_job(const std::string& script) {
  running_ = false;  // finalized here
  // Py_RunMain runs the script by its absolute path (__main__.__file__).
  std::string path = script;
  if (path.empty() || path[0] != '/') {
    std::string cwd = current_directory();
    if (!cwd.empty()) path = cwd + "/" + path;
  }
  int status = 1;
  if (FILE* file = std::fopen(path.c_str(), "rb")) {
    PyCompilerFlags flags{};  // _PyCompilerFlags_INIT, a compound literal C++ does not have
    flags.cf_flags = 0;
    flags.cf_feature_version = PY_MINOR_VERSION;
    status = PyRun_SimpleFileExFlags(file, path.c_str(), 1, &flags) == 0 ? 0 : 1;
  } else {
    std::fprintf(stderr, "%s: can't open file '%s': [Errno %d] %s\n", "python", path.c_str(), errno,
                 std::strerror(errno));
    status = 2;
  }
  if (Py_FinalizeEx() < 0) status = 120;
  return status;
}

int EmbeddedInterpreter::run() {
  running_ = false;  // Py_RunMain finalizes
  return Py_RunMain();
}

std::string EmbeddedInterpreter::probe_torch_version(const PythonEnvironment& env) {
  PyConfig config;
  PyConfig_InitIsolatedConfig(&config);
  config.isolated = 0;
  config.use_environment = 1;
  config.site_import = 1;
  PyConfig_SetBytesString(&config, &config.program_name, env.executable.c_str());
  PyConfig_SetBytesString(&config, &config.executable, env.executable.c_str());
  PyStatus status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(status)) return {};
  std::string version;
  {  // every reference is released before the interpreter goes away
    PyRef metadata = PyRef::steal(PyImport_ImportModule("importlib.metadata"));
    PyRef result = metadata ? PyRef::steal(PyObject_CallMethod(metadata.get(), "version", "s", "torch")) : PyRef();
    if (result && PyUnicode_Check(result.get())) version = PyUnicode_AsUTF8(result.get());
    PyErr_Clear();
  }
  Py_FinalizeEx();
  return version;
}

}  // namespace dynx::capture
