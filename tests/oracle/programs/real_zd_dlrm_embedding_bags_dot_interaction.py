"""real: facebookresearch/dlrm DLRM_Net -- bottom MLP on dense features, list of nn.EmbeddingBag(mode='sum') tables applied in apply_emb over lS_o offsets / lS_i indices lists, interact_features with torch.bmm(T, T.transpose(1, 2)) and the li/lj tril index lists built in python each call (`offset = 1 if self.arch_interaction_itself else 0`), top MLP with sigmoid, BCE loss; train with SGD, then eval under no_grad on a smaller last batch."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class DLRM_Net(nn.Module):
    def create_mlp(self, ln, sigmoid_layer):
        layers = nn.ModuleList()
        for i in range(0, ln.size - 1 if hasattr(ln, 'size') else len(ln) - 1):
            layers.append(nn.Linear(int(ln[i]), int(ln[i + 1]), bias=True))
            layers.append(nn.Sigmoid() if i == sigmoid_layer else nn.ReLU())
        return torch.nn.Sequential(*layers)

    def __init__(self, m_spa, ln_emb, ln_bot, ln_top, arch_interaction_itself=False):
        super().__init__()
        self.arch_interaction_itself = arch_interaction_itself
        self.emb_l = nn.ModuleList([nn.EmbeddingBag(n, m_spa, mode="sum", sparse=False) for n in ln_emb])
        self.bot_l = self.create_mlp(ln_bot, -1)
        self.top_l = self.create_mlp(ln_top, len(ln_top) - 2)

    def apply_emb(self, lS_o, lS_i, emb_l):
        ly = []
        for k, sparse_index_group_batch in enumerate(lS_i):
            sparse_offset_group_batch = lS_o[k]
            E = emb_l[k]
            V = E(sparse_index_group_batch, sparse_offset_group_batch, per_sample_weights=None)
            ly.append(V)
        return ly

    def interact_features(self, x, ly):
        (batch_size, d) = x.shape
        T = torch.cat([x] + ly, dim=1).view((batch_size, -1, d))
        Z = torch.bmm(T, torch.transpose(T, 1, 2))
        _, ni, nj = Z.shape
        offset = 1 if self.arch_interaction_itself else 0
        li = torch.tensor([i for i in range(ni) for j in range(i + offset)])
        lj = torch.tensor([j for i in range(nj) for j in range(i + offset)])
        Zflat = Z[:, li, lj]
        return torch.cat([x] + [Zflat], dim=1)

    def forward(self, dense_x, lS_o, lS_i):
        x = self.bot_l(dense_x)
        ly = self.apply_emb(lS_o, lS_i, self.emb_l)
        z = self.interact_features(x, ly)
        return self.top_l(z)


m_spa, ln_emb = 4, [10, 20, 15]
dlrm = DLRM_Net(m_spa, ln_emb, [6, 8, m_spa], [m_spa + 6, 8, 1])
cdlrm = torch.compile(dlrm, backend="eager")
loss_fn = torch.nn.BCELoss(reduction="mean")
optimizer = torch.optim.SGD(dlrm.parameters(), lr=0.1)


def batch(n):
    X = torch.rand(n, 6)
    lS_o = [torch.arange(0, 2 * n, 2) for _ in ln_emb]
    lS_i = [torch.randint(0, e, (2 * n,)) for e in ln_emb]
    return X, lS_o, lS_i, torch.randint(0, 2, (n, 1)).float()


for it in range(3):
    X, lS_o, lS_i, T = batch(8)
    Z = cdlrm(X, lS_o, lS_i)
    E = loss_fn(Z, T)
    optimizer.zero_grad(); E.backward(); optimizer.step()
    print(it, round(E.item(), 4))
with torch.no_grad():
    X, lS_o, lS_i, T = batch(5)
    print(((cdlrm(X, lS_o, lS_i) > 0.5).float() == T).sum().item())
