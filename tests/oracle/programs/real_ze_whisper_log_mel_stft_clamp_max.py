"""real: openai/whisper audio.log_mel_spectrogram -- torch.hann_window(N_FFT), torch.stft(audio, N_FFT, HOP_LENGTH, window=window, return_complex=True), magnitudes = stft[..., :-1].abs() ** 2, mel_spec = filters @ magnitudes, log_spec = torch.clamp(mel_spec, min=1e-10).log10(), log_spec = torch.maximum(log_spec, log_spec.max() - 8.0), (log_spec + 4.0) / 4.0; pad_or_trim(array, length) with F.pad when short / index_select when long; followed by a tiny conv AudioEncoder (conv1/conv2 stride 2, GELU, sinusoidal positional embedding sliced to n_ctx); clips of different lengths."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
SAMPLE_RATE, N_FFT, HOP_LENGTH, N_MELS = 1600, 64, 16, 8
N_SAMPLES = 2 * SAMPLE_RATE // 4


def pad_or_trim(array, length: int = N_SAMPLES, *, axis: int = -1):
    if torch.is_tensor(array):
        if array.shape[axis] > length:
            array = array.index_select(dim=axis, index=torch.arange(length, device=array.device))
        if array.shape[axis] < length:
            pad_widths = [(0, 0)] * array.ndim
            pad_widths[axis] = (0, length - array.shape[axis])
            array = F.pad(array, [pad for sizes in pad_widths[::-1] for pad in sizes])
    return array


def mel_filters(n_mels):
    fb = np.abs(np.random.RandomState(0).randn(n_mels, N_FFT // 2 + 1)).astype(np.float32)
    return torch.from_numpy(fb)


def sinusoids(length, channels, max_timescale=10000):
    log_timescale_increment = np.log(max_timescale) / (channels // 2 - 1)
    inv_timescales = torch.exp(-log_timescale_increment * torch.arange(channels // 2))
    scaled_time = torch.arange(length)[:, np.newaxis] * inv_timescales[np.newaxis, :]
    return torch.cat([torch.sin(scaled_time), torch.cos(scaled_time)], dim=1)


def log_mel_spectrogram(audio, n_mels: int = N_MELS, padding: int = 0):
    if padding > 0:
        audio = F.pad(audio, (0, padding))
    window = torch.hann_window(N_FFT).to(audio.device)
    stft = torch.stft(audio, N_FFT, HOP_LENGTH, window=window, return_complex=True)
    magnitudes = stft[..., :-1].abs() ** 2
    filters = mel_filters(n_mels)
    mel_spec = filters @ magnitudes
    log_spec = torch.clamp(mel_spec, min=1e-10).log10()
    log_spec = torch.maximum(log_spec, log_spec.max() - 8.0)
    log_spec = (log_spec + 4.0) / 4.0
    return log_spec


class AudioEncoder(nn.Module):
    def __init__(self, n_mels=N_MELS, n_ctx=25, n_state=16):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, n_state, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(n_state, n_state, kernel_size=3, stride=2, padding=1)
        self.register_buffer("positional_embedding", sinusoids(n_ctx, n_state))
        self.ln_post = nn.LayerNorm(n_state)

    def forward(self, audio):
        mel = log_mel_spectrogram(pad_or_trim(audio))
        x = F.gelu(self.conv1(mel))
        x = F.gelu(self.conv2(x)).permute(0, 2, 1)
        assert x.shape[1:] == self.positional_embedding.shape, "incorrect audio shape"
        x = (x + self.positional_embedding).to(x.dtype)
        return self.ln_post(x)


enc = AudioEncoder().eval()
cenc = torch.compile(enc, backend="eager")
with torch.no_grad():
    for n in [700, 800, 1000, 650]:
        audio = torch.randn(2, n) * 0.1
        print(n, round(cenc(audio).abs().mean().item(), 4))
