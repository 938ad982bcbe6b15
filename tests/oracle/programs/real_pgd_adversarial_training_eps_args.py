"""real: PGD adversarial training (Madry et al.): the compiled model is called on a delta-perturbed input that requires grad inside the attack loop (torch.autograd.grad of the loss w.r.t. delta, sign step of args.alpha, clamp to args.epsilon), then on the detached adversarial batch for the training step, then on clean data under no_grad for evaluation; args.epsilon is ramped up over epochs -- locuslab/fast_adversarial / MadryLab robustness PGD training loop."""
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

args = argparse.Namespace(epsilon=0.05, alpha=0.02, attack_iters=2)
model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
cm = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(4, 6), torch.tensor([0, 1, 2, 1])


def attack_pgd(x, y):
    delta = torch.zeros_like(x).uniform_(-args.epsilon, args.epsilon)
    delta.requires_grad_(True)
    for _ in range(args.attack_iters):
        loss = F.cross_entropy(cm(x + delta), y)
        grad, = torch.autograd.grad(loss, delta)
        delta = (delta + args.alpha * grad.sign()).clamp(-args.epsilon, args.epsilon).detach()
        delta.requires_grad_(True)
    return delta.detach()


for epoch in range(3):
    args.epsilon = 0.05 * (epoch + 1)
    delta = attack_pgd(x, y)
    loss = F.cross_entropy(cm(x + delta), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        acc = (cm(x).argmax(-1) == y).float().mean().item()
    print(epoch, round(args.epsilon, 3), round(loss.item(), 4), acc)
