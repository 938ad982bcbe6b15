"""dynx: use a model.so built by dynx-aot from Python.

    import dynx
    m = dynx.load("model.so")           # or a bundle directory
    logits = m(input_ids)               # torch tensors or NumPy arrays in
    out = m(x=x, mask=mask)             # inputs by their model.json names
    m.inputs, m.outputs                 # the signature: name, dtype, shape

Tensors cross into the model without a copy (their memory is handed over as
DLPack DLTensors; a non-contiguous input is made contiguous first) and the
model's outputs come back without a copy, as torch tensors when the inputs
were torch tensors and as NumPy arrays when they were arrays (`output=`
chooses). A model with one output returns it; one with several returns an
`Outputs` tuple whose items are also reachable by name (`out["logits"]`,
`out.logits`).

A Model may be called from many threads at once: each call borrows one of a
pool of instances (they share one copy of the weights; `instances=` bounds
the pool, default the number of CPUs), and the model runs with the GIL
released. Failures are exceptions carrying the model's one-line message:
InputError (a ValueError) for inputs that do not match the signature,
LoadError (an OSError) for a model.so or weights that cannot be loaded,
Error for the rest.

Only the Python standard library is needed; torch and NumPy are used when
installed. See dynx-aot(1) for the C interface this wraps.
"""
import ctypes
import json
import os
import threading

__all__ = ["load", "Model", "Outputs", "TensorSpec", "Error", "InputError", "LoadError", "__version__"]

__version__ = "0.1.0"

_ABI_VERSION = 1


class Error(RuntimeError):
    """A model call failed; `status` is the dynx_status (see dynx/model.h)."""

    def __init__(self, message, status=3):
        super().__init__(message)
        self.status = status


class InputError(Error, ValueError):
    """The inputs do not match the model's signature."""


class LoadError(Error, OSError):
    """The model.so, or its weights, could not be loaded."""


def _raise(status, message):
    if status in (1, 2):
        raise InputError(message, status)
    if status == 5:
        raise LoadError(message, status)
    raise Error(message, status)


# DLPack (dlpack.h, v0.8 and later: the layout model.h uses).
class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    pass


_DELETER = ctypes.CFUNCTYPE(None, ctypes.POINTER(_DLManagedTensor))
_DLManagedTensor._fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", _DELETER)]

_KDL_CPU = 1

# model.json dtype names -> (DLPack code, bits); the names are torch's.
_DLPACK = {"float32": (2, 32), "float64": (2, 64), "float16": (2, 16), "bfloat16": (4, 16), "int64": (0, 64),
           "int32": (0, 32), "int16": (0, 16), "int8": (0, 8), "uint8": (1, 8), "bool": (6, 8),
           "complex64": (5, 64), "complex128": (5, 128)}
# NumPy's names where they differ (NumPy has no bfloat16).
_NUMPY_NAMES = {"bool": "bool_"}

_new_capsule = ctypes.pythonapi.PyCapsule_New
_new_capsule.restype = ctypes.py_object
_new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


def _shape_text(shape):
    return "any shape" if shape is None else "[" + ", ".join(str(d) for d in shape) + "]"


class TensorSpec(tuple):
    """One input or output of the signature: name, dtype (torch's name) and
    shape (ints, or symbol names for dynamic sizes). In a model of several
    cache entries, a dtype, a size or (for another rank) the shape that
    differs between them is None."""
    __slots__ = ()

    def __new__(cls, name, dtype, shape, value=None):
        return super().__new__(cls, (name, dtype, None if shape is None else tuple(shape), value))

    name = property(lambda self: self[0])
    dtype = property(lambda self: self[1])
    shape = property(lambda self: self[2])
    value = property(lambda self: self[3], doc="the graph's own name for an output renamed after the code")

    def __repr__(self):
        return f"TensorSpec({self.name!r}, {self.dtype}, {_shape_text(self.shape)})"


class Outputs(tuple):
    """A model's outputs in signature order, also reachable by name."""

    def __new__(cls, values, names):
        self = super().__new__(cls, values)
        self._names = tuple(names)
        return self

    def keys(self):
        return list(self._names)

    def items(self):
        return list(zip(self._names, self))

    def __getitem__(self, key):
        if isinstance(key, str):
            try:
                return tuple.__getitem__(self, self._names.index(key))
            except ValueError:
                raise KeyError(key) from None
        return tuple.__getitem__(self, key)

    def __getattr__(self, name):
        names = object.__getattribute__(self, "_names")
        if name in names:
            return tuple.__getitem__(self, names.index(name))
        raise AttributeError(name)

    def __repr__(self):
        return "Outputs(" + ", ".join(f"{n}={v!r}" for n, v in zip(self._names, self)) + ")"


class _Exported:
    """Hands one DLManagedTensor to torch.from_dlpack / numpy.from_dlpack."""

    def __init__(self, pointer):
        self.pointer = pointer

    def capsule(self):
        pointer, self.pointer = self.pointer, None
        return _new_capsule(pointer, b"dltensor", None)

    def __dlpack__(self, *args, **kwargs):
        return self.capsule()

    def __dlpack_device__(self):
        return (_KDL_CPU, 0)

    def release(self):
        if self.pointer:
            managed = ctypes.cast(self.pointer, ctypes.POINTER(_DLManagedTensor))
            self.pointer = None
            if managed.contents.deleter:
                managed.contents.deleter(managed)


