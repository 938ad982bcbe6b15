"""real: a compiled classifier evaluated by a validate() helper that wraps the call in torch.autocast("cpu", dtype=torch.bfloat16) only when args.amp is set; the script validates in fp32, then with amp on, then off again, and once with amp and a float16 dtype switch -- timm validate.py amp_autocast = partial(torch.autocast, ...) or suppress."""
import contextlib
import functools
import torch
import torch.nn as nn
torch.manual_seed(0)


class Args:
    amp = False
    amp_dtype = torch.bfloat16


args = Args()
model = nn.Sequential(nn.Linear(6, 16), nn.GELU(), nn.LayerNorm(16), nn.Linear(16, 4)).eval()
cmodel = torch.compile(model)
x = torch.randn(3, 6)


def validate():
    amp_autocast = functools.partial(torch.autocast, "cpu", dtype=args.amp_dtype) if args.amp else contextlib.nullcontext
    with torch.no_grad(), amp_autocast():
        out = cmodel(x)
    return out.dtype, round(out.float().sum().item(), 2)


print("fp32", *validate())
args.amp = True
print("amp bf16", *validate())
args.amp = False
print("fp32 again", *validate())
args.amp = True
args.amp_dtype = torch.float16
print("amp fp16", *validate())
