"""real: sentence encoding with a HF BertModel (tiny config, random weights): a compiled encode(input_ids, attention_mask) enters torch.autocast("cpu", dtype=torch.bfloat16) itself, runs the model and returns the [CLS] vector cast back to float32; called under no_grad on batches of sequence length 6, 6, 9 and 4 -- transformers feature extraction with CPU bf16 autocast."""
import torch
import transformers

transformers.logging.set_verbosity_error()
torch.manual_seed(0)
config = transformers.BertConfig(vocab_size=60, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                                 intermediate_size=32, max_position_embeddings=32)
model = transformers.BertModel(config).eval()


@torch.compile(backend="eager")
def encode(input_ids, attention_mask):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        out = model(input_ids=input_ids, attention_mask=attention_mask)
    return out.last_hidden_state[:, 0].float()


with torch.no_grad():
    for length in [6, 6, 9, 4]:
        ids = torch.randint(1, 60, (2, length))
        mask = torch.ones(2, length, dtype=torch.long)
        mask[1, length - 2:] = 0
        emb = encode(ids, mask)
        print(length, emb.dtype, round(emb.abs().sum().item(), 2))
