"""real: HF CLIPTextModelWithProjection (tiny config) encoding prompt batches padded to the longest prompt (eos token id at the end, pooled at argmax of eos), text_embeds normalized with norm(dim=-1, keepdim=True), similarity against fixed image embeddings scaled by logit_scale.exp(), softmax over prompts; compiled with dynamic=True -- CLIP zero-shot classification prompt ensembling / open_clip encode_text."""
import torch
from transformers import CLIPTextConfig, CLIPTextModelWithProjection
torch.manual_seed(0)

config = CLIPTextConfig(vocab_size=50, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                        max_position_embeddings=16, projection_dim=16, eos_token_id=49, bos_token_id=48, pad_token_id=0)
model = CLIPTextModelWithProjection(config).eval()
cmodel = torch.compile(model, dynamic=True)
logit_scale = torch.tensor(2.6592)
image_embeds = torch.nn.functional.normalize(torch.randn(3, 16), dim=-1)


def tokenize(lengths):
    L = max(lengths) + 2
    ids = torch.zeros(len(lengths), L, dtype=torch.long)
    mask = torch.zeros(len(lengths), L, dtype=torch.long)
    for i, n in enumerate(lengths):
        ids[i, 0] = 48
        ids[i, 1:n + 1] = torch.randint(1, 48, (n,))
        ids[i, n + 1] = 49
        mask[i, :n + 2] = 1
    return ids, mask


with torch.no_grad():
    for lengths in ([3, 5], [4, 2, 6], [7, 7]):
        ids, mask = tokenize(lengths)
        text_embeds = cmodel(input_ids=ids, attention_mask=mask).text_embeds
        text_embeds = text_embeds / text_embeds.norm(dim=-1, keepdim=True)
        logits_per_image = logit_scale.exp() * image_embeds @ text_embeds.t()
        probs = logits_per_image.softmax(dim=-1)
        print(lengths, [[round(p, 4) for p in row] for row in probs.tolist()])
