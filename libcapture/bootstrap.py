"""dynx bootstrap: runs inside dynx's embedded interpreter before the program.

It changes as little as possible of what the program sees: it adds the
modules _dynx and _dynx_bootstrap, one finder at the front of sys.meta_path
that answers only for modules dynx watches (torch, --target modules), and one
atexit handler that runs after all of the program's own. When it records
(-o), a second finder serves the embedded recorder package, dynx_recorder. When torch is
imported, torch.compile is replaced by a function that registers its argument
with the frame hook and returns it unchanged, so the program runs eagerly.
"""
import atexit
import os
import sys

import _dynx

# Registered first, so it runs last: after every handler the program adds.
atexit.register(_dynx.at_exit)


def _source_prefixes():
    import site
    import sysconfig

    stdlib, third_party = set(), set()
    for variables in (None, {"base": sys.base_prefix, "platbase": sys.base_exec_prefix,
                             "installed_base": sys.base_prefix,
                             "installed_platbase": sys.base_exec_prefix}):
        paths = sysconfig.get_paths(vars=variables) if variables else sysconfig.get_paths()
        stdlib.update((paths["stdlib"], paths["platstdlib"]))
        third_party.update((paths["purelib"], paths["platlib"]))
    third_party.update(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        third_party.add(site.getusersitepackages())

    def canonical(paths):
        return sorted({os.path.realpath(p).rstrip("/") for p in paths if p})

    return canonical(stdlib), canonical(third_party)


_dynx.set_source_prefixes(*_source_prefixes())


def _options_text(options):
    shown = []
    for key in sorted(options):
        value = options[key]
        if callable(value):
            value = getattr(value, "__name__", type(value).__name__)
            shown.append(f"{key}={value}")
        else:
            shown.append(f"{key}={value!r}")
    return f"torch.compile({', '.join(shown)})" if shown else "torch.compile"


# The torch.compile options of every registration, in the order the frame
# hook matches them: (code, function or None, self or None, options).
_registrations = []
_optimized = []   # (forward's code, module) of each torch.compile(module): calls made through an OptimizedModule


def compile_options(code, function=None, self=None):
    """The options torch.compile was given for the frame of `code` called as
    `function` with first argument `self` (fullgraph, dynamic, backend, mode,
    options...): a new dict, empty for a frame no torch.compile call watches
    (an automatic or --target frame). The registration chosen is the one the
    frame hook matches (frame_hook.cpp, frame_matches): the first whose code
    is `code` and whose function and self, where set, are these."""
    for reg_code, reg_function, reg_self, options in _registrations:
        if reg_code is code and (reg_function is None or reg_function is function) and \
                (reg_self is None or reg_self is self):
            return dict(options)
    return {}


def optimized_module_call(code, module):
    """Whether a call of `code` with `module` as self is the forward of a
    torch.compile(module) (Dynamo compiles the module's whole call there)."""
    return any(c is code and m is module for c, m in _optimized)


def module_forward_at(file, line):
    """Whether the watched code at file:line is the forward of a
    torch.compile(module) (else a function's or a bound method's)."""
    return any(c.co_filename == file and c.co_firstlineno == line for c, _ in _optimized)


def _add_target(code, function, self, options, gate=None):
    _registrations.append((code, function, self, dict(options)))
    if gate is None:
        _dynx.add_target(code, function, self, _options_text(options))
    else:
        _dynx.add_target(code, function, self, _options_text(options), gate)


def _optimized_module(module, options):
    """What torch.compile(module) returns: like Dynamo, an OptimizedModule
    wrapping the module (`_orig_mod`, state_dict keys with the `_orig_mod.`
    prefix, its repr, isinstance checks, attributes read through), whose
    calls run the original module eagerly. The frame hook watches the
    module's forward only while such a call runs (the gate): generate() and
    the module's other methods call the original module, which Dynamo does
    not compile either. None where this torch has no OptimizedModule."""
    import contextlib

    import torch

    try:
        from torch._dynamo.eval_frame import OptimizedModule
    except ImportError:
        return None
    in_optimized = getattr(torch._dynamo.eval_frame, "_set_in_optimized_module", contextlib.nullcontext)
    gate = []

    class _Context:
        """Stands for Dynamo's context: wraps the module's call so that the
        gate is open while it runs."""

        def __call__(self, fn):
            def run(*args, **kwargs):
                gate.append(None)
                try:
                    return fn(*args, **kwargs)
                finally:
                    gate.pop()
            return run

    class _Optimized(OptimizedModule):
        def __call__(self, *args, **kwargs):
            # As OptimizedModule.__call__, without its warning about global
            # module hooks: the hooks are dynx's own (the recorder's), not
            # the program's.
            with in_optimized():
                return torch.nn.Module.__call__(self, *args, **kwargs)

    _Optimized.__name__ = _Optimized.__qualname__ = "OptimizedModule"
    _Optimized.__module__ = OptimizedModule.__module__
    try:
        wrapper = _Optimized(module, _Context())
    except Exception:  # another torch's constructor: run on the module itself
        return None
    return wrapper, gate


def _compile_wrapper(fn, gate):
    """What torch.compile(fn) returns for a function or a bound method: a
    new function made with functools.wraps(fn), so a program sees what it
    sees under Dynamo (`compiled.__wrapped__ is fn`, the name, docstring
    and attributes copied, `_torchdynamo_orig_callable`; no __defaults__
    of its own). It calls fn, whose code the frame hook watches while the
    call runs (the gate): fn called directly, or through __wrapped__, runs
    eagerly, as under Dynamo, whose callback is set by the wrapper only."""
    import functools

    @functools.wraps(fn)
    def compile_wrapper(*args, **kwargs):
        gate.append(None)
        try:
            return fn(*args, **kwargs)
        finally:
            gate.pop()
    compile_wrapper._torchdynamo_inline = fn
    compile_wrapper._torchdynamo_orig_callable = fn
    compile_wrapper._torchdynamo_wrapper_id = id(compile_wrapper)
    return compile_wrapper


def _register_compiled(obj, options):
    """Tells the frame hook which frames torch.compile(obj, **options) would
    compile, and keeps the options for compile_options. nn.Module.compile()
    comes here too: it calls torch.compile(self._call_impl, ...). Returns
    what torch.compile returns (an OptimizedModule for a module, a
    functools.wraps wrapper for a function or a bound method, an optimizer's
    step or a callable object itself), or None where nothing can be watched."""
    import types

    import torch

    if isinstance(obj, torch.nn.Module):
        made = _optimized_module(obj, options)
        gate = made[1] if made is not None else None
        forward = type(obj).forward
        if isinstance(forward, types.FunctionType):
            _add_target(forward.__code__, forward, obj, options, gate)
            _optimized.append((forward.__code__, obj))
        else:
            call_impl = torch.nn.Module._call_impl
            _add_target(call_impl.__code__, call_impl, obj, options, gate)
        return made[0] if made is not None else obj
    if isinstance(obj, types.MethodType) and obj.__func__ is torch.nn.Module._call_impl and \
            isinstance(obj.__self__, torch.nn.Module):
        # nn.Module.compile(): torch.compile(self._call_impl). Dynamo skips
        # _call_impl (torch's code) and compiles the first frame of the
        # program's it calls: the module's own forward, its inputs named as
        # its parameters (x, not args[0]). A torch module's forward is
        # watched through _call_impl, as before.
        forward = type(obj.__self__).forward
        code = getattr(forward, "__code__", None)
        torch_dir = os.path.dirname(os.path.realpath(torch.__file__)) + os.sep
        if isinstance(forward, types.FunctionType) and \
                not os.path.realpath(code.co_filename).startswith(torch_dir):
            _add_target(code, forward, obj.__self__, options)
            return obj
        if not options.get("fullgraph") and \
                all((type(m).__module__ or "").startswith("torch.") and not m._forward_hooks and
                    not m._forward_pre_hooks for m in obj.__self__.modules()):
            # Only torch's own modules (nn.Sequential of its layers), no hook:
            # every frame under _call_impl is torch's, which Dynamo skips, so
            # it compiles nothing (measured, torch 2.13: 0 graphs; under
            # fullgraph=True that is an error, which the recorder raises).
            return obj
    if isinstance(obj, types.MethodType) and isinstance(obj.__func__, types.FunctionType):
        # (An optimizer's step, torch.compile(opt.step): the recorder knows
        # the step by the program's call of it, as before.)
        if isinstance(obj.__self__, torch.optim.Optimizer):
            _add_target(obj.__func__.__code__, obj.__func__, obj.__self__, options)
            return obj
        gate = []
        _add_target(obj.__func__.__code__, obj.__func__, obj.__self__, options, gate)
        return _compile_wrapper(obj, gate)
    if isinstance(obj, types.FunctionType):
        gate = []
        _add_target(obj.__code__, obj, None, options, gate)
        return _compile_wrapper(obj, gate)
    call = getattr(type(obj), "__call__", None)
    if isinstance(call, types.FunctionType):
        _add_target(call.__code__, call, obj, options)
        return obj
    return None


def _patch_like_dynamo():
    """What torch.compile does to torch itself when it builds its context
    (torch._dynamo.eval_frame.TorchPatcher.patch, once per process):
    Distribution argument validation off, optimizers' _init_group and fused
    kernels wrapped in torch._dynamo.disable, torch.jit tracing disabled. A
    program sees these under torch.compile (no validation break in
    Categorical(probs); a break in the optimizer's step at _init_group), so
    it sees them under dynx."""
    try:
        from torch._dynamo.eval_frame import TorchPatcher
        TorchPatcher.patch()
    except Exception:  # noqa: BLE001 - another torch without it: nothing to mirror
        pass


def _flat_cond(wrapper):
    """torch.cond outside Dynamo compiles its operator call with
    torch.compile(fullgraph=True), which hands the operator the graphs Dynamo
    traced the branches into: they return their results flat, and cond's
    backward needs that (a branch returning a bare tensor fails in it,
    measured, torch 2.13). Under dynx, torch.compile runs eagerly, so the
    branches are wrapped to return flat results, and the call gets them
    back in the structure of the branch that ran."""
    from torch.utils import _pytree

    def call(pred, true_fn, false_fn, operands, *args, **kwargs):
        last = {}

        def flat(fn):
            def run(*a):
                leaves, last["spec"] = _pytree.tree_flatten(fn(*a))
                return tuple(leaves)
            return run
        result = wrapper(pred, flat(true_fn), flat(false_fn), operands, *args, **kwargs)
        return _pytree.tree_unflatten(list(result), last["spec"]) if "spec" in last else result
    return call


def _on_torch_imported(torch):
    import functools

    original = torch.compile

    @functools.wraps(original)
    def compile(model=None, **kwargs):
        # Like torch.compile: without a model it is a decorator factory.
        if model is None:
            def decorate(fn):
                return compile(fn, **kwargs)
            return decorate
        if kwargs.get("disable", False):
            return model
        if getattr(model, "__module__", None) == "torch._higher_order_ops.cond" and \
                getattr(model, "__name__", None) == "_cond_op_wrapper":
            return _flat_cond(model)
        _patch_like_dynamo()
        # The program keeps running eagerly: on the very object it passed, or
        # (a module) on an OptimizedModule around it, as torch.compile returns.
        returned = _register_compiled(model, kwargs)
        return returned if returned is not None else model

    torch.compile = compile
    _dynx.torch_imported(torch.nn.Module, os.path.dirname(os.path.realpath(torch.__file__)), torch.__version__)
    output_dir = _dynx.output_dir()
    if output_dir is not None:
        _start_recorder(output_dir)


def _start_recorder(output_dir):
    # A failure here is dynx's, not the program's: say so and run unrecorded.
    try:
        _load_recorder(output_dir)
    except Exception as e:  # noqa: BLE001
        print(f"dynx-capture: warning: recording is off: the recorder failed to start: "
              f"{type(e).__name__}: {e}", file=sys.stderr)


def _load_recorder(output_dir):
    _install_recorder_package()
    import dynx_recorder

    recorder = dynx_recorder.Recorder(output_dir, *_source_prefixes())
    _dynx.set_recorder(recorder.enter, recorder.exit, recorder.finish)


class _EmbeddedPackageImporter:
    """Serves the recorder's sources embedded in the binary as the package
    `dynx_recorder`: module dynx_recorder.guards is recorder/guards.py, with
    the file name "<dynx>/recorder/guards.py" in its code objects and its
    lines in linecache, so tracebacks and profiles show where they are."""

    PACKAGE = "dynx_recorder"

    def __init__(self, sources):
        self.sources = sources  # {"recorder/guards.py": text}

    def _path(self, name):
        if name == self.PACKAGE:
            return "recorder/__init__.py"
        if name.startswith(self.PACKAGE + "."):
            path = "recorder/" + name[len(self.PACKAGE) + 1:].replace(".", "/") + ".py"
            return path if path in self.sources else None
        return None

    def find_spec(self, name, path=None, target=None):
        import importlib.util

        relative = self._path(name)
        if relative is None:
            return None
        spec = importlib.util.spec_from_loader(name, self, origin="<dynx>/" + relative,
                                               is_package=name == self.PACKAGE)
        return spec

    def create_module(self, spec):
        return None  # the default module

    def exec_module(self, module):
        import linecache

        relative = self._path(module.__name__)
        filename = "<dynx>/" + relative
        text = self.sources[relative]
        # mtime None: linecache.checkcache never drops the entry.
        linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
        module.__file__ = filename
        exec(compile(text, filename, "exec", dont_inherit=True), module.__dict__)

    def get_source(self, name):
        relative = self._path(name)
        return self.sources[relative] if relative is not None else None

    def invalidate_caches(self):
        pass


def _install_recorder_package():
    if not any(isinstance(f, _EmbeddedPackageImporter) for f in sys.meta_path):
        sys.meta_path.insert(0, _EmbeddedPackageImporter(_dynx.sources()))


class _DynxImportWatcher:
    """Reports, once each, the imports of the modules dynx watches."""

    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, name, path=None, target=None):
        if name not in self.names:
            return None
        spec = None
        for finder in sys.meta_path:
            if finder is self:
                continue
            find = getattr(finder, "find_spec", None)
            if find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                break
        loader = getattr(spec, "loader", None)
        original = getattr(loader, "exec_module", None)
        if original is None:
            return spec
        watcher = self

        def exec_module(module):
            try:
                original(module)
            finally:
                try:
                    del loader.exec_module
                except AttributeError:
                    pass
            watcher.names.discard(name)
            watcher.imported(name, module)

        try:
            loader.exec_module = exec_module
        except (AttributeError, TypeError):
            pass
        return spec

    @staticmethod
    def imported(name, module):
        if name == "torch":
            _on_torch_imported(module)
        file = getattr(module, "__file__", None)
        if file and name in _dynx.pending_modules():
            _dynx.module_imported(name, file)

    def invalidate_caches(self):
        pass


