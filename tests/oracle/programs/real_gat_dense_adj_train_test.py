"""real: GAT (two GraphAttentionLayers, concat heads then mean, torch.where on a dense adjacency, F.dropout with training=self.training) compiled; train_iter with Adam weight decay and index masks, each followed by test() under model.eval()/no_grad on train and val masks -- pytorch/examples gat/main.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(13)

class GraphAttentionLayer(nn.Module):
    def __init__(self, in_features, out_features, n_heads, concat=False, dropout=0.0, leaky_relu_slope=0.2):
        super().__init__()
        self.n_heads, self.concat, self.dropout = n_heads, concat, dropout
        if concat:
            self.out_features = out_features
            self.n_hidden = out_features // n_heads
        else:
            self.n_hidden = out_features
        self.W = nn.Parameter(torch.empty(in_features, self.n_hidden * n_heads))
        self.a = nn.Parameter(torch.empty(n_heads, 2 * self.n_hidden, 1))
        self.leakyrelu = nn.LeakyReLU(leaky_relu_slope)
        nn.init.xavier_normal_(self.W)
        nn.init.xavier_normal_(self.a)

    def _get_attention_scores(self, h):
        source = torch.matmul(h, self.a[:, :self.n_hidden, :])
        target = torch.matmul(h, self.a[:, self.n_hidden:, :])
        return self.leakyrelu(source + target.mT)

    def forward(self, h, adj_mat):
        n_nodes = h.shape[0]
        h_t = torch.mm(h, self.W)
        h_t = F.dropout(h_t, self.dropout, training=self.training)
        h_t = h_t.view(n_nodes, self.n_heads, self.n_hidden).permute(1, 0, 2)
        e = self._get_attention_scores(h_t)
        e = torch.where(adj_mat > 0, e, -9e16 * torch.ones_like(e))
        attention = F.dropout(F.softmax(e, dim=-1), self.dropout, training=self.training)
        h_prime = torch.matmul(attention, h_t)
        if self.concat:
            return h_prime.permute(1, 0, 2).contiguous().view(n_nodes, self.out_features)
        return h_prime.mean(dim=0)


class GAT(nn.Module):
    def __init__(self, in_features, n_hidden, n_heads, num_classes, concat=False, dropout=0.0):
        super().__init__()
        self.gat1 = GraphAttentionLayer(in_features, n_hidden, n_heads, concat=concat, dropout=dropout)
        self.gat2 = GraphAttentionLayer(n_hidden, num_classes, 1, concat=False, dropout=dropout)

    def forward(self, x, adj_mat):
        x = F.elu(self.gat1(x, adj_mat))
        return F.log_softmax(self.gat2(x, adj_mat), dim=1)


V = 12
features = torch.rand(V, 6)
adj = (torch.rand(V, V) > 0.7).long()
adj = torch.eye(V) + ((adj + adj.t()) > 0).float()
labels = torch.randint(0, 3, (V,))
idx = torch.randperm(V)
idx_val, idx_train = idx[:4], idx[4:]
model = GAT(6, 8, 4, 3, concat=True)
cmodel = torch.compile(model)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01, weight_decay=5e-4)
criterion = nn.NLLLoss()


def test(mask):
    model.eval()
    with torch.no_grad():
        output = cmodel(features, adj)
        output, target = output[mask], labels[mask]
        loss = criterion(output, target)
        acc = (output.argmax(dim=1) == target).float().sum() / len(target)
    return loss.item(), acc.item()


for epoch in range(3):
    model.train()
    optimizer.zero_grad()
    output = cmodel(features, adj)
    loss = criterion(output[idx_train], labels[idx_train])
    loss.backward()
    optimizer.step()
    lt, at = test(idx_train)
    lv, av = test(idx_val)
    print(epoch, round(lt, 3), round(at, 3), round(lv, 3), round(av, 3))
