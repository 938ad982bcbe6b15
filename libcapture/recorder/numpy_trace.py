"""NumPy code on a tensor's data, traced as torch 2.13 traces it.

With torch._dynamo.config.trace_numpy (on by default), Dynamo does not break
at `x.numpy()`: it wraps the tensor as a torch._numpy array and turns the NumPy
calls made on it (`np.sin(a)`, `a * 2`, `a.reshape(...)`, `np.concatenate`)
into torch operators of the graph; `torch.from_numpy(a)` gives the tensor
back. The graph breaks only where the data itself reaches Python (`float(a)`,
`if a.any():`, printing it) or at a call Dynamo cannot trace.

dynx runs the code, so it does the same with an array that *is* a NumPy
array: `x.numpy()` called by the watched frame returns a TracedArray, a
subclass of numpy.ndarray viewing the memory of a tensor the graph knows.
Each NumPy operation on it runs as torch._numpy's implementation of that
operation (the torch operators are recorded), and its result is again a
TracedArray over the result tensor's memory: the program gets the values
torch.compile computes. Conversions back (torch.from_numpy, as_tensor,
asarray, tensor) find the tensor by the array's memory (Capture._alias_of).
What cannot be traced runs as NumPy on the plain data; a tensor later made
from such data is a graph constant, and the replay of later calls (a hit
that computes something else is a miss) keeps the entries sound.
"""
import functools
import sys
import weakref

import numpy as np
import torch

from .breaks import instances_in
from .capture import _current

_tnp = None


def _numpy_module():
    global _tnp
    if _tnp is None:
        import torch._numpy as tnp
        _tnp = tnp
    return _tnp


def enabled(capture):
    """Whether the watched frame's `.numpy()` is traced (Dynamo's
    config.trace_numpy, which the program may turn off)."""
    if capture.hop_depth or capture.nested and capture.nested[-1].skipped:
        return False
    return tracing_numpy()


def tracing_numpy():
    config = getattr(getattr(torch, "_dynamo", None), "config", None)
    return bool(getattr(config, "trace_numpy", False))


def _key(pointer, dtype_name, shape, strides):
    return (pointer, dtype_name, tuple(shape), tuple(strides))


def array_key(array):
    return _key(array.__array_interface__["data"][0], array.dtype.name, array.shape, array.strides)


def tensor_key(tensor):
    size = tensor.element_size()
    name = str(tensor.dtype).replace("torch.", "")
    return _key(tensor.data_ptr(), name, tensor.shape, [s * size for s in tensor.stride()])


