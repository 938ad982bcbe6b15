"""recomp: a config object passed in picks a chunk length from the set of its attn_layers strings and its int fields; the list is edited in place, then an int field changes -- test_repros.py test_reformer_min_chunk_len."""
import torch


class Cfg:
    def __init__(self):
        self.attn_layers = ["local", "lsh"]
        self.lsh_attn_chunk_length = 64
        self.local_attn_chunk_length = 64


def min_chunk_len(cfg):
    kinds = cfg.attn_layers
    if len(set(kinds)) == 1 and kinds[0] == "lsh":
        return cfg.lsh_attn_chunk_length
    elif len(set(kinds)) == 1 and kinds[0] == "local":
        return cfg.local_attn_chunk_length
    elif len(set(kinds)) == 2 and set(kinds) == {"lsh", "local"}:
        return min(cfg.lsh_attn_chunk_length, cfg.local_attn_chunk_length)
    raise NotImplementedError(kinds)


@torch.compile(backend="eager", fullgraph=True)
def fn(cfg, x):
    t = torch.empty(4)
    t.fill_(min_chunk_len(cfg))
    return t + x


cfg = Cfg()
x = torch.zeros(4)
print(fn(cfg, x).tolist())
print(fn(cfg, x).tolist())
cfg.attn_layers[0] = "lsh"
print(fn(cfg, x).tolist())
cfg.lsh_attn_chunk_length = 32
print(fn(cfg, x).tolist())
