/* tui_pane_header.c: the header line: the program, the source, the parameters,
 * the verification rule, the run state and the step. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"
#include "verify/drafter.h"

/* A rate in steps/s: whole numbers from 10 up, 2 significant digits below. */
static const char *
rate_text(char *buf, size_t len, double r)
{
	snprintf(buf, len, r >= 10.0 ? "%.0f" : "%.2g", r);
	return buf;
}

/* The run state, long (wide) or short: the rate asked for, and the rate achieved
 * when it falls short (or is max). */
static const char *
state_text(const struct tui_view *v, int wide, char *buf, size_t len)
{
	const char *run = wide ? "running " : "";
	char got[32], want[32];

	rate_text(got, sizeof got, v->measured_rate);
	rate_text(want, sizeof want, v->rate);
	if (v->paused)
		snprintf(buf, len, "paused");
	else if (v->rate <= 0.0 && !v->measured)
		snprintf(buf, len, "%smax", run);
	else if (v->rate <= 0.0)
		snprintf(buf, len, wide ? "running max (%s steps/s)" : "max %s/s", got);
	else if (v->short_of_rate)
		snprintf(buf, len, "%s%s of %s steps/s", run, got, want);
	else
		snprintf(buf, len, "%s%s step%s/s", run, want, v->rate == 1.0 ? "" : "s");
	return buf;
}

/* The rule's parameters that its entry shows in the header, after both
 * forms of the rule's field. */
static void
header_params(const struct verify_params *v, char *rule, size_t len, char *rshort,
    size_t slen)
{
	const struct verify_entry *e = verify_entry(v->rule);
	char tmp[64];
	int k;

	for (k = 0; k < VERIFY_PARAMS_MAX && e->params[k].option != NULL; k++) {
		if (e->params[k].header == NULL)
			continue;
		snprintf(tmp, sizeof tmp, " %s=%.2f", e->params[k].header,
		    verify_param_value(v, &e->params[k]));
		strncat(rule, tmp, len - strlen(rule) - 1);
		strncat(rshort, tmp, slen - strlen(rshort) - 1);
	}
}

/* The preset's name and the alpha the noise was solved for, each "" when
 * not set. */
static void
header_setting(const struct tui_view *v, const struct tui_glyphs *g, char *preset,
    size_t plen, char *alpha, size_t alen, char *ashort, size_t slen)
{
	preset[0] = alpha[0] = ashort[0] = '\0';
	if (v->preset != NULL)
		snprintf(preset, plen, "  %s", v->preset);
	if (v->target_alpha > 0.0) {
		snprintf(alpha, alen, "  target %s=%.2f", g->alpha, v->target_alpha);
		snprintf(ashort, slen, "  %s*=%.2f", g->alpha, v->target_alpha);
	}
}

/* The draft's length: "γ=4", or for a tree run its shape's size, "tree 8 nodes,
 * depth 4" ("tree 8/4" short; "heads tree ..." when draft heads or MTP
 * modules draft it): a tree has no gamma. */
static void
header_length(const struct sim *sim, const struct tui_glyphs *g, char *lng, size_t llen,
    char *shrt, size_t slen)
{
	const struct tree_shape *t = sim_tree_shape(sim);

	if (!sim_is_tree(sim)) {
		snprintf(lng, llen, "  %s=%d", g->gamma, sim->par.gamma);
		snprintf(shrt, slen, "%s", lng);
		return;
	}
	if (t->dyn_k > 0) {	/* SGLang's three options, by name */
		snprintf(lng, llen, "  speculative_eagle_topk=%d speculative_num_steps=%d"
		    " speculative_num_draft_tokens=%d", t->dyn_k, t->depth, t->n);
		snprintf(shrt, slen, "  eagle_topk=%d num_steps=%d num_draft_tokens=%d",
		    t->dyn_k, t->depth, t->n);
		return;
	}
	if (drafter_has_heads((enum drafter_kind)t->drafter)) {	/* who drafts it */
		const char *by = drafter_name((enum drafter_kind)t->drafter);

		snprintf(lng, llen, "  %s tree %d nodes, depth %d", by, tree_shape_nodes(t),
		    t->depth);
		snprintf(shrt, slen, "  %s %d/%d", by, tree_shape_nodes(t), t->depth);
		return;
	}
	snprintf(lng, llen, "  tree %d nodes, depth %d", tree_shape_nodes(t), t->depth);
	snprintf(shrt, slen, "  tree %d/%d", tree_shape_nodes(t), t->depth);
}