class ndarray(np.ndarray):  # noqa: N801 - named as NumPy's, which programs print (type(a))
    """A NumPy array whose data is a tensor of the graph being recorded."""

    __module__ = "numpy"  # (as NumPy's: programs print type(a).__module__)
    _dynx_t = None      # the tensor (a graph value) whose memory this array views
    _dynx_cap = None    # weak reference to the capture recording it

    def __array_finalize__(self, obj):
        # A view or copy NumPy made itself (not through torch._numpy) holds
        # plain data: dynx no longer knows its lineage.
        self._dynx_t = None
        self._dynx_cap = None

    def __reduce__(self):
        return np.ndarray.__reduce__(self.view(np.ndarray))

    def __reduce_ex__(self, protocol):
        return np.ndarray.__reduce_ex__(self.view(np.ndarray), protocol)

    def _shown(self, name, show):
        """Text of the data (repr, str, format): a data read, a break."""
        capture = _recording(self)
        if capture is None:
            return show(self.view(np.ndarray))
        return capture.run_break("tensor-to-python", f"numpy.ndarray.{name}",
                                 lambda: show(self.view(np.ndarray)), inputs=(self._dynx_t,))

    def __repr__(self):
        return self._shown("__repr__", repr)

    def __str__(self):
        return self._shown("__str__", str)

    def __format__(self, spec):
        return self._shown("__format__", lambda a: format(a, spec))

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        capture = _recording_any(inputs, kwargs.get("out"))

        def plain():
            return getattr(ufunc, method)(*_plain(inputs), **_plain(kwargs))
        if capture is None:
            return plain()
        function = getattr(torch, ufunc.__name__, None)
        if method == "__call__" and not kwargs and function is not None and \
                any(isinstance(i, torch.Tensor) for i in inputs):
            # A tensor with the array (`x / np.linalg.norm(a)`: the tensor's
            # operator defers to the array's): Dynamo makes the array its
            # tensor and calls torch's operator, whose result is a tensor.
            return function(*[i._dynx_t if isinstance(i, ndarray) and _is_traced(i, capture) else i
                              for i in inputs])
        traced = _ufunc(capture, ufunc, method, inputs, kwargs, plain)
        if traced is _UNTRACED:  # a form torch._numpy has no counterpart of: a break, run as NumPy
            return _untraced(capture, f"numpy.{ufunc.__name__}", plain, (inputs, kwargs))
        return traced

    def __array_function__(self, func, types, args, kwargs):
        capture = _recording_any(args, kwargs)
        name = getattr(func, "__name__", None)
        tnp = _numpy_module()
        def plain():
            return func(*_plain(args), **_plain(kwargs))
        if capture is None:
            return plain()
        module = getattr(func, "__module__", None) or ""
        # numpy.linalg and numpy.fft as torch._numpy's (numpy.random is not traced: its state is NumPy's).
        space = {"numpy": tnp, "numpy.core.multiarray": tnp, "numpy.linalg": getattr(tnp, "linalg", None),
                 "numpy.fft": getattr(tnp, "fft", None)}.get(module)
        function = getattr(space, name, None) if space is not None and name else None
        if function is None:
            # Outside what torch._numpy implements: a break, as Dynamo's, the call run as NumPy.
            return _untraced(capture, f"{module or 'numpy'}.{name}", plain, (args, kwargs))
        return _traced_call(capture, f"{module}.{name}", function, args, kwargs, plain)

    def __getitem__(self, index):
        capture = _recording(self)
        if capture is None:
            return np.ndarray.__getitem__(self.view(np.ndarray), _plain(index))
        return _traced_call(capture, "numpy.ndarray.__getitem__", lambda a, i: a[i], (self, index), {},
                            lambda: np.ndarray.__getitem__(self.view(np.ndarray), _plain(index)))

    def __setitem__(self, index, value):
        capture = _recording(self)
        if capture is None:
            return np.ndarray.__setitem__(self.view(np.ndarray), _plain(index), _plain(value))

        def store(a, i, v):
            a[i] = v
        _traced_call(capture, "numpy.ndarray.__setitem__", store, (self, index, value), {},
                     lambda: np.ndarray.__setitem__(self.view(np.ndarray), _plain(index), _plain(value)))

    def __iter__(self):
        if _recording(self) is None or not self.ndim:
            return iter(self.view(np.ndarray))
        # As Dynamo unrolls it: one traced subscript per element.
        return (self[i] for i in range(len(self)))

    @property
    def T(self):  # noqa: N802 - NumPy's name
        return self.transpose()

    @property
    def mT(self):  # noqa: N802
        return self.swapaxes(-1, -2)

    @property
    def real(self):
        return _method(self, "real", (), {}, attribute=True)

    @property
    def imag(self):
        return _method(self, "imag", (), {}, attribute=True)


def _read(name, convert):
    """A data read (`float(a)`, `a.item()`, `if a:`): the graph breaks there
    as Dynamo's does, at the scalar read it traces (aten._local_scalar_dense,
    gb0033); the value is the array's own."""
    def read(self, *args, **kwargs):
        capture = _recording(self)
        if capture is not None and name == "__bool__":
            # `if a.any():` -- a data-dependent branch, as on a tensor (gb0170)
            return self._dynx_t.__bool__()  # (not `bool(...)`: modes._explicit_bool reads the call)
        if capture is not None and self._dynx_t.numel() == 1:
            torch.ops.aten._local_scalar_dense.default(self._dynx_t)  # the break, recorded as Dynamo's
        elif capture is not None:
            capture.graph_break("tensor-to-python", f"numpy.ndarray.{name}")
        return convert(self.view(np.ndarray), *args, **kwargs)
    read.__name__ = name
    return read


