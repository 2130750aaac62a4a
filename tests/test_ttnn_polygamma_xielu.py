"""ttnn.polygamma and ttnn.xielu as tt-metal 622c6fb9 runs them (tensix.sfpi.llk_polygamma, through
tensix.ttnn.operations.unary's eltwise_sfpu program).

Three kinds of checks, float32 (fp32 Dst) and bfloat16 (16-bit Dst) each, and on the kernel alone with either Dst:
- bit for bit against a second implementation of each kernel written here in numpy from the C++ source
  (tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_polygamma.h and ckernel_sfpu_xielu.h at
  622c6fb9), lane by lane on float32 bit patterns with the helpers of tests/test_ttnn_unary_special.py (every SFPMAD
  through tensix.sfpu.fma_model.fma, sfpu_reciprocal_iter written out, a bf16-exact literal addend other than 0 / +-1
  added after the product as sfpi 7.60's SFPADDI, the final SFPSTOCHRND to bf16);
- against a float64 transcription of the kernels' algorithms (the 11 exact terms and the Euler-Maclaurin tail; the
  four xIELU branches with the kernel's polynomial and Taylor series), within float32 rounding;
- against the true functions (torch.special.polygamma in float64, ttnn's xIELU golden formula) with the bounds the
  kernels reach (measured, documented per test), and the special inputs: poles, x <= 0 for xIELU, large and small x.
"""

import math

import numpy as np
import pytest
import torch

import tensix.sfpi as sfpi
import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.sfpi import llk
from tensix.sfpi import llk_polygamma as PG
from tensix.sfpu import SfpuState
from tensix.ttnn.errors import TTNNError
from tests.test_ttnn_remainder_fmod import HALF, ONE, add, i32, mad, mul, sub, to_bf16_nearest
from tests.test_ttnn_unary import dev_tensor, logical
from tests.test_ttnn_unary_special import F, assert_bits, bf16_exact, exexp_nb, ge, gt, horner, recip, setexp, vmax

RNG = np.random.default_rng(622)
DTYPES = [ttnn.float32, ttnn.bfloat16]


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def fbits(x) -> int:
    return int(np.float32(x).view(np.uint32))


def scale_of(n):
    """unary_composite_op.cpp polygamma: std::tgamma(1.0f + k) * (k % 2 == 0 ? -1.0f : 1.0f), in float32."""
    return np.float32(math.factorial(n)) * np.float32(-1.0 if n % 2 == 0 else 1.0)


# ---- the kernels, lane by lane on uint32 bit patterns ----------------------------------------------------------------
def madl(p, x, c):
    """p * x + c for a compile-time float c: SFPMUL then SFPADDI for a bf16-exact c other than 0.0 / +-1.0 (those are
    constant registers L9-L11 to sfpi 7.60, so one SFPMAD), else one SFPMAD."""
    c = np.float32(c)
    if bf16_exact(c) and c not in (0.0, 1.0, -1.0):
        return add(mul(p, x), F(c))
    return mad(p, x, F(c))


def ref_polygamma(x, n, fp32, approx=False):
    """calculate_polygamma<approx, fp32> on Dst bits x, scale (-1)^(n+1) n!."""
    x = np.asarray(x, np.uint32)
    newton = 1 if (approx or not fp32) else 2           # sfpu_reciprocal_iter<0> and <1>: one Newton step
    n1, n2, n3, n4, n5 = (np.float32(n + i) for i in range(1, 6))
    inv_nf = np.float32(1) / np.float32(n)
    c_b2 = n1 / np.float32(12)
    c_b4 = -(n1 * n2 * n3) / np.float32(720)
    c_b6 = (n1 * n2 * n3 * n4 * n5) / np.float32(30240)
    total = np.zeros_like(x)
    for k in range(11):
        inv = recip(add(x, F(float(k))), newton)
        p = inv
        for _ in range(1, n):
            p = mul(p, inv)
        total = mad(p, inv, total)                      # the last power's product fused into the sum
    iz = recip(add(x, F(11.0)), newton)
    iz2 = mul(iz, iz)
    izn = iz
    for _ in range(1, n):
        izn = mul(izn, iz)
    e = F(c_b6)
    for c in (c_b4, c_b2, inv_nf):
        e = madl(e, iz2, c)
    w = mad(iz, HALF, e) if n == 1 else add(mul(iz, HALF), e)   # n > 1: SFPMULI, then SFPADD
    total = mad(izn, w, total)
    r = mul(total, F(scale_of(n)))
    return r if fp32 else to_bf16_nearest(r)


