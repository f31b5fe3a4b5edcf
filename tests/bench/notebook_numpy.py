#!/usr/bin/env python3
# notebook_numpy.py [VOCAB [STEPS]]: the reference notebook's numpy code
# (/work/shared/reference/speculative_decoding_notebook.txt, "Speculative sampling
# loop" and "Distributional equivalence"), copied as the notebook writes it, with only
# VOCAB and N_STEPS taken from the command line, timed in CPU time. It is what
# docs/performance.md compares `specdec --batch` with: both run STEPS speculative
# steps at gamma 4 and noise 0.3, then a target-only reference stream of as many
# tokens, then the TV distance between the two. It prints the CPU time (user +
# system, time.process_time) of the speculative loop alone and of the whole
# computation (both loops and the TV), per speculative step, in microseconds;
# numpy's import and start-up are outside both. A benchmark, not a test.
import sys
import time
from collections import Counter

import numpy as np

VOCAB = int(sys.argv[1]) if len(sys.argv) > 1 else 20
N_STEPS = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
GAMMA = 4


def target_dist(rng: np.random.Generator) -> np.ndarray:
    logits = rng.normal(0, 1.0, size=VOCAB)
    probs = np.exp(logits - logits.max())
    return probs / probs.sum()


def draft_dist(target: np.ndarray, rng: np.random.Generator, noise: float = 0.3) -> np.ndarray:
    perturbation = rng.normal(0, noise, size=VOCAB)
    logits = np.log(target + 1e-12) + perturbation
    p = np.exp(logits - logits.max())
    return p / p.sum()


accept_trials = 0
accept_hits = 0


def speculative_step(rng: np.random.Generator) -> tuple[list[int], int]:
    '''Return the accepted tokens and how many were generated this step.'''
    global accept_trials, accept_hits
    target = target_dist(rng)
    draft = draft_dist(target, rng)

    accepted: list[int] = []
    drafted = rng.choice(VOCAB, size=GAMMA, p=draft)
    for x in drafted:
        p_t = float(target[x])
        q_d = float(draft[x])
        u = rng.random()
        accept_trials += 1
        if u < p_t / max(q_d, 1e-12):
            accept_hits += 1
            accepted.append(int(x))
        else:
            residual = np.clip(target - draft, 0, None)
            residual = residual / max(residual.sum(), 1e-12)
            accepted.append(int(rng.choice(VOCAB, p=residual)))
            return accepted, len(accepted)
    accepted.append(int(rng.choice(VOCAB, p=target)))
    return accepted, len(accepted)


def target_only_step(rng: np.random.Generator) -> int:
    target = target_dist(rng)
    return int(rng.choice(VOCAB, p=target))


def empirical(tokens: list[int]) -> np.ndarray:
    c = Counter(tokens)
    total = len(tokens)
    return np.array([c.get(i, 0) / total for i in range(VOCAB)])


t0 = time.process_time()
rng_spec = np.random.default_rng(0)
rng_ref = np.random.default_rng(0)
spec_tokens: list[int] = []
ref_tokens: list[int] = []
tokens_per_step: list[int] = []
for _ in range(N_STEPS):
    toks, n = speculative_step(rng_spec)
    spec_tokens.extend(toks)
    tokens_per_step.append(n)
t1 = time.process_time()
for _ in range(len(spec_tokens)):
    ref_tokens.append(target_only_step(rng_ref))
tv = 0.5 * np.abs(empirical(spec_tokens) - empirical(ref_tokens)).sum()
t2 = time.process_time()

print(f"vocab {VOCAB} steps {N_STEPS} tok/step {float(np.mean(tokens_per_step)):.3f} "
      f"tv {tv:.4f} alpha-hat {accept_hits / accept_trials:.3f}")
print(f"us/step spec-loop {1e6 * (t1 - t0) / N_STEPS:.2f} "
      f"whole {1e6 * (t2 - t0) / N_STEPS:.2f}")