for _name, _convert in (("item", np.ndarray.item), ("tolist", np.ndarray.tolist),
                        ("tobytes", np.ndarray.tobytes),
                        ("__float__", lambda a: float(a)), ("__int__", lambda a: int(a)),
                        ("__index__", lambda a: a.__index__()), ("__complex__", lambda a: complex(a)),
                        ("__bool__", lambda a: bool(a))):
    setattr(ndarray, _name, _read(_name, _convert))


def _method(self, name, args, kwargs, attribute=False):
    capture = _recording(self)
    if capture is None:
        plain = self.view(np.ndarray)
        found = getattr(plain, name)
        return found if attribute else found(*_plain(args), **_plain(kwargs))

    def call(a, *rest, **options):
        found = getattr(a, name)
        return found if attribute else found(*rest, **options)

    def plain():
        found = getattr(self.view(np.ndarray), name)
        return found if attribute else found(*_plain(args), **_plain(kwargs))
    return _traced_call(capture, f"numpy.ndarray.{name}", call, (self,) + tuple(args), kwargs, plain)


def _make_method(name):
    def method(self, *args, **kwargs):
        return _method(self, name, args, kwargs)
    method.__name__ = name
    return method


# The methods torch._numpy implements whose results are arrays (the data
# reads above excepted): they run as its torch operators.
for _name in ("all", "any", "argmax", "argmin", "argsort", "astype", "choose", "clip", "conj", "conjugate", "copy",
              "cumprod", "cumsum", "diagonal", "dot", "fill", "flatten", "max", "mean", "min", "nonzero", "prod",
              "ptp", "put", "ravel", "repeat", "reshape", "round", "searchsorted", "sort", "squeeze", "std",
              "sum", "swapaxes", "take", "trace", "transpose", "var"):
    setattr(ndarray, _name, _make_method(_name))


_UNTRACED = object()

# ufunc.reduce as the torch._numpy function that does it.
_REDUCTIONS = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
               "logical_and": "all", "logical_or": "any"}


def _ufunc(capture, ufunc, method, inputs, kwargs, plain):
    tnp = _numpy_module()
    name = ufunc.__name__
    if method == "__call__":
        function = getattr(tnp, name, None)
        out = kwargs.get("out")
        if function is None or kwargs.get("where", True) is not True:
            return _UNTRACED
        if out is not None:
            outs = out if isinstance(out, tuple) else (out,)
            if len(outs) != 1 or not _is_traced(outs[0], capture):
                return _UNTRACED
            options = dict(kwargs, out=outs[0])
            result = _traced_call(capture, f"numpy.{name}", function, inputs, options, plain)
            return outs[0] if result is not _UNTRACED else result  # `a += 1` keeps the array (its tensor written)
        return _traced_call(capture, f"numpy.{name}", function, inputs, kwargs, plain)
    if method == "reduce" and name in _REDUCTIONS and len(inputs) == 1 and kwargs.get("out") is None \
            and kwargs.get("where", True) is True and "initial" not in kwargs:
        options = {k: v for k, v in kwargs.items() if k in ("axis", "dtype", "keepdims")}
        options.setdefault("axis", 0)
        return _traced_call(capture, f"numpy.{name}.reduce", getattr(tnp, _REDUCTIONS[name]), inputs, options,
                            plain)
    return _UNTRACED


def _traced_call(capture, name, function, args, kwargs, plain):
    """`function` (torch._numpy's) on the arrays' tensors, recorded; its
    results as TracedArrays. A call torch._numpy cannot make (an argument
    or a form it does not take) is a break: `plain` runs it as NumPy."""
    tnp = _numpy_module()
    converted_args, converted_kwargs = _to_tnp(args, capture, tnp), _to_tnp(kwargs, capture, tnp)
    capture.function_stack.append(name)
    try:
        result = function(*converted_args, **converted_kwargs)
    except Exception:  # noqa: BLE001 - NumPy itself says whether the call is wrong (its error, raised by plain)
        capture.function_stack.pop()
        return _untraced(capture, name, plain, (args, kwargs))
    capture.function_stack.pop()
    return _wrap(result, capture, tnp)


