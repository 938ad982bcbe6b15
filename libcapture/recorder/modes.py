"""The TorchDispatchMode that records ATen operators and the
TorchFunctionMode that names the torch function behind them and catches
tensor data flowing into Python."""
from torch._ops import HigherOrderOperator
from torch.overrides import TorchFunctionMode, resolve_name
from torch.utils._python_dispatch import TorchDispatchMode

from .breaks import _AUTOGRAD_FUNCS, _BRANCH_FUNCS, _SHAPE_FUNCS, _TO_PYTHON_FUNCS, _has_bool_mask
from .capture import _current


# A tensor's sizes read by Python code as ints (x.shape[0], x.size(1), len(x)).
_SIZE_READS = frozenset({"torch.Tensor.size", "torch.Tensor.shape.__get__", "torch.Tensor.__len__",
                         "torch.Tensor.numel"})


class _DispatchRecorder(TorchDispatchMode):
    # Higher-order operators (torch.cond, while_loop, ...) come here too;
    # without this such a call under the recorder raises NotImplementedError.
    supports_higher_order_operators = True

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        capture = _current()
        if capture is None or capture.suspended:
            return func(*args, **kwargs)
        if isinstance(func, HigherOrderOperator):
            # A break of dynx's own: the operator runs eagerly (this mode is
            # off while it does), torch.compile would trace it as one operator.
            return capture.run_break("higher-order-op", f"torch.ops.higher_order.{func.name()}",
                                     lambda: func(*args, **kwargs), inputs=(args, kwargs))
        return capture.record_op(func, args, kwargs)


class _FunctionRecorder(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        capture = _current()
        if capture is None or capture.suspended:
            return func(*args, **kwargs)
        try:
            name = resolve_name(func) or getattr(func, "__qualname__", repr(func))
        except Exception:
            name = repr(func)
        category = None
        if name in _BRANCH_FUNCS:
            category = "data-dependent-branch"
        elif name in _TO_PYTHON_FUNCS:
            if not (name == "torch.Tensor.item" and capture.settings is not None and capture.settings.scalar_outputs):
                category = "tensor-to-python"
        elif name in _SHAPE_FUNCS or (name == "torch.Tensor.__getitem__" and len(args) > 1 and
                                      _has_bool_mask(args[1])):
            if capture.settings is None or not capture.settings.dynamic_output_shapes:
                category = "dynamic-shape-op"
        elif name in _AUTOGRAD_FUNCS:
            category = "autograd"
        if category is not None:
            return capture.run_break(category, name, lambda: func(*args, **kwargs), inputs=(args, kwargs))
        if name in _SIZE_READS and not capture.function_stack:
            capture.python_sizes = True  # Python code holds a size as an int (see Recorder._store)
        capture.function_stack.append(name)
        try:
            return func(*args, **kwargs)
        finally:
            capture.function_stack.pop()
