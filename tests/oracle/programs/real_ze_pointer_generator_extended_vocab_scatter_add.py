"""real: pointer-generator network (abisee / atulkum pointer_summarizer model.py Decoder) -- attention over encoder outputs with enc_padding_mask renormalisation, p_gen = sigmoid(linear(cat(c_t, s_t, x))), vocab_dist_ = p_gen * vocab_dist, attn_dist_ = (1 - p_gen) * attn_dist, `if extra_zeros is not None: vocab_dist_ = torch.cat([vocab_dist_, extra_zeros], 1)`, final_dist = vocab_dist_.scatter_add(1, enc_batch_extend_vocab, attn_dist_); extra_zeros sized by the batch's max_art_oovs (python int varying per batch, 0 -> None); teacher-forced decoding steps with coverage loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
V, H = 30, 16


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(V, H)
        self.x_context = nn.Linear(2 * H, H)
        self.cell = nn.GRUCell(H, H)
        self.W_h, self.W_s = nn.Linear(H, H, bias=False), nn.Linear(H, H)
        self.W_c = nn.Linear(1, H, bias=False)
        self.v = nn.Linear(H, 1, bias=False)
        self.p_gen_linear = nn.Linear(3 * H, 1)
        self.out = nn.Linear(2 * H, V)

    def forward(self, y_t, s_t, enc_out, enc_padding_mask, c_t, extra_zeros, enc_batch_extend_vocab, coverage):
        x = self.x_context(torch.cat((c_t, self.embedding(y_t)), 1))
        s_t = self.cell(x, s_t)
        feat = self.W_h(enc_out) + self.W_s(s_t).unsqueeze(1) + self.W_c(coverage.unsqueeze(2))
        scores = self.v(torch.tanh(feat)).squeeze(2)
        attn_dist_ = F.softmax(scores, dim=1) * enc_padding_mask
        attn_dist = attn_dist_ / attn_dist_.sum(1, keepdim=True)
        c_t = torch.bmm(attn_dist.unsqueeze(1), enc_out).squeeze(1)
        coverage_next = coverage + attn_dist
        p_gen = torch.sigmoid(self.p_gen_linear(torch.cat((c_t, s_t, x), 1)))
        vocab_dist = F.softmax(self.out(torch.cat((s_t, c_t), 1)), dim=1)
        vocab_dist_ = p_gen * vocab_dist
        attn_dist_ = (1 - p_gen) * attn_dist
        if extra_zeros is not None:
            vocab_dist_ = torch.cat([vocab_dist_, extra_zeros], 1)
        final_dist = vocab_dist_.scatter_add(1, enc_batch_extend_vocab, attn_dist_)
        return final_dist, s_t, c_t, attn_dist, coverage_next


dec = Decoder()
cdec = torch.compile(dec, backend="eager")
opt = torch.optim.Adagrad(dec.parameters(), lr=0.15, initial_accumulator_value=0.1)
for max_art_oovs, T_enc in [(2, 6), (0, 6), (3, 7)]:
    B = 3
    enc_out = torch.randn(B, T_enc, H)
    mask = torch.ones(B, T_enc); mask[0, -2:] = 0
    ext = torch.randint(0, V + max_art_oovs, (B, T_enc))
    extra_zeros = torch.zeros(B, max_art_oovs) if max_art_oovs > 0 else None
    s_t, c_t, coverage = torch.zeros(B, H), torch.zeros(B, H), torch.zeros(B, T_enc)
    tgt = torch.randint(0, V + max_art_oovs, (B, 4))
    losses = []
    for di in range(3):
        final_dist, s_t, c_t, attn, next_cov = cdec(tgt[:, di].clamp(max=V - 1), s_t, enc_out, mask, c_t, extra_zeros, ext, coverage)
        gold = torch.gather(final_dist, 1, tgt[:, di + 1].unsqueeze(1)).squeeze()
        losses.append(-torch.log(gold + 1e-12) + torch.sum(torch.min(attn, coverage), 1))
        coverage = next_cov
    loss = torch.stack(losses, 1).sum(1).mean()
    opt.zero_grad(); loss.backward(); nn.utils.clip_grad_norm_(dec.parameters(), 2.0); opt.step()
    print(max_art_oovs, round(loss.item(), 4))
