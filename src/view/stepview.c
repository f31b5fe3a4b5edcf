/* stepview.c: small copies of a step's distributions for the live view. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"
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

/* d's values: its own when dense, else written out into *tmp (allocated). */
static const double *
dense_values(const struct pdist *d, double **tmp)
{
	if (d->form == PDIST_DENSE)
		return d->u.dense;
	*tmp = xreallocarray(NULL, d->vocab, sizeof **tmp);
	pdist_densify(d, *tmp);
	return *tmp;
}

void
stepview_capture_pos(struct stepview_pos *pos, const struct pdist *p,
    const struct pdist *q, const struct verify_params *rule)
{
	const struct verify_entry *e;
	double *ptmp = NULL, *qtmp = NULL;
	const double *pv = dense_values(p, &ptmp), *qv = dense_values(q, &qtmp);
	size_t x;

	memset(pos, 0, sizeof *pos);
	pos->rule = rule != NULL ? *rule : verify_defaults();
	e = verify_entry(pos->rule.rule);
	for (x = 0; x < p->vocab; x++) {
		double px = pv[x], qx = qv[x];

		if (px > 0.0 || qx > 0.0)
			keep_top(pos, (int)x, px, qx);
		pos->overlap += px < qx ? px : qx;
		pos->resid_mass += px > qx ? px - qx : 0.0;
		if (e->replacement_weight != NULL)
			pos->repl_mass += e->replacement_weight(&pos->rule, px, qx);
	}
	if (e->replacement_weight == NULL)
		pos->repl_mass = -1.0;
	free(ptmp);
	free(qtmp);
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

static void
token_row(const struct stepview_pos *pos, int id, double p, double q,
    const struct stats *st, struct stepview_row *out)
{
	out->id = id;
	out->p = p;
	out->q = q;
	out->overlap = p < q ? p : q;
	out->residual = residual_of(pos, p, q);
	out->share = share_of(st, id);
}

static int
kept_index(const struct stepview_pos *pos, int id)
{
	int i;

	for (i = 0; i < pos->nrows; i++)
		if (pos->id[i] == id)
			return i;
	return -1;
}

/* Which kept rows show (show[i]) and which pins come from outside them (extra),
 * in room rows: the pins first, then the kept rows by rank. Returns the
 * number of extra pins. */
static int
choose_rows(const struct stepview_pos *pos, int room, const struct stepview_pin *pin,
    int npin, int *show, struct stepview_pin *extra)
{
	int i, k, used = 0, nextra = 0;

	memset(show, 0, sizeof show[0] * STEPVIEW_ROWS);
	for (k = 0; k < npin && used < room; k++) {
		if ((i = kept_index(pos, pin[k].id)) >= 0) {
			used += !show[i];
			show[i] = 1;
		} else if (nextra == 0 || extra[0].id != pin[k].id) {
			extra[nextra++] = pin[k];
			used++;
		}
	}
	for (i = 0; i < pos->nrows && used < room; i++)
		if (!show[i]) {
			show[i] = 1;
			used++;
		}
	return nextra;
}

int
stepview_rows(const struct stepview_pos *pos, int max_rows, const struct stats *st,
    const struct stepview_pin *pin, int npin, struct stepview_row *out)
{
	struct stepview_pin extra[STEPVIEW_PINS];
	int show[STEPVIEW_ROWS], n = pos->nrows, i, e = 0, m = 0, nextra;
	int cut = n > max_rows || pos->rest_p + pos->rest_q > 0.0;

	nextra = choose_rows(pos, cut && n > max_rows - 1 ? max_rows - 1 : n, pin,
	    npin < STEPVIEW_PINS ? npin : STEPVIEW_PINS, show, extra);
	for (i = 0; i <= n; i++) {
		/* a pin from outside the kept rows ranks below every kept row */
		if (i == n)
			while (e < nextra) {
				token_row(pos, extra[e].id, extra[e].p, extra[e].q, st, &out[m++]);
				e++;
			}
		else if (show[i])
			token_row(pos, pos->id[i], pos->p[i], pos->q[i], st, &out[m++]);
	}
	if (!cut)
		return m;
	rest_row(pos, out, m, st, &out[m]);
	return m + 1;
}

int
stepview_rows_wanted(const struct stepview_pos *pos)
{
	return pos->nrows + (pos->rest_p + pos->rest_q > 0.0);
}

int
stepview_fold_head(int room, int want)
{
	return want > room && want <= room + 1;
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