def _find_library(path):
    """model.so itself, or the one in a bundle directory."""
    path = os.fspath(path)
    if os.path.isdir(path):
        candidates = sorted(f for f in os.listdir(path) if f.endswith(".so") and os.path.isfile(os.path.join(path, f)))
        if len(candidates) != 1:
            raise LoadError(f"{path}: a bundle directory holds exactly one model .so (found {len(candidates)})", 5)
        path = os.path.join(path, candidates[0])
    if not os.path.isfile(path):
        raise LoadError(f"{path}: no such model.so", 5)
    return os.path.abspath(path)


class Model:
    """A loaded model.so: call it with the inputs of its signature."""

    def __init__(self, path, weights=None, instances=None, output="auto"):
        if output not in ("auto", "torch", "numpy"):
            raise ValueError(f"output must be 'auto', 'torch' or 'numpy', not {output!r}")
        self.path = _find_library(path)
        try:
            lib = ctypes.CDLL(self.path, mode=os.RTLD_LOCAL | os.RTLD_NOW)
        except OSError as e:
            raise LoadError(f"{self.path}: cannot load: {e}", 5) from None
        try:
            lib.dynx_model_signature.restype = ctypes.c_char_p
        except AttributeError:
            raise LoadError(f"{self.path}: not a dynx model.so (no dynx_model_signature)", 5) from None
        lib.dynx_model_abi_version.restype = ctypes.c_uint32
        lib.dynx_model_last_error.restype = ctypes.c_char_p
        lib.dynx_model_num_inputs.restype = ctypes.c_size_t
        lib.dynx_model_num_outputs.restype = ctypes.c_size_t
        lib.dynx_model_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.dynx_model_destroy.argtypes = [ctypes.c_void_p]
        lib.dynx_model_run.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.POINTER(_DLTensor)), ctypes.c_size_t,
                                       ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
        lib.dynx_model_set_num_threads.argtypes = [ctypes.c_int]
        abi = lib.dynx_model_abi_version()
        if abi != _ABI_VERSION:
            raise LoadError(f"{self.path}: model ABI version {abi}, this dynx package reads {_ABI_VERSION}", 5)
        self._lib = lib
        self.signature = json.loads(lib.dynx_model_signature().decode("utf-8"))
        self.inputs = [TensorSpec(s["name"], s["dtype"], s["shape"]) for s in self.signature["inputs"]]
        self.outputs = [TensorSpec(s["name"], s["dtype"], s["shape"], s.get("value")) for s in
                        self.signature["outputs"]]
        # A model of several cache entries: their graph ids, in the order a
        # call tries them (the signature above is what they share: a dtype or
        # size that differs between them is None).
        self.entries = [e["graph"] for e in self.signature.get("entries", [])]
        self.weights = os.fspath(weights) if weights is not None else None
        self.output = output
        self.instances = instances if instances else (os.cpu_count() or 1)
        if self.instances < 1:
            raise ValueError("instances must be at least 1")
        self._free = []
        self._created = 0
        self._available = threading.Condition()
        self._free.append(self._create())  # fail now, not at the first call, when the weights are wrong

    def __repr__(self):
        ins = ", ".join(f"{s.name}: {s.dtype}{_shape_text(s.shape)}" for s in self.inputs)
        outs = ", ".join(f"{s.name}: {s.dtype}{_shape_text(s.shape)}" for s in self.outputs)
        return f"<dynx.Model {os.path.basename(self.path)} ({ins}) -> ({outs})>"

    def _create(self):
        handle = ctypes.c_void_p()
        weights = self.weights.encode() if self.weights is not None else None
        status = self._lib.dynx_model_create(weights, ctypes.byref(handle))
        if status != 0:
            _raise(status, self._lib.dynx_model_last_error().decode("utf-8", "replace"))
        self._created += 1
        return handle

    def _acquire(self):
        with self._available:
            while not self._free:
                if self._created < self.instances:
                    return self._create()
                self._available.wait()
            return self._free.pop()

    def _release(self, handle):
        with self._available:
            self._free.append(handle)
            self._available.notify()

    def set_num_threads(self, threads):
        """Threads of the operators' intra-op pool (process-wide for this model.so)."""
        status = self._lib.dynx_model_set_num_threads(int(threads))
        if status != 0:
            _raise(status, self._lib.dynx_model_last_error().decode("utf-8", "replace"))

    def _arrange(self, args, kwargs):
        """The inputs in signature order."""
        names = [s.name for s in self.inputs]
        if len(args) > len(names):
            raise InputError(f"the model takes {len(names)} input(s), {len(args)} given", 1)
        values = list(args) + [None] * (len(names) - len(args))
        given = [True] * len(args) + [False] * (len(names) - len(args))
        for key, value in kwargs.items():
            if key not in names:
                raise InputError(f"no input named {key!r} (inputs: {', '.join(names)})", 1)
            index = names.index(key)
            if given[index]:
                raise InputError(f"input {key!r} given twice", 1)
            values[index], given[index] = value, True
        missing = [n for n, g in zip(names, given) if not g]
        if missing:
            raise InputError(f"missing input(s): {', '.join(missing)}", 1)
        return values

    def _dltensor(self, spec, value, keep):
        """A DLTensor over value's memory (torch tensor, NumPy array or
        Python number); returns (tensor, kind)."""
        kind = type(value).__module__.split(".")[0]
        if kind == "torch":
            import torch
            if not isinstance(value, torch.Tensor):
                raise InputError(f"input {spec.name!r}: a {type(value).__name__} is not a tensor", 2)
            if value.device.type != "cpu":
                raise InputError(f"input {spec.name!r} is on {value.device}; the model runs on the CPU", 2)
            value = value.detach()
            if not value.is_contiguous() or value.is_conj() or value.is_neg():
                value = value.resolve_conj().resolve_neg().contiguous()
            dtype = str(value.dtype).replace("torch.", "")
            data, shape = value.data_ptr(), tuple(value.shape)
        elif kind == "numpy":
            import numpy
            value = numpy.ascontiguousarray(value)
            dtype = "bool" if value.dtype == numpy.bool_ else value.dtype.name
            data, shape = value.ctypes.data, value.shape
        elif isinstance(value, (bool, int, float)):
            return self._dltensor(spec, _scalar_array(value, spec), keep)
        else:
            raise InputError(f"input {spec.name!r}: expected a torch tensor or a NumPy array, "
                             f"got {type(value).__name__}", 2)
        code = _DLPACK.get(dtype)
        if code is None:
            raise InputError(f"input {spec.name!r}: dtype {dtype} cannot cross DLPack here", 2)
        dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
        tensor = _DLTensor(data, _DLDevice(_KDL_CPU, 0), len(shape), _DLDataType(code[0], code[1], 1), dims, None, 0)
        keep += [value, dims, tensor]
        return tensor, kind

    def __call__(self, *args, output=None, **kwargs):
        values = self._arrange(args, kwargs)
        keep, kinds = [], set()
        pointers = (ctypes.POINTER(_DLTensor) * max(len(values), 1))()
        for i, (spec, value) in enumerate(zip(self.inputs, values)):
            tensor, kind = self._dltensor(spec, value, keep)
            kinds.add(kind)
            pointers[i] = ctypes.pointer(tensor)
        count = len(self.outputs)
        results = (ctypes.c_void_p * max(count, 1))()
        handle = self._acquire()
        try:
            status = self._lib.dynx_model_run(handle, pointers, len(values), results, count)
            message = self._lib.dynx_model_last_error().decode("utf-8", "replace") if status else ""
        finally:
            self._release(handle)
        del keep
        if status != 0:
            _raise(status, message)
        return self._wrap([_Exported(results[i]) for i in range(count)], output or self.output, kinds)

    def _wrap(self, exported, output, kinds):
        if output == "auto":
            output = "numpy" if kinds == {"numpy"} else "torch"
        try:
            if output == "torch":
                try:
                    import torch
                except ImportError:
                    output = "numpy"
                else:
                    values = [torch.from_dlpack(e.capsule()) for e in exported]
            if output == "numpy":
                import numpy
                values = [_numpy_from(numpy, e, spec) for e, spec in zip(exported, self.outputs)]
        finally:
            for e in exported:
                e.release()  # any an exception left unconverted
        if len(values) == 1:
            return values[0]
        return Outputs(values, [s.name for s in self.outputs])

    def close(self):
        """Destroys the instances (also done when the Model is collected)."""
        with self._available:
            free, self._free = self._free, []
            for handle in free:
                self._lib.dynx_model_destroy(handle)

    def __del__(self):
        if getattr(self, "_free", None):
            self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _numpy_from(numpy, exported, spec):
    if spec.dtype == "bfloat16":
        raise Error(f"output {spec.name!r} is bfloat16, which NumPy cannot hold; use output='torch'", 3)
    return numpy.from_dlpack(exported)


def _scalar_array(value, spec):
    import numpy
    if spec.shape:  # None: the entries differ in rank, and their checks decide
        raise InputError(f"input {spec.name!r} has shape {list(spec.shape)}; a Python number is 0-dimensional", 2)
    if spec.dtype is None:  # the model's entries take different dtypes: the number's own
        return numpy.asarray(value)
    name = _NUMPY_NAMES.get(spec.dtype, spec.dtype)
    return numpy.asarray(value, dtype=getattr(numpy, name))


def load(path, weights=None, instances=None, output="auto"):
    """Loads a model.so (or the bundle directory holding one).

    weights: a .safetensors file to use instead of the embedded weights (or
    of the file model.json names). instances: the most concurrent calls
    (default: the number of CPUs). output: "torch", "numpy", or "auto" (NumPy
    arrays when every input was one, torch tensors otherwise)."""
    return Model(path, weights=weights, instances=instances, output=output)
