# A function that already ran unwatched becomes watched once torch.compile
# names it: the cached "skip" decision must not survive the registration.
import torch

def step(x):
    return x.sin()

x = torch.ones(3)
for _ in range(4):
    step(x)
step_c = torch.compile(step)
for _ in range(2):
    step_c(x)
print("ok")
