"""A Llama-style MLP block in plain ttnn, as it runs on a card: `tensix run examples/ttnn/mlp_block.py`.

`import ttnn` resolves to tensix.ttnn under `tensix run` (or the pytest plugin); nothing here is tensix-specific.
Prints the result's agreement with torch and the per-op report (device time and cores of every op)."""

import torch
import ttnn


def main(tokens=64, dim=512, ffn=1024):
    torch.manual_seed(0)
    x = torch.randn(1, 1, tokens, dim, dtype=torch.bfloat16)
    w_gate, w_up = (torch.randn(dim, ffn, dtype=torch.bfloat16) * dim ** -0.5 for _ in range(2))
    w_down = torch.randn(ffn, dim, dtype=torch.bfloat16) * ffn ** -0.5

    device = ttnn.open_device(device_id=0)
    to_dev = lambda t: ttnn.from_torch(t, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    tx, tg, tu, td = map(to_dev, (x, w_gate, w_up, w_down))
    config = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi2, fp32_dest_acc_en=True)

    gate = ttnn.matmul(tx, tg, compute_kernel_config=config)
    up = ttnn.matmul(tx, tu, compute_kernel_config=config)
    hidden = ttnn.multiply(ttnn.silu(gate), up)
    out = ttnn.to_torch(ttnn.matmul(hidden, td, compute_kernel_config=config))

    ref = (torch.nn.functional.silu(x.float() @ w_gate.float()) * (x.float() @ w_up.float())) @ w_down.float()
    pcc = torch.corrcoef(torch.stack([out.float().flatten(), ref.flatten()]))[0, 1].item()
    print(f"output {list(out.shape)} {out.dtype}, PCC against torch float32: {pcc:.5f}")
    ttnn.close_device(device)
    return pcc


if __name__ == "__main__":
    main()
