/* replay_entry.c: the replay's row of the source table: pairs of
 * distributions from a file (--replay FILE). */
#include "config.h"

#include "cli/options.h"
#include "util/json.h"
#include "source/source_table.h"
#include "source/replay/source_replay.h"

static int
replay_open(struct options *o, struct source *src, char *err, size_t errlen)
{
	return source_replay_open(src, o->replay, o->labels, err, errlen);
}

static void
replay_json(struct json *j, const struct options *o)
{
	json_string(j, "replay_file", o->replay);
	if (o->labels != NULL)
		json_string(j, "labels_file", o->labels);
}

static const char *const replay_takes[] = { "labels", "draft-only", NULL };

static const struct source_refusal replay_refuses[] = {
	{ "noise", "the file gives the draft as it is" },
	{ "vocab", "a replay file gives its own vocabulary" },
	{ NULL, NULL },
};

const struct source_entry source_entry_replay = {
	.name = "replay",
	.noun = "--replay",
	.prep = "with",
	.chosen_by = "replay",
	.takes = replay_takes,
	.refuses = replay_refuses,
	.flags = SOURCE_F_QUIET_DRAFT | SOURCE_F_READS_INPUT | SOURCE_F_NEEDS_CHOOSER,
	.open = replay_open,
	.json = replay_json,
};
