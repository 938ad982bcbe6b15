"""Parameters, buffers and constants of all graphs (weights.json and
weights.safetensors)."""
import os
import weakref

import torch

from .writer import WEIGHTS_SCHEMA, _write_json, _write_safetensors


class Weights:
    """Parameters, buffers and constants of all graphs: each storage once;
    tensors that share a storage (tied weights, views) point into it. A
    tensor changed in place since it was stored (its version moved on) is
    stored again, so every graph reads the value it saw."""

    def __init__(self):
        self.written = None         # (storages, tensors) counts when last written: unchanged -> no rewrite
        self.storages = {}          # (storage address, bytes, device, version) -> (name, snapshot, dtype, storage)
        self.tensors = {}           # weight name -> description
        self.by_id = {}             # id(tensor) -> (weak reference, version, weight name)

    def add(self, tensor, name):
        known = self.by_id.get(id(tensor))
        # Same object, same version, same memory and dtype (`module.double()`
        # swaps a parameter's data without a version bump).
        stamp = (tensor._version, tensor.data_ptr(), tensor.dtype, tuple(tensor.shape))
        if known is not None and known[0]() is tensor and known[1] == stamp:
            return known[2]
        base = name
        suffix = 1
        while name in self.tensors:
            name = f"{base}_{suffix}"
            suffix += 1
        storage = tensor.untyped_storage()
        # Views share their base's version counter, so the version tells
        # whether a stored snapshot of this storage is still current.
        key = (storage.data_ptr(), storage.nbytes(), str(tensor.device), tensor._version, tensor.dtype)
        if key not in self.storages:
            flat = torch.empty(0, dtype=tensor.dtype, device=tensor.device)
            flat.set_(storage, 0, (storage.nbytes() // tensor.element_size(),), (1,))
            # The storage object is kept so that its address cannot be reused
            # by another tensor while this key exists.
            self.storages[key] = (f"storage{len(self.storages)}", flat.detach().clone(), tensor.dtype, storage)
        storage_name, _, storage_dtype, _ = self.storages[key]
        self.tensors[name] = {"storage": storage_name, "dtype": str(tensor.dtype).replace("torch.", ""),
                              "shape": list(tensor.shape), "stride": list(tensor.stride()),
                              "storage_offset": int(tensor.storage_offset()) * tensor.element_size() //
                              torch.empty(0, dtype=storage_dtype).element_size()}
        try:
            self.by_id[id(tensor)] = (weakref.ref(tensor), stamp, name)
        except TypeError:
            pass
        return name

    def tensor(self, name):
        """A copy of weight `name` as it was stored, or None."""
        spec = self.tensors.get(name)
        if spec is None:
            return None
        for storage_name, flat, dtype, _ in self.storages.values():
            if storage_name == spec["storage"]:
                if str(dtype).replace("torch.", "") != spec["dtype"]:
                    return None
                return flat.as_strided(spec["shape"], spec["stride"], spec["storage_offset"]).clone()
        return None

    def write(self, output_dir):
        # Entries only add storages and tensors: the counts say whether anything changed.
        state = (len(self.storages), len(self.tensors))
        if state == self.written:
            return
        _write_safetensors(os.path.join(output_dir, "weights.safetensors"),
                           {name: t for name, t, _, _ in self.storages.values()}, {"format": "dynx storages"})
        _write_json(os.path.join(output_dir, "weights.json"),
                    {"schema": WEIGHTS_SCHEMA[0], "version": WEIGHTS_SCHEMA[1],
                     "file": "weights.safetensors", "tensors": self.tensors})
        self.written = state
