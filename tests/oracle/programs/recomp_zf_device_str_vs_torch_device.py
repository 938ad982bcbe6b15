"""recomp: the device argument given as the string "cpu", then as torch.device("cpu"), then the string again."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def move(x, device):
    return x.to(device) * 2


x = torch.ones(3)
print(move(x, "cpu").device)
print(move(x, torch.device("cpu")).device)
print(move(x, "cpu").device)
