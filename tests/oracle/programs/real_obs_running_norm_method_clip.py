"""real: RL observation normalisation: a RunningMeanStd-like helper object (plain class) whose normalize(obs) method reads self.clip_obs and self.epsilon (Python floats) and self.mean/self.var tensors (replaced by new tensors on every update); the compiled policy calls obs_rms.normalize(obs) on a global helper; the training loop updates the statistics and tightens clip_obs -- Stable-Baselines3 VecNormalize / RunningMeanStd normalize_obs."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class RunningMeanStd:
    def __init__(self, shape, epsilon=1e-4, clip_obs=10.0):
        self.mean = torch.zeros(shape)
        self.var = torch.ones(shape)
        self.count = epsilon
        self.epsilon = 1e-8
        self.clip_obs = clip_obs

    def update(self, x):
        batch_mean, batch_var, batch_count = x.mean(0), x.var(0, unbiased=False), x.shape[0]
        delta = batch_mean - self.mean
        tot = self.count + batch_count
        new_mean = self.mean + delta * batch_count / tot
        m2 = self.var * self.count + batch_var * batch_count + delta ** 2 * self.count * batch_count / tot
        self.mean, self.var, self.count = new_mean, m2 / tot, tot

    def normalize(self, obs):
        return torch.clamp((obs - self.mean) / torch.sqrt(self.var + self.epsilon), -self.clip_obs, self.clip_obs)


obs_rms = RunningMeanStd(4)
policy = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2)).eval()


@torch.compile
def act(obs):
    return policy(obs_rms.normalize(obs))


with torch.no_grad():
    for it in range(4):
        obs = torch.randn(3, 4) * 5 + 2
        obs_rms.update(obs)
        if it == 2:
            obs_rms.clip_obs = 0.5
        out = act(obs)
        print(it, obs_rms.clip_obs, round(out.sum().item(), 4))