XIELU_P = [np.float32(c) for c in PG.XIELU_EXPM1_POLY]
TAYLOR = [np.uint32(ONE), np.uint32(ONE), 0.5] + [np.float32(1) / np.float32(d) for d in (6, 24, 120, 720, 5040)]


def ref_neg_exp(x):
    """_sfpu_neg_exp_f32_: x/ln2 clamped at -126.5 (SFPSWAP), rounded by +- 0x4B400000, Cody-Waite, Taylor to r^7
    (the 0.5 step SFPMUL + SFPADDI), exponent + k."""
    z = vmax(F(-126.5), mul(x, F(1.4426950408889634)))
    c231 = np.uint32(0x4B400000)
    tmp = add(z, c231)
    k = sub(tmp, c231)
    k_int = i32(tmp).astype(np.int64) - 0x4B400000
    r = mad(k, F(-0.6931152343750000), x)
    r = mad(k, F(-3.19461832987e-05), r)
    p = horner(r, TAYLOR)
    return setexp(p, exexp_nb(p) + k_int)


def ref_xielu(x, alpha_p, alpha_n, fp32):
    """calculate_xielu<false, fp32>: the four branches, each alpha * term + 0.5 x in one SFPMAD."""
    x = np.asarray(x, np.uint32)
    ap, an = F(alpha_p), F(alpha_n)
    beta = mul(x, HALF)
    pos = mad(mul(ap, x), x, beta)
    tiny = mad(an, sub(F(-0.0000009999995427), x), beta)
    small = mad(an, mul(mul(x, x), horner(x, XIELU_P)), beta)
    large = mad(an, sub(sub(ref_neg_exp(x), ONE), x), beta)
    r = np.where(gt(x, 0.0), pos, np.where(ge(x, -1e-6), tiny, np.where(gt(x, -0.5), small, large)))
    r = r.astype(np.uint32)
    return r if fp32 else to_bf16_nearest(r)


# ---- float64 transcriptions of the algorithms and the true functions -------------------------------------------------
def alg_polygamma(x, n):
    """The kernel's formula in float64: (-1)^(n+1) n! (sum_{k<11} (x+k)^-(n+1) + z^-n (1/n + (n+1)/12 z^-2 - (n+1)(n+2)
    (n+3)/720 z^-4 + (n+1)..(n+5)/30240 z^-6 + 1/(2z))), z = x + 11."""
    x = np.asarray(x, np.float64)
    s = sum((x + k) ** -(n + 1) for k in range(11))
    z = x + 11
    e = (1 / n + (n + 1) / 12 * z ** -2 - (n + 1) * (n + 2) * (n + 3) / 720 * z ** -4
         + (n + 1) * (n + 2) * (n + 3) * (n + 4) * (n + 5) / 30240 * z ** -6)
    return float(scale_of(n)) * (s + z ** -n * (e + 0.5 / z))


def true_polygamma(x, n):
    return torch.special.polygamma(n, torch.from_numpy(np.asarray(x, np.float64))).numpy()


def alg_xielu(x, ap, an):
    """The kernel's branches in float64: its expm1(x) - x polynomial on (-0.5, -1e-6), expm1 below -0.5 (the Taylor
    exp to r^7 is float32-accurate), expm1(-1e-6) - x from -1e-6 to 0."""
    x = np.asarray(x, np.float64)
    ap, an = float(np.float32(ap)), float(np.float32(an))
    poly = sum(float(c) * x ** i for i, c in enumerate(XIELU_P))
    neg = np.where(x >= -1e-6, float(np.float32(-0.0000009999995427)) - x,
                   np.where(x > -0.5, x * x * poly, np.expm1(x) - x))
    return np.where(x > 0, ap * x * x + 0.5 * x, an * neg + 0.5 * x)


def true_xielu(x, ap, an):
    """tt-metal 622c6fb9 ttnn/ttnn/operations/unary.py _golden_function_xielu, in float64."""
    x = np.asarray(x, np.float64)
    ap, an = float(np.float32(ap)), float(np.float32(an))
    return np.where(x > 0, ap * x * x + 0.5 * x, an * np.expm1(np.minimum(x, -1e-6)) - an * x + 0.5 * x)


