"""real: SAC (spinningup / CleanRL sac_continuous_action) update -- replay buffer of numpy arrays sampled with np.random.randint, Actor.get_action with tanh-squashed Normal rsample and log_prob correction `log_prob -= torch.log(self.action_scale * (1 - y_t.pow(2)) + 1e-6)`, twin Q networks, min target, autotune alpha via log_alpha.exp().item(), compiled update function called every step after learning_starts, polyak target update with p.data.mul_/add_ inside the compiled update, logging every k steps."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
rng = np.random.RandomState(0)
OBS, ACT = 5, 2


class SoftQNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2, self.fc3 = nn.Linear(OBS + ACT, 32), nn.Linear(32, 32), nn.Linear(32, 1)

    def forward(self, x, a):
        x = torch.cat([x, a], 1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


class Actor(nn.Module):
    LOG_STD_MAX, LOG_STD_MIN = 2, -5

    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(OBS, 32), nn.Linear(32, 32)
        self.fc_mean, self.fc_logstd = nn.Linear(32, ACT), nn.Linear(32, ACT)
        self.register_buffer("action_scale", torch.tensor([1.0, 2.0]))
        self.register_buffer("action_bias", torch.tensor([0.0, 0.5]))

    def get_action(self, x):
        x = F.relu(self.fc2(F.relu(self.fc1(x))))
        mean, log_std = self.fc_mean(x), torch.tanh(self.fc_logstd(x))
        log_std = self.LOG_STD_MIN + 0.5 * (self.LOG_STD_MAX - self.LOG_STD_MIN) * (log_std + 1)
        normal = torch.distributions.Normal(mean, log_std.exp())
        x_t = normal.rsample()
        y_t = torch.tanh(x_t)
        action = y_t * self.action_scale + self.action_bias
        log_prob = normal.log_prob(x_t)
        log_prob -= torch.log(self.action_scale * (1 - y_t.pow(2)) + 1e-6)
        return action, log_prob.sum(1, keepdim=True)


actor, qf1, qf2 = Actor(), SoftQNetwork(), SoftQNetwork()
qf1_t, qf2_t = SoftQNetwork(), SoftQNetwork()
qf1_t.load_state_dict(qf1.state_dict()); qf2_t.load_state_dict(qf2.state_dict())
q_opt = torch.optim.Adam(list(qf1.parameters()) + list(qf2.parameters()), lr=1e-3)
actor_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
target_entropy = -float(ACT)
log_alpha = torch.zeros(1, requires_grad=True)
alpha = log_alpha.exp().item()
a_opt = torch.optim.Adam([log_alpha], lr=1e-3)
gamma, tau = 0.99, 0.005


@torch.compile(backend="eager")
def update(obs, act, rew, nobs, done, alpha, global_step):
    with torch.no_grad():
        next_a, next_logp = actor.get_action(nobs)
        min_q = torch.min(qf1_t(nobs, next_a), qf2_t(nobs, next_a)) - alpha * next_logp
        next_q = rew.flatten() + (1 - done.flatten()) * gamma * min_q.view(-1)
    qf_loss = F.mse_loss(qf1(obs, act).view(-1), next_q) + F.mse_loss(qf2(obs, act).view(-1), next_q)
    q_opt.zero_grad(); qf_loss.backward(); q_opt.step()
    if global_step % 2 == 0:
        pi, log_pi = actor.get_action(obs)
        actor_loss = ((alpha * log_pi) - torch.min(qf1(obs, pi), qf2(obs, pi))).mean()
        actor_opt.zero_grad(); actor_loss.backward(); actor_opt.step()
        with torch.no_grad():
            _, log_pi = actor.get_action(obs)
        alpha_loss = (-log_alpha.exp() * (log_pi + target_entropy)).mean()
        a_opt.zero_grad(); alpha_loss.backward(); a_opt.step()
    for param, target_param in zip(qf1.parameters(), qf1_t.parameters()):
        target_param.data.copy_(tau * param.data + (1 - tau) * target_param.data)
    for param, target_param in zip(qf2.parameters(), qf2_t.parameters()):
        target_param.data.copy_(tau * param.data + (1 - tau) * target_param.data)
    return qf_loss.detach()


N = 64
buf = dict(obs=rng.randn(N, OBS).astype(np.float32), act=rng.uniform(-1, 1, (N, ACT)).astype(np.float32),
           rew=rng.randn(N).astype(np.float32), nobs=rng.randn(N, OBS).astype(np.float32), done=(rng.rand(N) < 0.1).astype(np.float32))
for global_step in range(5):
    idx = rng.randint(0, N, size=16)
    b = {k: torch.from_numpy(v[idx]) for k, v in buf.items()}
    loss = update(b["obs"], b["act"], b["rew"], b["nobs"], b["done"], alpha, global_step)
    alpha = log_alpha.exp().item()
    if global_step % 2 == 0:
        print(global_step, round(loss.item(), 4), round(alpha, 5))
