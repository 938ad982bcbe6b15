"""real: MoCo v2 step: momentum (key) encoder updated in place under no_grad with momentum m (attribute), InfoNCE logits against the queue buffer with temperature self.T (compiled forward), then keys enqueued by a separately compiled _dequeue_and_enqueue at ptr = int(self.queue_ptr) (a 1-element long buffer) after the optimizer step -- facebookresearch/moco builder.py MoCo."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class MoCo(nn.Module):
    def __init__(self, dim=4, K=6, m=0.9, T=0.2):
        super().__init__()
        self.K, self.m, self.T = K, m, T
        self.encoder_q = nn.Linear(5, dim)
        self.encoder_k = nn.Linear(5, dim)
        for pq, pk in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            pk.data.copy_(pq.data)
            pk.requires_grad = False
        self.register_buffer("queue", F.normalize(torch.randn(dim, K), dim=0))
        self.register_buffer("queue_ptr", torch.zeros(1, dtype=torch.long))

    @torch.no_grad()
    def _momentum_update_key_encoder(self):
        for pq, pk in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            pk.data = pk.data * self.m + pq.data * (1.0 - self.m)

    @torch.no_grad()
    def _dequeue_and_enqueue(self, keys):
        batch_size = keys.shape[0]
        ptr = int(self.queue_ptr)
        self.queue[:, ptr:ptr + batch_size] = keys.T
        ptr = (ptr + batch_size) % self.K
        self.queue_ptr[0] = ptr

    def forward(self, im_q, im_k):
        q = F.normalize(self.encoder_q(im_q), dim=1)
        with torch.no_grad():
            self._momentum_update_key_encoder()
            k = F.normalize(self.encoder_k(im_k), dim=1)
        l_pos = torch.einsum("nc,nc->n", [q, k]).unsqueeze(-1)
        l_neg = torch.einsum("nc,ck->nk", [q, self.queue.clone().detach()])
        logits = torch.cat([l_pos, l_neg], dim=1) / self.T
        labels = torch.zeros(logits.shape[0], dtype=torch.long)
        return logits, labels, k


model = MoCo()
cmodel = torch.compile(model)
enqueue = torch.compile(model._dequeue_and_enqueue)
opt = torch.optim.SGD(model.encoder_q.parameters(), lr=0.1)
for step in range(4):
    if step == 2:
        model.m, model.T = 0.99, 0.1
    x = torch.randn(2, 5)
    logits, labels, k = cmodel(x + 0.1 * torch.randn(2, 5), x + 0.1 * torch.randn(2, 5))
    loss = F.cross_entropy(logits, labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    enqueue(k)
    print(step, round(loss.item(), 4), int(model.queue_ptr), round(model.encoder_k.weight.sum().item(), 4))
