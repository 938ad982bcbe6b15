"""cfunc: pack_padded_sequence in the compiled function (skipped by the rule book) -- test_repros.py pack_padded_sequence."""
import torch
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
torch.manual_seed(0)
gru = torch.nn.GRU(4, 3, batch_first=True)

@torch.compile
def f(x, lengths):
    x = x * 2
    packed = pack_padded_sequence(x, lengths, batch_first=True)
    return packed.data.sum() + 1

f(torch.randn(2, 3, 4), torch.tensor([3, 2]))
