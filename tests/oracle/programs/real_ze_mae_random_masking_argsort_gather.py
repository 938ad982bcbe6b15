"""real: facebookresearch/mae models_mae.MaskedAutoencoderViT -- patchify via reshape/einsum('nchpwq->nhwpqc'), random_masking(x, mask_ratio): len_keep = int(L * (1 - mask_ratio)), noise = torch.rand(N, L), ids_shuffle = torch.argsort(noise, dim=1), ids_restore = argsort(ids_shuffle), x_masked = torch.gather(x, 1, ids_keep.unsqueeze(-1).repeat(1, 1, D)), binary mask unshuffled with gather; decoder re-inserts mask tokens with torch.gather(ids_restore); forward_loss with norm_pix_loss and (loss * mask).sum() / mask.sum(); pretraining steps with mask_ratio 0.75 then a visualisation pass with mask_ratio 0.5."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class MAE(nn.Module):
    def __init__(self, img=8, p=2, dim=16, dec_dim=8, norm_pix_loss=True):
        super().__init__()
        self.p, self.norm_pix_loss = p, norm_pix_loss
        L = (img // p) ** 2
        self.patch_embed = nn.Linear(p * p * 3, dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, L + 1, dim) * .02, requires_grad=False)
        self.blocks = nn.ModuleList([nn.TransformerEncoderLayer(dim, 2, 32, batch_first=True, dropout=0.0) for _ in range(1)])
        self.norm = nn.LayerNorm(dim)
        self.decoder_embed = nn.Linear(dim, dec_dim)
        self.mask_token = nn.Parameter(torch.zeros(1, 1, dec_dim))
        self.decoder_pos_embed = nn.Parameter(torch.randn(1, L + 1, dec_dim) * .02, requires_grad=False)
        self.decoder_pred = nn.Linear(dec_dim, p * p * 3)

    def patchify(self, imgs):
        p = self.p
        assert imgs.shape[2] == imgs.shape[3] and imgs.shape[2] % p == 0
        h = w = imgs.shape[2] // p
        x = imgs.reshape(shape=(imgs.shape[0], 3, h, p, w, p))
        x = torch.einsum('nchpwq->nhwpqc', x)
        return x.reshape(shape=(imgs.shape[0], h * w, p ** 2 * 3))

    def random_masking(self, x, mask_ratio):
        N, L, D = x.shape
        len_keep = int(L * (1 - mask_ratio))
        noise = torch.rand(N, L, device=x.device)
        ids_shuffle = torch.argsort(noise, dim=1)
        ids_restore = torch.argsort(ids_shuffle, dim=1)
        ids_keep = ids_shuffle[:, :len_keep]
        x_masked = torch.gather(x, dim=1, index=ids_keep.unsqueeze(-1).repeat(1, 1, D))
        mask = torch.ones([N, L], device=x.device)
        mask[:, :len_keep] = 0
        mask = torch.gather(mask, dim=1, index=ids_restore)
        return x_masked, mask, ids_restore

    def forward(self, imgs, mask_ratio=0.75):
        target = self.patchify(imgs)
        x = self.patch_embed(target) + self.pos_embed[:, 1:, :]
        x, mask, ids_restore = self.random_masking(x, mask_ratio)
        cls_tokens = (self.cls_token + self.pos_embed[:, :1, :]).expand(x.shape[0], -1, -1)
        x = torch.cat((cls_tokens, x), dim=1)
        for blk in self.blocks:
            x = blk(x)
        x = self.decoder_embed(self.norm(x))
        mask_tokens = self.mask_token.repeat(x.shape[0], ids_restore.shape[1] + 1 - x.shape[1], 1)
        x_ = torch.cat([x[:, 1:, :], mask_tokens], dim=1)
        x_ = torch.gather(x_, dim=1, index=ids_restore.unsqueeze(-1).repeat(1, 1, x.shape[2]))
        x = torch.cat([x[:, :1, :], x_], dim=1) + self.decoder_pos_embed
        pred = self.decoder_pred(x)[:, 1:, :]
        if self.norm_pix_loss:
            mean, var = target.mean(dim=-1, keepdim=True), target.var(dim=-1, keepdim=True)
            target = (target - mean) / (var + 1.e-6) ** .5
        loss = ((pred - target) ** 2).mean(dim=-1)
        loss = (loss * mask).sum() / mask.sum()
        return loss, pred, mask


model = MAE()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.AdamW(model.parameters(), lr=1.5e-4, betas=(0.9, 0.95))
for it in range(3):
    loss, _, _ = cmodel(torch.randn(4, 3, 8, 8), mask_ratio=0.75)
    opt.zero_grad(); loss.backward(); opt.step()
    print(it, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    loss, pred, mask = cmodel(torch.randn(1, 3, 8, 8), mask_ratio=0.5)
    print(round(loss.item(), 4), int(mask.sum().item()))