def _install_import_watcher():
    names = {"torch", *_dynx.pending_modules()}
    for name in list(names):
        module = sys.modules.get(name)
        if module is not None:
            names.discard(name)
            _DynxImportWatcher.imported(name, module)
    sys.meta_path.insert(0, _DynxImportWatcher(names))


def check_script(path):
    """None if `path` can run as a script, else (kind, message)."""
    import warnings
    import _frozen_importlib_external

    if os.path.isdir(path):
        main = os.path.join(path, "__main__.py")
        if not os.path.isfile(main):
            return ("not-runnable", f"{path}: is a directory without __main__.py")
        path = main
    with open(path, "rb") as f:
        source = f.read()
    if source[:4] in (_frozen_importlib_external.MAGIC_NUMBER, b"PK\x03\x04"):
        return None  # a .pyc or a zip application: Python runs those too
    if b"\0" in source:
        return ("not-python", f"{path}: not a Python script (it contains NUL bytes)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            compile(source, path, "exec", dont_inherit=True)
        except SyntaxError as e:
            message = e.msg or "invalid syntax"
            if "codec" in message or "unicode error" in message:
                return ("not-python", f"{path}: not a Python script ({message.replace('(unicode error) ', '')})")
            where = f"{path}:{e.lineno}" + (f":{e.offset}" if e.offset else "")
            return ("syntax", f"{where}: syntax error: {message}")
        except (ValueError, UnicodeError) as e:
            return ("not-python", f"{path}: not a Python script ({e})")
    return None


def script_compiles(path):
    """Whether the script's own code compiles with torch.compile (a call or a
    decorator, `from torch import compile`, nn.Module.compile(),
    torch._dynamo.optimize). Then, as under torch.compile, only what it
    compiles is watched: the automatic policy (the outermost nn.Module.forward
    calls) stays off, also for the calls the script makes before its first
    torch.compile, which Dynamo runs eagerly."""
    import ast
    import warnings

    if not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as f:
            source = f.read()
        if b"compile" not in source and b"optimize" not in source:
            return False
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source, path)
    except (OSError, SyntaxError, ValueError, UnicodeError):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("torch", "torch._dynamo"):
            if any(alias.name in ("compile", "optimize") for alias in node.names):
                return True
        elif isinstance(node, ast.Attribute):
            owner = node.value
            owner_name = owner.id if isinstance(owner, ast.Name) else \
                owner.attr if isinstance(owner, ast.Attribute) else ""
            if node.attr == "compile" and owner_name == "torch":
                return True  # torch.compile, @torch.compile
            if node.attr == "optimize" and owner_name in ("_dynamo", "dynamo"):
                return True  # torch._dynamo.optimize(...)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile":
            # model.compile(...): nn.Module.compile takes keywords only (re.compile a pattern).
            if not node.args and not (isinstance(node.func.value, ast.Name) and node.func.value.id in ("re", "regex")):
                return True
    return False


