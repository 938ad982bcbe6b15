"""Parameters, buffers and constants of all graphs (weights.json and
weights.safetensors)."""
import os

import torch

from .writer import WEIGHTS_SCHEMA, _write_json, _write_safetensors


def _bytes(tensor):
    """A tensor's elements as bytes (NaNs compare equal to themselves)."""
    # A dense copy first: a size-1 tensor may keep a stride of 0 that no view accepts.
    flat = tensor.reshape(-1)
    if flat.numel() and flat.stride(0) != 1:
        flat = torch.empty(flat.numel(), dtype=flat.dtype, device=flat.device).copy_(flat)
    return flat.view(torch.uint8)


class Weights:
    """Parameters, buffers and constants of all graphs: each storage once;
    tensors that share a storage (tied weights, views) point into it. A
    tensor changed in place since it was stored (its version moved on) is
    stored again, so every graph reads the value it saw. Writes that bypass
    the version counter (`p.data.add_(...)`, as optimisers written by hand
    do) are found by comparing the stored bytes with the live ones."""

    def __init__(self):
        self.written = None         # (storages, tensors) counts when last written: unchanged -> no rewrite
        self.storages = {}          # (storage address, bytes, device, version[, revision]) ->
        #                             (name, snapshot, dtype, storage)
        self.revisions = {}         # storage key -> its newest key (with a revision) after unversioned writes
        self.tensors = {}           # weight name -> description
        self.by_id = {}             # id(tensor) -> ((version, address, dtype, shape), weight name)

    @staticmethod
    def _flat(storage, dtype, device):
        flat = torch.empty(0, dtype=dtype, device=device)
        flat.set_(storage, 0, (storage.nbytes() // flat.element_size(),), (1,))
        return flat

    def add(self, tensor, name):
        known = self.by_id.get(id(tensor))
        # Same object, same version, same memory and dtype (`module.double()`
        # swaps a parameter's data without a version bump), same bytes.
        stamp = (tensor._version, tensor.data_ptr(), tensor.dtype, tuple(tensor.shape))
        if known is not None and known[0] == stamp and self._current(known[1], tensor):
            return known[1]
        base = name
        suffix = 1
        while name in self.tensors:
            name = f"{base}_{suffix}"
            suffix += 1
        storage = tensor.untyped_storage()
        # Views share their base's version counter, so the version tells
        # whether a stored snapshot of this storage is still current.
        base_key = (storage.data_ptr(), storage.nbytes(), str(tensor.device), tensor._version, tensor.dtype)
        key = self.revisions.get(base_key, base_key)
        if key in self.storages:
            snapshot = self.storages[key][1]
            live = self._flat(storage, tensor.dtype, tensor.device)
            if not torch.equal(_bytes(live), _bytes(snapshot)):
                # Written behind the version counter since it was stored.
                key = base_key + ((key[-1] + 1 if len(key) > len(base_key) else 1),)
                self.revisions[base_key] = key
        if key not in self.storages:
            flat = self._flat(storage, tensor.dtype, tensor.device)
            # The storage object is kept so that its address cannot be reused
            # by another tensor while this key exists.
            self.storages[key] = (f"storage{len(self.storages)}", flat.detach().clone(), tensor.dtype, storage)
        storage_name, _, storage_dtype, _ = self.storages[key]
        self.tensors[name] = {"storage": storage_name, "dtype": str(tensor.dtype).replace("torch.", ""),
                              "shape": list(tensor.shape), "stride": list(tensor.stride()),
                              "storage_offset": int(tensor.storage_offset()) * tensor.element_size() //
                              torch.empty(0, dtype=storage_dtype).element_size()}
        # (No weak reference to the tensor: torch.utils.swap_tensors, and
        # module._apply under set_swap_module_params_on_conversion, refuse a
        # tensor that has one. Another tensor later given this id is this
        # name only with the same version, memory, dtype, shape and bytes:
        # the same weight.)
        self.by_id[id(tensor)] = (stamp, name)
        return name

    def _current(self, name, tensor):
        """Whether weight `name`'s stored bytes are still tensor's bytes."""
        stored = self.tensor(name, copy=False)
        if stored is None or stored.shape != tensor.shape or stored.dtype != tensor.dtype:
            return False
        return torch.equal(_bytes(tensor.detach()), _bytes(stored))

    def tensor(self, name, copy=True):
        """A copy of weight `name` as it was stored, or None."""
        spec = self.tensors.get(name)
        if spec is None:
            return None
        for storage_name, flat, dtype, _ in self.storages.values():
            if storage_name == spec["storage"]:
                if str(dtype).replace("torch.", "") != spec["dtype"]:
                    return None
                view = flat.as_strided(spec["shape"], spec["stride"], spec["storage_offset"])
                return view.clone() if copy else view
        return None

    def adopt(self, other, names):
        """Takes weights `names` of another Weights (a call recorded to be
        compared that turned out to be a new entry) with the snapshots taken
        when that call read them; returns {their name: name here}."""
        mapping = {}
        for name in names:
            spec = other.tensors.get(name)
            if spec is None or name in mapping:
                continue
            key, (_, snapshot, dtype, storage) = next((k, v) for k, v in other.storages.items()
                                                      if v[0] == spec["storage"])
            mine = next((k for k, v in self.storages.items() if k[:len(key)] == key[:5] and v[2] == dtype and
                         v[1].shape == snapshot.shape and torch.equal(_bytes(v[1]), _bytes(snapshot))), None)
            if mine is None:
                mine = key[:5] + ("adopted", len(self.storages))
                self.storages[mine] = (f"storage{len(self.storages)}", snapshot, dtype, storage)
            mine_name, suffix = name, 1
            while mine_name in self.tensors:
                mine_name = f"{name}_{suffix}"
                suffix += 1
            self.tensors[mine_name] = dict(spec, storage=self.storages[mine][0])
            mapping[name] = mine_name
        return mapping

    def write(self, index_path, blob_path):
        # Entries only add storages and tensors: the counts say whether anything changed.
        state = (len(self.storages), len(self.tensors))
        if state == self.written:
            return
        _write_safetensors(blob_path,
                           {name: t for name, t, _, _ in self.storages.values()}, {"format": "dynx storages"})
        _write_json(index_path,
                    {"schema": WEIGHTS_SCHEMA[0], "version": WEIGHTS_SCHEMA[1],
                     "file": os.path.basename(blob_path), "tensors": self.tensors})
        self.written = state
