# Coefficients of the fast erf in cpp/src/activation.cpp (gelu's SIMD path):
#   erf(z) ~ z * P(z^2) / Q(z^2) for |z| <= Z, P, Q of degree 3, Q(0) = 1,
# fitted here by iteratively reweighted linear least squares (Lawson) on a
# dense grid, minimising the maximum absolute error of erf. Then the formula
# is evaluated in float32 (coefficients rounded to float32, Horner in the
# kernel's order) and gelu(x) = 0.5 x (1 + erf(x / sqrt 2)) is checked
# against float64 with the gelu fixture's tolerance (atol 4e-7, rtol 16 u).
# Run: /usr/bin/python3 scripts/fit_erf_rational.py   (numpy only)
import math
import numpy as np

Z = 1.75
erf = np.vectorize(math.erf)


def fit(z_max, dp=3, dq=3, iters=60):
    x = np.linspace(0, z_max, 8001)[1:]
    x = np.sort(np.concatenate([x, 0.5 * z_max * (1 - np.cos(np.linspace(0, np.pi, 4001)[1:]))]))
    t, f = x * x, erf(x) / x
    w = np.ones_like(x)
    for _ in range(iters):
        # x * (P(t) - f Q(t)) = 0 with Q = 1 + q1 t + ...: linear in the coefficients
        a = np.concatenate([np.vander(t, dp + 1, increasing=True),
                            -f[:, None] * np.vander(t, dq + 1, increasing=True)[:, 1:]], axis=1)
        sol, *_ = np.linalg.lstsq(a * (x * w)[:, None], f * x * w, rcond=None)
        p, q = sol[:dp + 1], np.concatenate([[1.0], sol[dp + 1:]])
        err = np.abs(x * np.polyval(p[::-1], t) / np.polyval(q[::-1], t) - erf(x))
        w = w * (err / err.max()) ** 0.3 + 1e-3
        w /= w.max()
    return p.astype(np.float32), q.astype(np.float32), err.max()


def horner32(c, t):
    acc = np.full_like(t, c[-1])
    for k in c[-2::-1]:
        acc = (acc * t + k).astype(np.float32)
    return acc


def main():
    p, q, err64 = fit(Z)
    x = np.linspace(-Z * math.sqrt(2), Z * math.sqrt(2), 2000001).astype(np.float32)
    z = (x * np.float32(0.70710678118654752)).astype(np.float32)
    t = (z * z).astype(np.float32)
    e = (z * horner32(p, t) / horner32(q, t)).astype(np.float32)
    g = (np.float32(0.5) * x * (np.float32(1) + e)).astype(np.float32)
    x64 = x.astype(np.float64)
    want = 0.5 * x64 * (1 + erf(x64 / math.sqrt(2)))
    margin = np.abs(g - want) - (4e-7 + 16 * 2.0 ** -24 * np.abs(want))
    print(f'|z| <= {Z}: float64 max |erf error| {err64:.2e}; float32 gelu worst margin {margin.max():.2e} (<= 0 passes)')
    print('P', ', '.join(f'{v:.9g}f' for v in p))
    print('Q', ', '.join(f'{v:.9g}f' for v in q))


main()