def _untraced(capture, name, plain, given):
    """What torch._numpy does not implement: a break (Dynamo breaks at a
    NumPy call it cannot trace), the call run as NumPy on the plain data.
    An array it returns is made between graphs (the next graph reads it as
    an input, never a constant); a NumPy scalar is a value the code after
    the break is specialised on, as a Python number is."""
    count = len(capture.breaks)
    result = capture.run_break("skipped-function", name, plain,
                               inputs=tuple(a._dynx_t for a in _arrays(given) if a._dynx_t is not None))
    if len(capture.breaks) > count and isinstance(result, np.generic) and \
            isinstance(result.item(), (bool, int, float)):
        capture.breaks[-1]["value"] = result.item()
    return _between_graphs(result, capture)


def _between_graphs(result, capture, depth=0):
    if type(result) is np.ndarray and result.dtype.kind in "biufc":
        with capture.unrecorded():
            tensor = torch.from_numpy(result)
        capture.made_between_graphs(tensor)
        return wrap_tensor(capture, tensor, result)
    if depth < 2 and type(result) in (list, tuple):
        return type(result)(_between_graphs(item, capture, depth + 1) for item in result)
    return result


def _arrays(obj):
    return instances_in(obj, ndarray)


def _to_tnp(obj, capture, tnp, depth=0):
    if isinstance(obj, ndarray):
        if _is_traced(obj, capture):
            return tnp.ndarray(obj._dynx_t)
        return obj.view(np.ndarray)
    if isinstance(obj, np.generic) and isinstance(obj.item(), (bool, int, float, complex)):
        return obj.item()  # (torch._numpy takes Python numbers, not NumPy's scalar types)
    if depth < 4 and type(obj) in (list, tuple):
        return type(obj)(_to_tnp(item, capture, tnp, depth + 1) for item in obj)
    if depth < 4 and type(obj) is dict:
        return {key: _to_tnp(item, capture, tnp, depth + 1) for key, item in obj.items()}
    return obj


def _wrap(result, capture, tnp):
    if isinstance(result, tnp.ndarray):
        return wrap_tensor(capture, result.tensor)
    if type(result) in (list, tuple):
        return type(result)(_wrap(item, capture, tnp) for item in result)
    return result


def wrap_tensor(capture, tensor, array=None):
    """`tensor` as a TracedArray (over `array`, NumPy's view of its memory,
    when the caller has it), registered for the conversions back."""
    if array is None:
        with capture.unrecorded():
            if tensor.requires_grad or tensor.is_conj() or tensor.is_neg():
                tensor = tensor.detach().resolve_conj().resolve_neg()
            array = tensor.numpy()
    traced = array.view(ndarray)
    traced._dynx_t = tensor
    traced._dynx_cap = weakref.ref(capture)
    # (weakly: a live tensor is one the graph outputs; the array holds it)
    capture.array_aliases[array_key(array)] = weakref.ref(tensor)
    return traced


def _is_traced(array, capture):
    return array._dynx_t is not None and array._dynx_cap is not None and array._dynx_cap() is capture


def _recording(array):
    """The capture recording `array`'s lineage now, or None."""
    if array._dynx_t is None or array._dynx_cap is None:
        return None
    capture = _current()
    if capture is None or capture.suspended or capture.function_stack or array._dynx_cap() is not capture:
        return None
    return capture


def _recording_any(*groups):
    for array in _arrays(groups):
        capture = _recording(array)
        if capture is not None:
            return capture
    return None


def _plain(obj, depth=0):
    if isinstance(obj, ndarray):
        return obj.view(np.ndarray)
    if depth < 4 and type(obj) in (list, tuple):
        return type(obj)(_plain(item, depth + 1) for item in obj)
    if depth < 4 and type(obj) is dict:
        return {key: _plain(item, depth + 1) for key, item in obj.items()}
    return obj


