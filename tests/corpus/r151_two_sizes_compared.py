# Muon's Newton-Schulz iteration transposes a tall matrix: `if G.size(-2) >
# G.size(-1)` compares two sizes. Once both are dynamic Dynamo guards the
# comparison itself (G.size()[0] <= G.size()[1]), so a tall matrix misses
# the wide entry with that reason and gets an entry of its own, which then
# serves the next tall one (torch 2.13: 3 graphs, 2 recompiles).
# expect-graphs: 3
# expect-entries: 3
# expect-hits: 2
# expect-reason: 0/1: G.size()[0] <= G.size()[1]
import torch


@torch.compile(backend="eager")
def newton_schulz(G):
    X = G / (G.norm() + 1e-7)
    if G.size(-2) > G.size(-1):
        X = X.T
    A = X @ X.T
    X = A @ X
    if G.size(-2) > G.size(-1):
        X = X.T
    return X


for shape in [(4, 6), (5, 7), (8, 3), (9, 4), (3, 5)]:
    print(newton_schulz(torch.randn(*shape)).shape)
