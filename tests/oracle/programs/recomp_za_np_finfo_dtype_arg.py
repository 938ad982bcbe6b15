"""recomp: a NumPy dtype argument feeds np.finfo(dt).eps into a tensor expression; equal dtypes built different ways do not recompile, a float16 dtype does -- test_functions.py test_np_constant_collections_guards."""
import numpy as np
import torch


@torch.compile(backend="eager")
def scaled(a, dt):
    return a + np.finfo(dt).eps * 1000


a = torch.zeros(3)
for dt in (np.dtype(np.float32), np.ones((1,), dtype=np.float32).dtype, np.dtype("float32"),
           np.dtype(np.float16), np.dtype("float16")):
    print(dt, [round(v, 6) for v in scaled(a, dt).tolist()])
