/* dense.h: the working vectors of the tree rules: weights over a vocabulary,
 * or over a list of ascending token ids (the union of two sparse lists'
 * entries, every other token 0). Each pass goes one token at a time in token
 * order, so over the entries it adds the same nonzero terms in the same order
 * as over the vocabulary, and gives the same bits. */
#ifndef SPECDEC_DENSE_H
#define SPECDEC_DENSE_H

#include <stddef.h>
#include <stdint.h>

struct rng;
struct sparse_dist;

/* P <- norm(max(0, a P - Q)), the mass before the normalisation returned (P
 * unchanged when it is 0). */
double dense_residual(double *P, const double *Q, size_t n, double a);

/* out <- norm(max(0, a P - Q)) without changing P (out may be P), the mass
 * returned; out unchanged when it is 0. */
double dense_residual_into(double *out, const double *P, const double *Q, size_t n,
    double a);

/* Q(x) <- 0 (nothing to set when x >= n), the rest renormalised; the mass
 * left before. */
double dense_remove(double *Q, size_t n, size_t x);

/* A sample of the dense weights P (any positive total). */
size_t dense_sample(const double *P, size_t n, struct rng *rng);

/* A token drawn from the n weights w at tokens ids (NULL: 0..n-1) of a
 * vocabulary of vocab: dense_sample's token on the dense vector. */
size_t dense_sample_at(const double *w, const uint32_t *ids, size_t n, size_t vocab,
    struct rng *rng);

/* sum min(p, q) over n tokens, one at a time (dist_overlap sums in lanes and
 * caps at 1). */
double dense_overlap(const double *p, const double *q, size_t n);

/* The entry of token x among n ascending ids (ids NULL: the vocabulary, x
 * itself), n when it is not there. */
size_t dense_index(const uint32_t *ids, size_t n, size_t x);

/* The union of two sparse lists' ids, ascending, into ids (a->n + b->n
 * room); its length. */
size_t dense_union(const struct sparse_dist *a, const struct sparse_dist *b,
    uint32_t *ids);

/* d's probabilities at the n ascending tokens ids into out. */
void dense_gather(const struct sparse_dist *d, const uint32_t *ids, size_t n,
    double *out);

#endif