# ---- helpers ---------------------------------------------------------------------------------------------------------
def kernel(op, x, fp32, runtime, approx=False):
    """UNARY_FORK[op]'s init and tile program on the SFPU model, one tile per 32x32 block of x (float32), either Dst
    width: (the input bits as Dst holds them, the output bits as float32 patterns)."""
    spec = llk.UNARY_FORK[op]
    tiles = np.asarray(x, np.float32).reshape(-1, 32, 32)
    bits = tiles.view(np.uint32) if fp32 else (tiles.view(np.uint32) >> 16).astype(np.uint32)
    state = SfpuState(1)
    state.set_sfpu_fp32(fp32)
    sfpi.map_tiles(spec.init, bits[:1], *spec.init_args(approx, ()), fp32_dest=fp32, state=state)
    out = sfpi.map_tiles(spec.program, bits, approx, fp32, *runtime, fp32_dest=fp32, state=state).tiles
    out = out.astype(np.uint32)
    if not fp32:
        return (bits << 16).astype(np.uint32), (out << 16).astype(np.uint32)
    return bits, out


def run(device, fn, x, dtype, *args, **kw):
    t = dev_tensor(device, x, dtype)
    xin = np.ascontiguousarray(ttnn.to_numpy(t), np.float32)
    out = np.ascontiguousarray(ttnn.to_numpy(fn(t, *args, **kw)), np.float32)
    return xin.view(np.uint32), out.view(np.uint32)


def f32(b):
    with np.errstate(invalid="ignore"):     # the kernels' NaNs may be signalling ones (test_xielu_exp_window)
        return np.asarray(b, np.uint32).view(np.float32).astype(np.float64)


def pg_inputs(shape=(2, 32, 32), lo=0.05, hi=30.0):
    x = np.exp(RNG.uniform(np.log(lo), np.log(hi), size=shape)).astype(np.float32)
    x.reshape(-1)[:16] = [1.0, 2.0, 0.5, 1e-3, 3e-4, 10.0, 100.0, 1000.0, 0.0, -0.0, -1.0, -0.5, -2.5, -7.25,
                          -10.75, 7.0]
    return x


def xielu_inputs(shape=(2, 32, 32)):
    x = (RNG.standard_normal(size=shape) * 3).astype(np.float32)
    edge = [0.0, -0.0, 1e-30, -1e-30, -1e-7, -1e-6, -1.0000001e-6, -2e-6, -0.25, -0.49999997, -0.5, -0.50000006, -1.0,
            -10.0, -87.0, -88.7, -100.0, -1e4, -3e38, 3e18, 1e-3, 0.5, 2.0, 100.0]
    x.reshape(-1)[:len(edge)] = edge
    return x


# ---- polygamma -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("approx", [False, True])
@pytest.mark.parametrize("fp32", [True, False])
@pytest.mark.parametrize("n", [1, 2, 4, 5, 7, 8, 11])
def test_polygamma_kernel_is_the_c_bit_for_bit(n, fp32, approx):
    """Either Dst width and APPROX (sfpu_reciprocal_iter<0/1/2>); n = 2, 4, 5, 8, 11 have bf16-exact tail coefficients
    (SFPADDI steps), n = 1, 5, 7, 11 coefficients of +-1 (constant registers, fused)."""
    xin, out = kernel("polygamma", pg_inputs(), fp32, (fbits(n), fbits(scale_of(n))), approx)
    want = ref_polygamma(xin, n, fp32, approx)
    assert_bits(out, want, True)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [1, 2, 5, 10, 11])