# ----- conversions back to tensors ---------------------------------------------------------------
_INSTALLED = False


def _traced_tensor(data):
    if type(data) is not ndarray:
        return None
    return data._dynx_t if _recording(data) is not None else None


def install_conversions():
    """torch.tensor / as_tensor / asarray of a TracedArray give its tensor
    (a copy, or the tensor converted, as they would), and numpy.array its
    traced copy: NumPy's own copies are invisible to dynx, these are not.
    Installed when the first watched frame runs (a call looks the function
    up before it evaluates `x.numpy()` in its arguments)."""
    global _INSTALLED
    if _INSTALLED:
        return
    _INSTALLED = True
    original_tensor, original_as_tensor, original_asarray = torch.tensor, torch.as_tensor, torch.asarray

    @functools.wraps(original_tensor)
    def tensor(data, *args, **kwargs):
        traced = _traced_tensor(data)
        if traced is None or args or kwargs.get("requires_grad") or kwargs.get("device") is not None:
            return original_tensor(data, *args, **kwargs)
        out = traced.clone()
        return out if kwargs.get("dtype") is None else out.to(kwargs["dtype"])

    @functools.wraps(original_as_tensor)
    def as_tensor(data, *args, **kwargs):
        traced = _traced_tensor(data)
        if traced is None or args or kwargs.get("device") is not None or kwargs.get("dtype") in (None, traced.dtype):
            return original_as_tensor(data, *args, **kwargs)
        return traced.to(kwargs["dtype"])

    @functools.wraps(original_asarray)
    def asarray(obj, *args, **kwargs):
        traced = _traced_tensor(obj)
        if traced is None or args or kwargs.get("device") is not None or kwargs.get("requires_grad") or \
                (kwargs.get("dtype") in (None, traced.dtype) and not kwargs.get("copy")):
            return original_asarray(obj, *args, **kwargs)
        out = traced.clone() if kwargs.get("copy") else traced
        return out if kwargs.get("dtype") is None else out.to(kwargs["dtype"])

    original_from_numpy = torch.from_numpy

    @functools.wraps(original_from_numpy)
    def from_numpy(ndarray):
        capture = _current()
        if capture is None or capture.suspended or capture.function_stack or tracing_numpy() or \
                not capture.recorder.source_filter.is_program(sys._getframe(1).f_code.co_filename):
            return original_from_numpy(ndarray)
        # Dynamo breaks at the call and reads the tensor in the next graph.
        return capture.run_break("from-numpy-off", "torch.from_numpy", lambda: original_from_numpy(ndarray))

    torch.tensor, torch.as_tensor, torch.asarray, torch.from_numpy = tensor, as_tensor, asarray, from_numpy

    # numpy.array copies without asking the array (no __array_function__):
    # a traced array's copy is torch._numpy's, recorded.
    original_array = np.array

    @functools.wraps(original_array)
    def array(obj, *args, **kwargs):
        capture = _recording_any(obj) if isinstance(obj, (ndarray, list, tuple)) else None
        if capture is None or args or kwargs.get("like") is not None:
            return original_array(obj, *args, **kwargs)
        return _traced_call(capture, "numpy.array", _numpy_module().array, (obj,), kwargs,
                            lambda: original_array(_plain(obj), **kwargs))

    # numpy.asarray of a traced array is a plain view of its memory: the
    # array itself keeps its lineage (with a dtype, its traced conversion).
    original_asarray_np = np.asarray

    @functools.wraps(original_asarray_np)
    def asarray_np(a, *args, **kwargs):
        capture = _recording(a) if type(a) is ndarray else None
        if capture is None or args or kwargs.get("like") is not None:
            return original_asarray_np(a, *args, **kwargs)
        if kwargs.get("dtype") is None or np.dtype(kwargs["dtype"]) == a.dtype:
            return a
        return _traced_call(capture, "numpy.asarray", _numpy_module().asarray, (a,), kwargs,
                            lambda: original_asarray_np(a.view(np.ndarray), **kwargs))

    np.array, np.asarray = array, asarray_np
