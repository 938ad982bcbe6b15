"""The one table of tensor dtypes, shared with C++: the rows of
libsupport/include/dynx/dtypes.hpp, as _dynx.dtypes() exports them."""
import collections

import _dynx

Dtype = collections.namedtuple("Dtype", "name aten short_name safetensors numpy dlpack_code bits size")

# torch's name without "torch." ("float32") -> its row.
DTYPES = {row[0]: Dtype(*row) for row in _dynx.dtypes()}

# Listings have always shown these by torch's name ("int16[2, 3]"), and
# weights.safetensors has never held complex tensors: kept so that capture
# directories stay as they were.
_LISTED_BY_TORCH_NAME = frozenset({"int16", "complex64", "complex128"})
_NOT_IN_SAFETENSORS = frozenset({"complex64", "complex128"})


def _torch_name(dtype):
    return str(dtype).replace("torch.", "")


def aten_name(name):
    """ATen's name ("Float"), as guard failures print it; `name` if unknown."""
    row = DTYPES.get(name)
    return row.aten if row is not None else name


def listing_name(name):
    """The short name graph listings show ("f32"); `name` if none."""
    row = DTYPES.get(name)
    return row.short_name if row is not None and name not in _LISTED_BY_TORCH_NAME else name


def safetensors_code(dtype):
    """The safetensors dtype ("F32") of a torch.dtype; None: not written."""
    name = _torch_name(dtype)
    row = DTYPES.get(name)
    return row.safetensors if row is not None and name not in _NOT_IN_SAFETENSORS else None
