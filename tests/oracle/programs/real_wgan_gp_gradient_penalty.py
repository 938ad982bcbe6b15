"""real: WGAN-GP critic step: compiled gradient penalty interpolates real/fake with a random alpha and calls torch.autograd.grad(create_graph=True) inside the compiled function, lambda_gp a module-level float -- improved-wgan / pytorch-gan-collection compute_gradient_penalty."""
import torch
import torch.nn as nn
torch.manual_seed(0)

LAMBDA_GP = 10.0
critic = nn.Sequential(nn.Linear(4, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
gen = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 4))
opt_c = torch.optim.Adam(critic.parameters(), lr=1e-3, betas=(0.5, 0.9))

@torch.compile(backend="eager")  # aot_autograd has no double backward; the penalty needs create_graph
def critic_loss(real, fake, alpha):
    interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    d_interp = critic(interp)
    grads = torch.autograd.grad(d_interp, interp, grad_outputs=torch.ones_like(d_interp),
                                create_graph=True, retain_graph=True)[0]
    gp = ((grads.norm(2, dim=1) - 1) ** 2).mean()
    return critic(fake).mean() - critic(real).mean() + LAMBDA_GP * gp

for step in range(3):
    real = torch.randn(6, 4) + 1.0
    with torch.no_grad():
        fake = gen(torch.randn(6, 2))
    alpha = torch.rand(6, 1)
    loss = critic_loss(real, fake, alpha)
    opt_c.zero_grad()
    loss.backward()
    opt_c.step()
    print(step, round(loss.item(), 4))