def test_polygamma_ttnn(device, dtype, k):
    """ttnn.polygamma on an odd shape (tile padding): the kernel's bits, its float64 algorithm within float32
    rounding, and torch's polygamma (of the input as the device holds it) within the kernel's error (measured: float32
    at most 1.0e-6 relative on [0.05, 30]; bfloat16 the one-step reciprocals' error and the bf16 rounding)."""
    fp32 = dtype == ttnn.float32
    x = pg_inputs((3, 37, 45))
    xin, out = run(device, ttnn.polygamma, x, dtype, k)
    shape = x.shape
    xin, out = logical(xin, shape), logical(out, shape)
    assert_bits(out, ref_polygamma(xin, k, fp32), True)
    ok = f32(xin) > 0.04
    got = f32(out)[ok]
    alg = alg_polygamma(f32(xin)[ok], k)
    truth = true_polygamma(f32(xin)[ok], k)
    if fp32:
        # the algorithm: 11 reciprocals (<= 1 ulp each) raised to the (k+1)-th power and summed, then one rounding
        assert np.abs(got / alg - 1).max() < (k + 4) * 2.0 ** -23
        assert np.abs(got / truth - 1).max() < 1.5e-6
    else:
        # a 16-bit Dst runs sfpu_reciprocal_iter<1>: one Newton step leaves about 1.0e-4 relative per reciprocal
        # (measured 1.02e-4), the (k+1)-th power multiplies it; then the bf16 rounding (2^-8)
        bound = 2.0 ** -8 + (k + 1) * 1.1e-4
        assert np.abs(got / alg - 1).max() <= bound
        assert np.abs(got / truth - 1).max() <= bound


def test_polygamma_poles_and_extremes(device):
    """x = 0, -1, ...: 1/0 is +-inf in the sum (the sign of the zero: -0 + 0 is +0 in the first term), the result
    +-inf times the scale's sign; negative non-integers: the same series (valid for any x + 11 > 0); large x: the
    terms and the tail shrink (no overflow), and torch agrees within float32's error while the result is normal."""
    x = np.array([0.0, -0.0, -1.0, -2.0, -0.5, -2.5, -7.25, 1e3, 1e4, 3e-4], np.float32)
    x = np.resize(x, (32, 32))
    for k in (1, 2, 11):
        xin, out = run(device, ttnn.polygamma, x, ttnn.float32, k)
        got = f32(out).reshape(32, 32)[0, :10]
        sign = 1 if k % 2 else -1
        assert np.all(np.isinf(got[:4])) and np.all(np.sign(got[:4]) == sign)
        truth = true_polygamma(x[0, :10].astype(np.float64), k)
        normal = (np.abs(truth) < 3.4e38) & (np.abs(truth) > 1e-30)
        normal[:4] = False
        rel = np.abs(got[normal] / truth[normal] - 1)
        assert rel.max() < 2e-6, (x[0, :10][normal], got[normal], truth[normal])
        over = np.abs(truth) >= 3.4e38        # k = 11 at x = 3e-4: 1/x^12 overflows float32: +-inf
        over[:4] = False
        assert np.all(np.isinf(got[over])) and np.all(np.sign(got[over]) == np.sign(truth[over]))


def test_polygamma_order_range_is_refused(device):
    """unary_composite_op.cpp: TT_FATAL(k >= 1 && k <= 11); the binding takes k as an int."""
    t = dev_tensor(device, np.ones((32, 32), np.float32), ttnn.bfloat16)
    for k in (0, 12, -1):
        with pytest.raises(TTNNError, match=r"polygamma order must be in range \[1, 11\], got"):
            ttnn.polygamma(t, k)
    with pytest.raises(TypeError):
        ttnn.polygamma(t, 2.0)
    with pytest.raises(TypeError):
        ttnn.polygamma(t, 2, output_tensor=t)
    with pytest.raises(NotModelledError, match="polygamma_tile"):
        kernel("polygamma", np.ones((32, 32), np.float32), True, (fbits(0.0), fbits(1.0)))
    with pytest.raises(NotModelledError, match="polygamma_tile"):
        kernel("polygamma", np.ones((32, 32), np.float32), True, (fbits(12.0), fbits(1.0)))


