"""recomp: a helper computes a chunk length from a config object's list and int attributes; the config is edited between calls -- _repros_part1.py test_reformer_min_chunk_len."""
import torch


class ReformerLikeConfig:
    def __init__(self):
        self.attn_layers = ["local", "lsh", "local"]
        self.local_chunk = 64
        self.lsh_chunk = 32


def min_chunk_len(cfg):
    kinds = set(cfg.attn_layers)
    if len(kinds) == 1 and cfg.attn_layers[0] == "lsh":
        return cfg.lsh_chunk
    if len(kinds) == 1 and cfg.attn_layers[0] == "local":
        return cfg.local_chunk
    return min(cfg.lsh_chunk, cfg.local_chunk)


@torch.compile
def fill(cfg):
    t = torch.empty(8)
    t.fill_(min_chunk_len(cfg))
    return t[0]


cfg = ReformerLikeConfig()
print(fill(cfg))
print(fill(cfg))
cfg.lsh_chunk = 16
print(fill(cfg))
cfg.attn_layers = ["local", "local"]
print(fill(cfg))
cfg.attn_layers.append("lsh")
print(fill(cfg))