/* The header: the program, the source, the parameters, the run state and the
 * step; on a narrow screen the least needed fields shorten or go first: the
 * seed, the vocabulary, the source, then the noise. The rule's name, the
 * preset's and the target alpha outlast them (at 80 columns they show). */
static void
draw_header(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_line(w, v->term);
	char src[128], gamma[128], noise[32], vocab[48], seed[48], state[160], shrt[160];
	char step[48], tmp[128], rule[96], rshort[64], preset[80], alpha[48], ashort[32],
	    gshort[128];
	enum verify_rule r = sim->par.verify.rule;
	struct tui_field f[] = {
		{ "specdec", NULL, TUI_S_TITLE, 0 },
		{ src, NULL, TUI_S_NORMAL, 5 },
		{ preset, NULL, TUI_S_TITLE, 3 },
		{ gamma, gshort, TUI_S_NORMAL, 0 },
		{ alpha, ashort, TUI_S_NORMAL, 2 },
		{ noise, NULL, TUI_S_NORMAL, 4 },
		{ vocab, NULL, TUI_S_NORMAL, 6 },
		{ seed, NULL, TUI_S_NORMAL, 7 },
		{ rule, rshort, TUI_S_NORMAL, 1 },
		{ state, shrt, TUI_S_STATE, 0 },
		{ step, NULL, TUI_S_NORMAL, 0 },
	};

	werase(w);
	snprintf(src, sizeof src, "  %s", v->source != NULL ? v->source :
	    sim->src.title != NULL ? sim->src.title : sim->src.kind);
	header_length(sim, g, gamma, sizeof gamma, gshort, sizeof gshort);
	noise[0] = '\0';
	if (source_has_noise(&sim->src))
		snprintf(noise, sizeof noise, "  noise=%.2f", sim->par.noise);
	snprintf(rule, sizeof rule, "  verifier=%s", verify_label(r));
	snprintf(rshort, sizeof rshort, "  %s", verify_entry(r)->name);
	header_params(&sim->par.verify, rule, sizeof rule, rshort, sizeof rshort);
	if (sim->par.schedule != SCHEDULE_CONSTANT) {
		snprintf(tmp, sizeof tmp, "  %s", schedule_name(sim->par.schedule));
		if (sim->par.schedule == SCHEDULE_THRESHOLD ||
		    sim->par.schedule == SCHEDULE_CONFIDENCE)
			snprintf(tmp + strlen(tmp), sizeof tmp - strlen(tmp), " %s=%.2f",
			    sim->par.schedule == SCHEDULE_THRESHOLD ? "P" : "T",
			    sim_threshold(sim));
		strncat(rule, tmp, sizeof rule - strlen(rule) - 1);
		strncat(rshort, tmp, sizeof rshort - strlen(rshort) - 1);
	}
	header_setting(v, g, preset, sizeof preset, alpha, sizeof alpha, ashort, sizeof ashort);
	snprintf(vocab, sizeof vocab, "  V=%zu", sim->src.vocab);
	snprintf(seed, sizeof seed, "  seed=%" PRIu64, sim->par.seed);
	snprintf(state, sizeof state, "   %s", state_text(v, 1, tmp, sizeof tmp));
	snprintf(shrt, sizeof shrt, "  %s", state_text(v, 0, tmp, sizeof tmp));
	snprintf(step, sizeof step, "   step %" PRIu64, sim->steps_total);
	tui_pen_fields(&p, f, (int)(sizeof f / sizeof f[0]));
}

const struct tui_pane_def tui_pane_header = {
	"header", TUI_P_HEADER, { 1, 0 }, draw_header, TUI_A_NONE, TUI_R_ALL,
	"source, parameters, rule, run state and step",
};
