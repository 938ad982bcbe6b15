"""real: nerf-pytorch Embedder -- embed_fns list built of lambdas with default args (lambda x, p_fn=p_fn, freq=freq: p_fn(x * freq)), torch.cat([fn(inputs) for fn in self.embed_fns], -1); NeRF MLP with skip concat at layer 4 via `if i in self.skips`; render_rays: stratified z_vals (torch.linspace + torch.rand perturb in train, none at test), raw2outputs alpha compositing with cumprod; compiled run_network over chunks, last chunk smaller."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Embedder:
    def __init__(self, **kwargs):
        self.kwargs = kwargs
        self.create_embedding_fn()

    def create_embedding_fn(self):
        embed_fns = []
        d = self.kwargs['input_dims']
        out_dim = 0
        if self.kwargs['include_input']:
            embed_fns.append(lambda x: x)
            out_dim += d
        freq_bands = 2. ** torch.linspace(0., self.kwargs['max_freq_log2'], steps=self.kwargs['num_freqs'])
        for freq in freq_bands:
            for p_fn in self.kwargs['periodic_fns']:
                embed_fns.append(lambda x, p_fn=p_fn, freq=freq: p_fn(x * freq))
                out_dim += d
        self.embed_fns = embed_fns
        self.out_dim = out_dim

    def embed(self, inputs):
        return torch.cat([fn(inputs) for fn in self.embed_fns], -1)


class NeRF(nn.Module):
    def __init__(self, D=6, W=32, input_ch=3, skips=[3]):
        super().__init__()
        self.skips = skips
        self.pts_linears = nn.ModuleList([nn.Linear(input_ch, W)] + [nn.Linear(W, W) if i not in skips else nn.Linear(W + input_ch, W) for i in range(D - 1)])
        self.output_linear = nn.Linear(W, 4)

    def forward(self, x):
        h = x
        for i, l in enumerate(self.pts_linears):
            h = F.relu(self.pts_linears[i](h))
            if i in self.skips:
                h = torch.cat([x, h], -1)
        return self.output_linear(h)


embedder = Embedder(include_input=True, input_dims=3, max_freq_log2=3, num_freqs=4, log_sampling=True, periodic_fns=[torch.sin, torch.cos])
model = NeRF(input_ch=embedder.out_dim)


@torch.compile(backend="eager")
def run_network(pts, fn):
    flat = pts.reshape(-1, pts.shape[-1])
    return fn(embedder.embed(flat)).reshape(list(pts.shape[:-1]) + [4])


def render_rays(rays_o, rays_d, N_samples, perturb):
    near, far = 2.0, 6.0
    t_vals = torch.linspace(0., 1., steps=N_samples)
    z_vals = near * (1. - t_vals) + far * t_vals
    z_vals = z_vals.expand([rays_o.shape[0], N_samples])
    if perturb > 0.:
        mids = .5 * (z_vals[..., 1:] + z_vals[..., :-1])
        upper = torch.cat([mids, z_vals[..., -1:]], -1)
        lower = torch.cat([z_vals[..., :1], mids], -1)
        z_vals = lower + (upper - lower) * torch.rand(z_vals.shape)
    pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]
    raw = run_network(pts, model)
    dists = torch.cat([z_vals[..., 1:] - z_vals[..., :-1], torch.tensor([1e10]).expand(z_vals[..., :1].shape)], -1)
    alpha = 1. - torch.exp(-F.relu(raw[..., 3]) * dists)
    weights = alpha * torch.cumprod(torch.cat([torch.ones((alpha.shape[0], 1)), 1. - alpha + 1e-10], -1), -1)[:, :-1]
    return torch.sum(weights[..., None] * torch.sigmoid(raw[..., :3]), -2)


opt = torch.optim.Adam(model.parameters(), lr=5e-4)
rays_o, rays_d, target = torch.randn(22, 3), torch.randn(22, 3), torch.rand(22, 3)
for step in range(2):
    for i in range(0, 22, 8):
        rgb = render_rays(rays_o[i:i + 8], rays_d[i:i + 8], 8, perturb=1.)
        loss = F.mse_loss(rgb, target[i:i + 8])
        opt.zero_grad(); loss.backward(); opt.step()
    print(step, round(loss.item(), 5))
with torch.no_grad():
    print(render_rays(rays_o[:4], rays_d[:4], 8, perturb=0.).sum().item() > 0)