def check_module(name):
    """None if `python -m name` would find something to run, else (kind, message)."""
    import importlib.util

    sys.path.insert(0, os.getcwd())
    try:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations is not None:
            if importlib.util.find_spec(name + ".__main__") is None:
                return ("not-runnable", f"'{name}' is a package without a __main__ module")
        if spec is None:
            return ("not-found", f"no module named '{name}'")
    except ModuleNotFoundError as e:
        return ("not-found", f"no module named '{e.name or name}'")
    except Exception:
        return None  # the module itself fails: let Python run it and report that
    finally:
        sys.path.pop(0)
    return None


def serve_start():
    """dynx-capture --serve: what the start of every capture imports, done
    once before the jobs are forked: torch (the import watcher replaces
    torch.compile, as when a program imports it; no recorder yet: there is
    no output directory), torch._dynamo (the recorder's settings import it)
    and the recorder package."""
    import torch  # noqa: F401
    import torch._dynamo  # noqa: F401

    _install_recorder_package()
    import dynx_recorder  # noqa: F401


def serve_job(argv, orig_argv, output_dir):
    """In a job forked from the server: sys.argv, sys.orig_argv and
    sys.path[0] as `python script ARGS` sets them (the directory of the
    script's real path), then the recorder as the program's `import torch`
    starts it."""
    # A new process draws new seeds: torch's default generator and numpy's
    # global one (Python's random reseeds itself after a fork).
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.seed()
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        numpy_random.seed()
    sys.argv = list(argv)
    sys.orig_argv = list(orig_argv)
    sys.path.insert(0, os.path.dirname(os.path.realpath(argv[0])))
    if output_dir is not None:
        _start_recorder(output_dir)


_install_import_watcher()
