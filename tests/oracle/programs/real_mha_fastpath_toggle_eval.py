"""real: inference with a compiled nn.TransformerEncoder (batch_first, eval mode, no_grad, src_key_padding_mask), where the script turns the native fast path off with torch.backends.mha.set_fastpath_enabled(False) to compare numerics, then back on -- PyTorch "Better Transformer" fast-path tutorial, torch.backends.mha.set_fastpath_enabled."""
import torch
import torch.nn as nn
torch.manual_seed(0)

layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0, batch_first=True)
encoder = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False).eval()
cenc = torch.compile(encoder)
x = torch.randn(2, 5, 8)
mask = torch.tensor([[False] * 5, [False] * 3 + [True] * 2])
with torch.no_grad():
    print("fast", round(cenc(x, src_key_padding_mask=mask)[0].abs().sum().item(), 4))
    torch.backends.mha.set_fastpath_enabled(False)
    print("slow", round(cenc(x, src_key_padding_mask=mask)[0].abs().sum().item(), 4))
    torch.backends.mha.set_fastpath_enabled(True)
    print("fast again", round(cenc(x, src_key_padding_mask=mask)[0].abs().sum().item(), 4))
    print("no mask", round(cenc(x).abs().sum().item(), 4))
