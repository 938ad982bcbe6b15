"""real: BlinkDL RWKV-LM "RWKV_RNN" inference (rwkv_v4 run.py style) -- state tensor [n_layer*5, n_embd] passed in and returned, per-layer time_mixing(x, state[5*i+1], state[5*i+2], state[5*i+3], state[5*i+4], ...) with the WKV recurrence via torch.maximum(pp, ww) / exp, channel_mixing with squared relu, token-by-token forward over a prompt (python for over tokens calling the compiled forward), then sampling with temperature/top_p via numpy."""
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
N_LAYER, N_EMBD, VOCAB = 2, 16, 40


class RWKV_RNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, N_EMBD)
        self.ln0 = nn.LayerNorm(N_EMBD)
        self.blocks = nn.ModuleList()
        for _ in range(N_LAYER):
            b = nn.Module()
            b.ln1, b.ln2 = nn.LayerNorm(N_EMBD), nn.LayerNorm(N_EMBD)
            for n in ["time_mix_k", "time_mix_v", "time_mix_r", "ffn_time_mix_k", "ffn_time_mix_r"]:
                setattr(b, n, nn.Parameter(torch.rand(N_EMBD)))
            b.time_first, b.time_decay = nn.Parameter(torch.randn(N_EMBD) * 0.1), nn.Parameter(-torch.exp(torch.randn(N_EMBD) * 0.1))
            b.key, b.value, b.receptance, b.output = [nn.Linear(N_EMBD, N_EMBD, bias=False) for _ in range(4)]
            b.ffn_key, b.ffn_value, b.ffn_receptance = nn.Linear(N_EMBD, 4 * N_EMBD, bias=False), nn.Linear(4 * N_EMBD, N_EMBD, bias=False), nn.Linear(N_EMBD, N_EMBD, bias=False)
            self.blocks.append(b)
        self.ln_out, self.head = nn.LayerNorm(N_EMBD), nn.Linear(N_EMBD, VOCAB, bias=False)

    def channel_mixing(self, x, state, i, b):
        xk = x * b.ffn_time_mix_k + state[5 * i + 0] * (1 - b.ffn_time_mix_k)
        xr = x * b.ffn_time_mix_r + state[5 * i + 0] * (1 - b.ffn_time_mix_r)
        state[5 * i + 0] = x
        r = torch.sigmoid(b.ffn_receptance(xr))
        k = torch.square(torch.relu(b.ffn_key(xk)))
        return r * b.ffn_value(k)

    def time_mixing(self, x, state, i, b):
        xk = x * b.time_mix_k + state[5 * i + 1] * (1 - b.time_mix_k)
        xv = x * b.time_mix_v + state[5 * i + 1] * (1 - b.time_mix_v)
        xr = x * b.time_mix_r + state[5 * i + 1] * (1 - b.time_mix_r)
        state[5 * i + 1] = x
        r, k, v = torch.sigmoid(b.receptance(xr)), b.key(xk), b.value(xv)
        aa, bb, pp = state[5 * i + 2], state[5 * i + 3], state[5 * i + 4]
        ww = b.time_first + k
        qq = torch.maximum(pp, ww)
        e1, e2 = torch.exp(pp - qq), torch.exp(ww - qq)
        wkv = (e1 * aa + e2 * v) / (e1 * bb + e2)
        ww = pp + b.time_decay
        qq = torch.maximum(ww, k)
        e1, e2 = torch.exp(ww - qq), torch.exp(k - qq)
        state[5 * i + 2] = e1 * aa + e2 * v
        state[5 * i + 3] = e1 * bb + e2
        state[5 * i + 4] = qq
        return b.output(r * wkv)

    @torch.no_grad()
    def forward(self, token, state):
        if state is None:
            state = torch.zeros(N_LAYER * 5, N_EMBD)
            for i in range(N_LAYER):
                state[5 * i + 4] = -1e30
        x = self.ln0(self.emb.weight[token])
        for i, b in enumerate(self.blocks):
            x = x + self.time_mixing(b.ln1(x), state, i, b)
            x = x + self.channel_mixing(b.ln2(x), state, i, b)
        return self.head(self.ln_out(x)).float(), state


def sample_logits(out, temperature=1.0, top_p=0.8, rng=np.random.RandomState(0)):
    probs = torch.softmax(out, dim=-1).numpy()
    sorted_probs = np.sort(probs)[::-1]
    cutoff = float(sorted_probs[np.argmax(np.cumsum(sorted_probs) > top_p)])
    probs[probs < cutoff] = 0
    probs = probs ** (1 / temperature)
    return int(rng.choice(len(probs), p=probs / np.sum(probs)))


model = torch.compile(RWKV_RNN().eval(), backend="eager")
state = None
for token in [3, 17, 5, 9]:
    out, state = model(token, state)
toks = []
for _ in range(4):
    t = sample_logits(out)
    toks.append(t)
    out, state = model(t, state)
print(toks, round(state.abs().sum().item(), 3))
