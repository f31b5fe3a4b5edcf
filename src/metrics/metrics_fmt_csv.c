/* metrics_fmt_csv.c: a plain CSV of acceptance by position: a header
 * "position,accepted,drafts" (counts) or "position,rate" (unconditional rates),
 * then one row per position from 1; lines starting with '#' are comments. */
#include "config.h"

#include <string.h>

#include "metrics/metrics_convention.h"
#include "metrics/metrics_text.h"

/* The columns; the reader's state holds each one's place (-1: absent), then
 * whether the header was read. */
enum { COL_POSITION, COL_ACCEPTED, COL_DRAFTS, COL_RATE, NCOLS, HEADER_READ = NCOLS };

/* The header: which column is which. */
static int
csv_header(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	static const char *const names[NCOLS] = { "position", "accepted", "drafts", "rate" };
	const char *s = line, *t;
	int col = 0, k;

	for (k = 0; k < NCOLS; k++)
		a->reader[k] = -1;
	while (s <= end) {
		for (t = s; t < end && *t != ','; t++)
			;
		for (k = 0; k < NCOLS; k++)
			if ((size_t)(t - s) == strlen(names[k]) &&
			    memcmp(s, names[k], (size_t)(t - s)) == 0 && a->reader[k] < 0)
				break;
		if (k == NCOLS) {
			*why = "a CSV column other than position, accepted, drafts, rate";
			return -1;
		}
		a->reader[k] = col++;
		s = t + 1;
	}
	if (a->reader[COL_POSITION] < 0 || (a->reader[COL_RATE] < 0 &&
	    (a->reader[COL_ACCEPTED] < 0 || a->reader[COL_DRAFTS] < 0))) {
		*why = "a CSV header without position and either accepted and drafts or rate";
		return -1;
	}
	a->reader[HEADER_READ] = 1;
	a->pos_rates = a->reader[COL_ACCEPTED] < 0;
	return 0;
}

/* A row's numbers by column of the header into v; -1 with *why. */
static int
csv_numbers(const struct metrics_acc *a, const char *line, const char *end, double *v,
    const char **why)
{
	const char *s = line;
	double x;
	int col, k, ncols = 0;

	for (col = 0; s <= end; col++) {
		if (metrics_number(&s, end, &x) != 0 || (s < end && *s != ',')) {
			*why = "a CSV row that is not numbers separated by commas";
			return -1;
		}
		for (k = 0; k < NCOLS; k++)
			if (a->reader[k] == col)
				v[k] = x;
		s++;
	}
	for (k = 0; k < NCOLS; k++)
		ncols += a->reader[k] >= 0;
	if (col != ncols) {
		*why = "a CSV row whose columns are not the header's";
		return -1;
	}
	return 0;
}

static int
csv_row(struct metrics_acc *a, const char *line, const char *end, const char **why)
{
	double v[NCOLS] = { 0, 0, 0, 0 };
	int i;

	if (csv_numbers(a, line, end, v, why) != 0)
		return -1;
	if (!metrics_is_count(v[COL_POSITION]) || v[COL_POSITION] < 1 ||
	    v[COL_POSITION] > METRICS_POS_MAX) {
		*why = "a position that is not an integer from 1 to 64";
		return -1;
	}
	i = (int)v[COL_POSITION] - 1;	/* in range: checked first */
	if (a->pos_n[i] > 0) {
		*why = "a position given in two rows (each position has one row)";
		return -1;
	}
	if (a->pos_rates ? !(v[COL_RATE] >= 0.0 && v[COL_RATE] <= 1.0) :
	    !metrics_is_count(v[COL_ACCEPTED]) || !metrics_is_count(v[COL_DRAFTS]) ||
	    v[COL_ACCEPTED] > v[COL_DRAFTS]) {
		*why = a->pos_rates ? "a rate that is not in [0, 1]" :
		    "accepted and drafts that are not counts with accepted <= drafts";
		return -1;
	}
	a->pos[i] += a->pos_rates ? v[COL_RATE] : v[COL_ACCEPTED];
	a->pos_drafts[i] += v[COL_DRAFTS];
	a->pos_n[i]++;
	if (i + 1 > a->npos)
		a->npos = i + 1;
	a->records++;
	return 0;
}

static int
csv_line(const struct metrics_reader *r, const char *line, size_t len, const char **why)
{
	if (len == 0 || line[0] == '#')
		return 0;
	if (!r->acc->reader[HEADER_READ])
		return csv_header(r->acc, line, line + len, why);
	return csv_row(r->acc, line, line + len, why);
}

/* The drafts column: the same draft steps at every position. */
static int
csv_drafts(const struct metrics_acc *a, struct metrics *m, char *err, size_t errlen)
{
	int i;

	for (i = 1; i < a->npos; i++)
		if (a->pos_drafts[i] != a->pos_drafts[0])
			return metrics_refuse(err, errlen, "the drafts column differs between "
			    "positions: each position is tested over the same draft steps");
	m->drafts = a->pos_drafts[0];
	if (!(m->drafts > 0.0))
		return metrics_refuse(err, errlen, "no drafts counted");
	return 0;
}

static int
csv_finish(const struct metrics_format_entry *self, const struct metrics_acc *a,
    struct metrics *m, int hint, char *err, size_t errlen)
{
	if (!a->pos_rates && a->npos < 1)
		return metrics_refuse(err, errlen, "a CSV header and no rows");
	if (!a->pos_rates && csv_drafts(a, m, err, errlen) != 0)
		return -1;
	if (a->npos == 0)
		return metrics_finish_totals_or_rates(self, a, m, hint, err, errlen);
	return metrics_finish_positions(a, m, 0.0, err, errlen);
}

const struct metrics_format_entry metrics_fmt_csv = {
	.name = "csv",
	.system = "CSV",
	.mark = "position",
	.mark_at = METRICS_MARK_FIELD,
	.line = csv_line,
	.finish = csv_finish,
};
