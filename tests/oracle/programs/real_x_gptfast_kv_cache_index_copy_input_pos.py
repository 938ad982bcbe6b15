"""real: gpt-fast style decoding -- KVCache module with preallocated k_cache / v_cache buffers updated by index_copy_ at input_pos (a tensor), rotary embedding from precomputed freqs_cis indexed by input_pos, causal_mask buffer indexed [None, None, input_pos], grouped-query attention with repeat_interleave, prefill compiled once and decode_one_token compiled with fullgraph=True, generated tokens appended in Python -- pytorch-labs/gpt-fast model.py + generate.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

VOCAB, DIM, N_HEAD, N_LOCAL, HEAD_DIM, MAX_SEQ = 32, 16, 4, 2, 4, 16


def precompute_freqs_cis(seq_len, n_elem, base=10000):
    freqs = 1.0 / (base ** (torch.arange(0, n_elem, 2)[: (n_elem // 2)].float() / n_elem))
    t = torch.arange(seq_len)
    freqs = torch.outer(t, freqs)
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
    return torch.stack([freqs_cis.real, freqs_cis.imag], dim=-1)


def apply_rotary_emb(x, freqs_cis):
    xshaped = x.float().reshape(*x.shape[:-1], -1, 2)
    freqs_cis = freqs_cis.view(1, xshaped.size(1), 1, xshaped.size(3), 2)
    x_out2 = torch.stack([
        xshaped[..., 0] * freqs_cis[..., 0] - xshaped[..., 1] * freqs_cis[..., 1],
        xshaped[..., 1] * freqs_cis[..., 0] + xshaped[..., 0] * freqs_cis[..., 1]], -1)
    return x_out2.flatten(3).type_as(x)


class KVCache(nn.Module):
    def __init__(self, max_batch_size, max_seq_length, n_heads, head_dim):
        super().__init__()
        shape = (max_batch_size, n_heads, max_seq_length, head_dim)
        self.register_buffer('k_cache', torch.zeros(shape))
        self.register_buffer('v_cache', torch.zeros(shape))

    def update(self, input_pos, k_val, v_val):
        k_out = self.k_cache
        v_out = self.v_cache
        k_out.index_copy_(2, input_pos, k_val)
        v_out.index_copy_(2, input_pos, v_val)
        return k_out, v_out


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.wqkv = nn.Linear(DIM, (N_HEAD + 2 * N_LOCAL) * HEAD_DIM, bias=False)
        self.wo = nn.Linear(DIM, DIM, bias=False)
        self.kv_cache = None

    def forward(self, x, freqs_cis, mask, input_pos):
        bsz, seqlen, _ = x.shape
        kv_size = N_LOCAL * HEAD_DIM
        q, k, v = self.wqkv(x).split([DIM, kv_size, kv_size], dim=-1)
        q = q.view(bsz, seqlen, N_HEAD, HEAD_DIM)
        k = k.view(bsz, seqlen, N_LOCAL, HEAD_DIM)
        v = v.view(bsz, seqlen, N_LOCAL, HEAD_DIM)
        q = apply_rotary_emb(q, freqs_cis)
        k = apply_rotary_emb(k, freqs_cis)
        q, k, v = map(lambda x: x.transpose(1, 2), (q, k, v))
        if self.kv_cache is not None:
            k, v = self.kv_cache.update(input_pos, k, v)
        k = k.repeat_interleave(N_HEAD // N_LOCAL, dim=1)
        v = v.repeat_interleave(N_HEAD // N_LOCAL, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=0.0)
        y = y.transpose(1, 2).contiguous().view(bsz, seqlen, DIM)
        return self.wo(y)


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList([Attention() for _ in range(2)])
        self.norm = nn.RMSNorm(DIM, eps=1e-5)
        self.output = nn.Linear(DIM, VOCAB, bias=False)
        self.freqs_cis = None
        self.causal_mask = None

    def setup_caches(self, max_batch_size, max_seq_length):
        for b in self.layers:
            b.kv_cache = KVCache(max_batch_size, max_seq_length, N_LOCAL, HEAD_DIM)
        self.freqs_cis = precompute_freqs_cis(MAX_SEQ, HEAD_DIM)
        self.causal_mask = torch.tril(torch.ones(max_seq_length, max_seq_length, dtype=torch.bool))

    def forward(self, idx, input_pos):
        mask = self.causal_mask[None, None, input_pos]
        freqs_cis = self.freqs_cis[input_pos]
        x = self.tok_embeddings(idx)
        for layer in self.layers:
            x = x + layer(x, freqs_cis, mask, input_pos)
        return self.output(self.norm(x))


def prefill(model, x, input_pos):
    logits = model(x, input_pos)
    return torch.argmax(logits[:, -1], dim=-1, keepdim=True)


def decode_one_token(model, x, input_pos):
    logits = model(x, input_pos)
    return torch.argmax(logits[:, -1], dim=-1, keepdim=True)


prefill_c = torch.compile(prefill, dynamic=True)
decode_c = torch.compile(decode_one_token, mode="reduce-overhead", fullgraph=True)
model = Transformer().eval()


@torch.no_grad()
def generate(prompt, max_new_tokens):
    T = prompt.size(0)
    model.setup_caches(1, MAX_SEQ)
    input_pos = torch.arange(0, T)
    next_token = prefill_c(model, prompt.view(1, -1), input_pos)
    new_tokens = [next_token.item()]
    input_pos = torch.tensor([T], dtype=torch.int64)
    for i in range(max_new_tokens - 1):
        next_token = decode_c(model, next_token.view(1, -1), input_pos)
        input_pos += 1
        new_tokens.append(next_token.item())
    return new_tokens


print(generate(torch.tensor([1, 5, 7, 2]), 5))
print(generate(torch.tensor([3, 9, 4, 4, 8, 1]), 4))
