#!/usr/bin/env python3
"""Run a dynx model.so from Python with ctypes, exchanging tensors with torch
through DLPack (no dynx Python package needed).

usage: run_model.py model.so            runs it on random inputs of its signature
"""
import ctypes
import json
import sys

import torch


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


DTYPES = {torch.float32: (2, 32), torch.float64: (2, 64), torch.float16: (2, 16), torch.bfloat16: (4, 16),
          torch.int64: (0, 64), torch.int32: (0, 32), torch.int8: (0, 8), torch.uint8: (1, 8), torch.bool: (6, 8)}


class Model:
    """One instance of a model.so: model(*tensors) -> tuple of tensors."""

    def __init__(self, path, weights=None):
        self.lib = lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        lib.dynx_model_signature.restype = ctypes.c_char_p
        lib.dynx_model_last_error.restype = ctypes.c_char_p
        lib.dynx_model_num_outputs.restype = ctypes.c_size_t
        lib.dynx_model_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.dynx_model_destroy.argtypes = [ctypes.c_void_p]
        lib.dynx_model_run.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.POINTER(DLTensor)), ctypes.c_size_t,
                                       ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
        self.signature = json.loads(lib.dynx_model_signature())
        self.handle = ctypes.c_void_p()
        if lib.dynx_model_create(weights.encode() if weights else None, ctypes.byref(self.handle)) != 0:
            raise RuntimeError(lib.dynx_model_last_error().decode())

    def __call__(self, *tensors):
        keep = []  # the DLTensors and their shape arrays live until the call returns
        pointers = (ctypes.POINTER(DLTensor) * len(tensors))()
        for i, t in enumerate(tensors):
            t = t.contiguous()
            shape = (ctypes.c_int64 * t.dim())(*t.shape)
            dl = DLTensor(t.data_ptr(), DLDevice(1, 0), t.dim(), DLDataType(*DTYPES[t.dtype], 1), shape, None, 0)
            keep += [t, shape, dl]
            pointers[i] = ctypes.pointer(dl)
        n = self.lib.dynx_model_num_outputs()
        outputs = (ctypes.c_void_p * n)()
        if self.lib.dynx_model_run(self.handle, pointers, len(tensors), outputs, n) != 0:
            raise RuntimeError(self.lib.dynx_model_last_error().decode())
        # Each output is a DLManagedTensor the caller owns: a "dltensor"
        # capsule hands it to torch, which calls its deleter when done.
        new_capsule = ctypes.pythonapi.PyCapsule_New
        new_capsule.restype = ctypes.py_object
        new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return tuple(torch.from_dlpack(new_capsule(outputs[i], b"dltensor", None)) for i in range(n))

    def __del__(self):
        if getattr(self, "handle", None):
            self.lib.dynx_model_destroy(self.handle)


def main():
    model = Model(sys.argv[1])
    dtypes = {v: k for k, v in {torch.float32: "float32", torch.int64: "int64", torch.bool: "bool"}.items()}
    inputs = []
    for spec in model.signature["inputs"]:
        shape = [d if isinstance(d, int) else 4 for d in spec["shape"]]
        dtype = dtypes[spec["dtype"]]
        inputs.append(torch.randn(shape).to(dtype) if dtype.is_floating_point else torch.zeros(shape, dtype=dtype))
    for spec, out in zip(model.signature["outputs"], model(*inputs)):
        print(f"{spec['name']}: {out.dtype} {list(out.shape)} sum={out.double().sum().item():.6g}")


if __name__ == "__main__":
    main()
