"""real: VQ-VAE VectorQuantizerEMA (zalandoresearch / rosinality vq-vae-2) -- distances via sum-of-squares minus 2*matmul, argmin encodings, one_hot scatter_, and `if self.training:` EMA update of _ema_cluster_size / _ema_w buffers with in-place mul_/add_ and Laplace smoothing, embedding.weight = nn.Parameter(...) style replaced by .data.copy_; straight-through quantized = inputs + (quantized - inputs).detach(); perplexity; train then eval recon."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class VectorQuantizerEMA(nn.Module):
    def __init__(self, num_embeddings, embedding_dim, commitment_cost, decay, epsilon=1e-5):
        super().__init__()
        self._embedding_dim = embedding_dim
        self._num_embeddings = num_embeddings
        self._embedding = nn.Embedding(self._num_embeddings, self._embedding_dim)
        self._embedding.weight.data.normal_()
        self._commitment_cost = commitment_cost
        self.register_buffer('_ema_cluster_size', torch.zeros(num_embeddings))
        self._ema_w = nn.Parameter(torch.Tensor(num_embeddings, self._embedding_dim))
        self._ema_w.data.normal_()
        self._decay = decay
        self._epsilon = epsilon

    def forward(self, inputs):
        inputs = inputs.permute(0, 2, 3, 1).contiguous()
        input_shape = inputs.shape
        flat_input = inputs.view(-1, self._embedding_dim)
        distances = (torch.sum(flat_input ** 2, dim=1, keepdim=True) + torch.sum(self._embedding.weight ** 2, dim=1)
                     - 2 * torch.matmul(flat_input, self._embedding.weight.t()))
        encoding_indices = torch.argmin(distances, dim=1).unsqueeze(1)
        encodings = torch.zeros(encoding_indices.shape[0], self._num_embeddings, device=inputs.device)
        encodings.scatter_(1, encoding_indices, 1)
        quantized = torch.matmul(encodings, self._embedding.weight).view(input_shape)
        if self.training:
            self._ema_cluster_size = self._ema_cluster_size * self._decay + (1 - self._decay) * torch.sum(encodings, 0)
            n = torch.sum(self._ema_cluster_size.data)
            self._ema_cluster_size = ((self._ema_cluster_size + self._epsilon) / (n + self._num_embeddings * self._epsilon) * n)
            dw = torch.matmul(encodings.t(), flat_input)
            self._ema_w = nn.Parameter(self._ema_w * self._decay + (1 - self._decay) * dw)
            self._embedding.weight = nn.Parameter(self._ema_w / self._ema_cluster_size.unsqueeze(1))
        e_latent_loss = F.mse_loss(quantized.detach(), inputs)
        loss = self._commitment_cost * e_latent_loss
        quantized = inputs + (quantized - inputs).detach()
        avg_probs = torch.mean(encodings, dim=0)
        perplexity = torch.exp(-torch.sum(avg_probs * torch.log(avg_probs + 1e-10)))
        return loss, quantized.permute(0, 3, 1, 2).contiguous(), perplexity, encodings


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(1, 4, 4, 2, 1)
        self.vq = VectorQuantizerEMA(8, 4, 0.25, 0.99)
        self.dec = nn.ConvTranspose2d(4, 1, 4, 2, 1)

    def forward(self, x):
        loss, q, perplexity, _ = self.vq(self.enc(x))
        return loss, self.dec(q), perplexity


model = Model()
cmodel = torch.compile(model, backend="eager")
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, amsgrad=False)
data = torch.rand(12, 1, 8, 8)
model.train()
for i in range(4):
    x = data[(i % 3) * 4:(i % 3) * 4 + 4]
    optimizer.zero_grad()
    vq_loss, data_recon, perplexity = cmodel(x)
    recon_error = F.mse_loss(data_recon, x)
    loss = recon_error + vq_loss
    loss.backward()
    optimizer.step()
    print(i, round(recon_error.item(), 4), round(perplexity.item(), 3))
model.eval()
with torch.no_grad():
    _, recon, _ = cmodel(data[:4])
    print(round(recon.mean().item(), 4))