def test_polygamma_chain_params_and_integers(device):
    """UnaryOpType.POLYGAMMA in a chain needs its two params (n, scale); integer inputs are refused."""
    x = pg_inputs((32, 32))
    t = dev_tensor(device, x, ttnn.float32)
    direct = ttnn.to_numpy(ttnn.polygamma(t, 3))
    chain = ttnn.to_numpy(ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.POLYGAMMA, 3.0,
                                                                    float(scale_of(3)))]))
    assert np.array_equal(direct.view(np.uint32), chain.view(np.uint32))
    with pytest.raises(TTNNError, match="POLYGAMMA"):
        ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.POLYGAMMA)])
    with pytest.raises(TTNNError, match="2 parameters"):
        ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.POLYGAMMA, 3.0)])
    ti = ttnn.from_numpy(np.ones((32, 32), np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="POLYGAMMA"):
        ttnn.polygamma(ti, 2)


def test_polygamma_constants_are_float32():
    """c_b2 = n1 / 12.0f and the others in float32 (the C++ floats), e.g. n = 1: 2/12 rounds to 0x3E2AAAAB."""
    inv_nf, c_b2, c_b4, c_b6 = PG.polygamma_constants(1)
    assert (fbits(inv_nf), fbits(c_b2)) == (0x3F800000, 0x3E2AAAAB)
    assert fbits(c_b4) == fbits(np.float32(-24.0) / np.float32(720.0))
    assert fbits(c_b6) == fbits(np.float32(720.0) / np.float32(30240.0))
    assert PG.polygamma_constants(7)[2] == -1.0 and PG.polygamma_constants(5)[3] == 1.0


# ---- xielu -----------------------------------------------------------------------------------------------------------
ALPHAS = [(0.8, 0.8), (0.3, 0.1), (0.5, 1.0), (1.0, 0.5)]
# where the kernel's exp is wrong (test_xielu_exp_window): the float comparisons leave it out, the bit checks do not
XIELU_BAD = (-91.0, -88.0)


@pytest.mark.parametrize("fp32", [True, False])
@pytest.mark.parametrize("alpha_p,alpha_n", ALPHAS)
def test_xielu_kernel_is_the_c_bit_for_bit(fp32, alpha_p, alpha_n):
    xin, out = kernel("xielu", xielu_inputs(), fp32, (fbits(alpha_p), fbits(alpha_n)))
    assert_bits(out, ref_xielu(xin, alpha_p, alpha_n, fp32), True)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("alpha_p,alpha_n", ALPHAS)
def test_xielu_ttnn(device, dtype, alpha_p, alpha_n):
    """ttnn.xielu on an odd shape: the kernel's bits; its float64 branches within float32 rounding (a few ulp of the
    magnitudes involved: alpha_n |term| and |x| / 2); the golden formula with the bound the kernel reaches (float32:
    rel 2e-5 + abs 2e-6, the cancellation of expm1(x) - x just below -0.5 and the polynomial's fit; bfloat16: one
    bf16 rounding)."""
    fp32 = dtype == ttnn.float32
    x = xielu_inputs((2, 45, 70))
    xin, out = run(device, ttnn.xielu, x, dtype, alpha_p=alpha_p, alpha_n=alpha_n)
    xin, out = logical(xin, x.shape), logical(out, x.shape)
    assert_bits(out, ref_xielu(xin, alpha_p, alpha_n, fp32), True)
    xs, got = f32(xin), f32(out)
    fin = np.isfinite(xs) & (np.abs(xs) < 1e18) & ~((xs >= XIELU_BAD[0]) & (xs <= XIELU_BAD[1]))
    xs, got = xs[fin], got[fin]
    alg, truth = alg_xielu(xs, alpha_p, alpha_n), true_xielu(xs, alpha_p, alpha_n)
    mag = np.abs(xs) * (0.5 + max(alpha_p, alpha_n) * (1 + np.abs(xs)))
    if fp32:
        assert np.all(np.abs(got - alg) <= 8 * 2.0 ** -24 * mag + 1e-12)
        assert np.all(np.abs(got - truth) <= 2e-5 * np.abs(truth) + 2e-6)
    else:
        assert np.all(np.abs(got - truth) <= 2.0 ** -8 * np.abs(truth) + 2.0 ** -8 * mag * 2.0 ** -7 + 1e-6)


def test_xielu_branch_edges(device):
    """x = 0 and -0 take the eps branch (x > 0 is false): alpha_n expm1(-1e-6) exactly as Prgm2; -1e-6 itself too
    (x >= Prgm1), -1.0000001e-6 the polynomial; -0.5 the exp branch (x > -0.5 false); very negative x: exp
    underflows (the clamp at -126.5 / ln2 ... gives 0 or a tiny value) and the result is (alpha_n - 0.5) |x| - alpha_n
    without NaN; positive x: alpha_p x^2 + x / 2."""
    ap, an = 0.8, 0.8
    x = np.resize(np.array([0.0, -0.0, -1e-6, -1.0000001e-6, -0.5, -1e4, -3e38, 2.0], np.float32), (32, 32))
    xin, out = run(device, ttnn.xielu, x, ttnn.float32, alpha_p=ap, alpha_n=an)
    got = out.view(np.float32)[0, :8].astype(np.float64)
    an32 = float(np.float32(an))
    prgm2 = float(np.float32(-0.0000009999995427))
    assert got[0] == got[1] == np.float32(an32 * prgm2)
    assert np.isclose(got[2], an32 * (prgm2 + 1e-6) - 0.5e-6, rtol=1e-5, atol=1e-12)
    assert np.isfinite(got).all()
    assert np.isclose(got[5], (an32 - 0.5) * 1e4 - an32, rtol=1e-6)
    assert np.isclose(got[6], float(np.float32(np.float32(an32) * np.float32(3e38 - 1) - np.float32(1.5e38))),
                      rtol=1e-6)
    assert got[7] == float(np.float32(np.float32(np.float32(ap) * 2.0) * 2.0 + 1.0))


def test_xielu_defaults_strings_and_chains(device):
    """Defaults alpha_p = alpha_n = 0.8 (keyword-only, as the binding); the "xielu" activation string is
    UnaryWithParam(XIELU, 0.8, 0.8); a chain without params is refused; integer inputs are refused."""
    x = xielu_inputs((32, 32))
    t = dev_tensor(device, x, ttnn.bfloat16)
    a = ttnn.to_numpy(ttnn.xielu(t)).view(np.uint32)
    b = ttnn.to_numpy(ttnn.xielu(t, alpha_p=0.8, alpha_n=0.8)).view(np.uint32)
    c = ttnn.to_numpy(ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.XIELU, 0.8, 0.8)])).view(np.uint32)
    d = ttnn.to_numpy(ttnn.unary_chain(t, ["xielu"])).view(np.uint32)
    assert np.array_equal(a, b) and np.array_equal(a, c) and np.array_equal(a, d)
    with pytest.raises(TypeError):
        ttnn.xielu(t, 0.8)
    with pytest.raises(TTNNError, match="XIELU"):
        ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.XIELU)])
    ti = ttnn.from_numpy(np.ones((32, 32), np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="XIELU"):
        ttnn.xielu(ti)


def test_xielu_output_tensor_and_row_major(device):
    """The preallocated output and a row-major tensor run the same program."""
    x = xielu_inputs((32, 64))
    t = dev_tensor(device, x, ttnn.float32)
    want = ttnn.to_numpy(ttnn.xielu(t, alpha_p=0.3, alpha_n=0.1)).view(np.uint32)
    out = ttnn.zeros_like(t)
    ttnn.xielu(t, alpha_p=0.3, alpha_n=0.1, output_tensor=out)
    assert np.array_equal(ttnn.to_numpy(out).view(np.uint32), want)
    trm = dev_tensor(device, x, ttnn.float32, layout=ttnn.ROW_MAJOR_LAYOUT)
    got = ttnn.to_numpy(ttnn.xielu(trm, alpha_p=0.3, alpha_n=0.1)).view(np.uint32)
    assert np.array_equal(got, want)


def test_xielu_exp_window(device):
    """_sfpu_neg_exp_f32_ clamps x / ln2 at -126.5 (k = -126) but keeps r = x - k ln2, so below x = -87.68 the Taylor
    series runs on r < -0.34 and p = exp(r) has an exponent below 126: exexp(p) + k_int is negative and setexp keeps
    its low 8 bits (255, 254, ...). From about x = -88.03 to -90.97 the C++ kernel's exp is NaN or ~1e37 (its caller
    has no underflow check, unlike softplus_exp_negative), so ttnn.xielu returns NaN / huge values there; below, p's
    exponent is large again and exp is a harmless tiny number. tensix computes what the kernel computes (the bit-exact
    reference above agrees), not the golden's value."""
    x = np.resize(np.array([-88.0, -88.1, -88.5, -88.7, -90.0, -92.0, -100.0], np.float32), (32, 32))
    xin, out = run(device, ttnn.xielu, x, ttnn.float32)
    got = out.view(np.float32)[0, :7].astype(np.float64)
    assert_bits(out, ref_xielu(xin, 0.8, 0.8, True), True)
    truth = true_xielu(x[0, :7].astype(np.float64), 0.8, 0.8)
    assert np.allclose(got[[0, 5, 6]], truth[[0, 5, 6]], rtol=1e-6)
    assert np.isnan(got[1:4]).all() and got[4] > 1e37
