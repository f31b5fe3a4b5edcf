/* stepview.c: small copies of a step's distributions for the live view. */
#include "config.h"

#include <string.h>

#include "view/stepview.h"

static double
maxd(double a, double b)
{
	return a > b ? a : b;
}

/* Insert token x into pos's rows, kept sorted by max(p, q) descending (ties by
 * id); a token that does not make the cut adds to the rest. */
static void
keep_top(struct stepview_pos *pos, int x, double px, double qx)
{
	double key = maxd(px, qx);
	int i;

	if (pos->nrows == STEPVIEW_ROWS) {
		i = STEPVIEW_ROWS - 1;
		if (maxd(pos->p[i], pos->q[i]) >= key) {
			pos->rest_p += px;
			pos->rest_q += qx;
			return;
		}
		pos->rest_p += pos->p[i];
		pos->rest_q += pos->q[i];
		pos->nrows--;
	}
	for (i = pos->nrows; i > 0 && maxd(pos->p[i - 1], pos->q[i - 1]) < key; i--) {
		pos->id[i] = pos->id[i - 1];
		pos->p[i] = pos->p[i - 1];
		pos->q[i] = pos->q[i - 1];
	}
	pos->id[i] = x;
	pos->p[i] = px;
	pos->q[i] = qx;
	pos->nrows++;
}

void
stepview_capture_pos(struct stepview_pos *pos, const struct pdist *p,
    const struct pdist *q, const struct verify_params *rule)
{
	const struct verify_entry *e;
	size_t x;

	memset(pos, 0, sizeof *pos);
	pos->rule = rule != NULL ? *rule : verify_defaults();
	e = verify_entry(pos->rule.rule);
	for (x = 0; x < p->vocab; x++) {
		double px = pdist_prob(p, x), qx = pdist_prob(q, x);

		if (px > 0.0 || qx > 0.0)
			keep_top(pos, (int)x, px, qx);
		pos->overlap += px < qx ? px : qx;
		pos->resid_mass += px > qx ? px - qx : 0.0;
		if (e->replacement_weight != NULL)
			pos->repl_mass += e->replacement_weight(&pos->rule, px, qx);
	}
	if (e->replacement_weight == NULL)
		pos->repl_mass = -1.0;
}

void
stepview_capture(struct stepview *v, const struct spec_step *step,
    const struct spec_targets *targets, const struct verify_params *rule,
    uint64_t number)
{
	int k;

	v->number = number;
	v->npos = 0;
	for (k = 0; k < step->tested; k++)
		stepview_capture_pos(&v->pos[v->npos++], &targets->p[k], &targets->q[k], rule);
	if (step->accepted == step->gamma)
		stepview_capture_pos(&v->pos[v->npos++], &targets->p[step->gamma],
		    &targets->q[step->gamma], rule);
	for (k = 0; k < step->gamma; k++) {
		v->q_drafted[k] = pdist_prob(&targets->q[k], (size_t)step->drafted[k]);
		v->p_drafted[k] = k < targets->nscored ?
		    pdist_prob(&targets->p[k], (size_t)step->drafted[k]) : -1.0;
	}
}

static double
residual_of(const struct stepview_pos *pos, double p, double q)
{
	const struct verify_entry *e = verify_entry(pos->rule.rule);
	double r;

	if (pos->repl_mass < 0.0)
		return -1.0;
	if (pos->repl_mass <= 0.0)
		return p;
	r = e->replacement_weight(&pos->rule, p, q);
	return r > STEPVIEW_EQUAL * (p > q ? p : q) ? r / pos->repl_mass : 0.0;
}

static double
share_of(const struct stats *st, int id)
{
	if (st == NULL || st->tokens == 0)
		return -1.0;
	return (double)st->spec_hist[id] / (double)st->tokens;
}

/* The rest row: whatever the token rows leave of each total. */
static void
rest_row(const struct stepview_pos *pos, const struct stepview_row *rows, int n,
    const struct stats *st, struct stepview_row *rest)
{
	double p = 1.0, q = 1.0, ov = pos->overlap, res = 1.0, share = 1.0;
	int i;

	for (i = 0; i < n; i++) {
		p -= rows[i].p;
		q -= rows[i].q;
		ov -= rows[i].overlap;
		res -= rows[i].residual;
		share -= rows[i].share;
	}
	rest->id = -1;
	rest->p = maxd(p, 0.0);
	rest->q = maxd(q, 0.0);
	rest->overlap = maxd(ov, 0.0);
	rest->residual = pos->repl_mass < 0.0 ? -1.0 : maxd(res, 0.0);
	rest->share = share_of(st, 0) < 0.0 ? -1.0 : maxd(share, 0.0);
}

int
stepview_rows(const struct stepview_pos *pos, int max_rows, const struct stats *st,
    struct stepview_row *out)
{
	int n = pos->nrows, i;
	int cut = n > max_rows || pos->rest_p + pos->rest_q > 0.0;

	if (cut && n > max_rows - 1)
		n = max_rows - 1;
	for (i = 0; i < n; i++) {
		out[i].id = pos->id[i];
		out[i].p = pos->p[i];
		out[i].q = pos->q[i];
		out[i].overlap = pos->p[i] < pos->q[i] ? pos->p[i] : pos->q[i];
		out[i].residual = residual_of(pos, pos->p[i], pos->q[i]);
		out[i].share = share_of(st, pos->id[i]);
	}
	if (!cut)
		return n;
	rest_row(pos, out, n, st, &out[n]);
	return n + 1;
}

int
stepview_same_target(const struct stepview *a, const struct stepview *b)
{
	const struct stepview_pos *x, *y;

	if (a == NULL || b == NULL || a->npos == 0 || b->npos == 0)
		return 0;
	x = &a->pos[0];
	y = &b->pos[0];
	return x->nrows == y->nrows && memcmp(x->id, y->id, sizeof x->id[0] *
	    (size_t)x->nrows) == 0 && memcmp(x->p, y->p, sizeof x->p[0] *
	    (size_t)x->nrows) == 0;
}

void
stepview_at(const struct spec_step *step, int j, struct stepview_at *at)
{
	memset(at, 0, sizeof *at);
	if (j < 0 || j >= step->ntok)
		return;
	if (j < step->tested) {
		at->drafted = &step->tok[j];
		at->ratio = at->drafted->q > 0.0 ? at->drafted->p / at->drafted->q : 0.0;
		at->emitted = at->drafted->outcome == SPEC_REJECTED ? &step->tok[j + 1] :
		    at->drafted;
		return;
	}
	at->emitted = &step->tok[j];
	at->bonus = at->emitted->outcome == SPEC_BONUS;
}
