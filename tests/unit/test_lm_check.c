/* test_lm_check.c: the checks a model passes before sphinxbase sees it, and the
 * child process that converts it. Valid ARPA text passes (with a byte-order
 * mark, CRLF line ends, comments); each malformation is refused with one line
 * naming the file; and a file sphinxbase crashes on or exits on (fed to the
 * conversion without the checks) becomes an error of this process, which goes
 * on, with nothing left in $TMPDIR. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/tap.h"
#include "source/cmu/lm_check.h"
#include "source/cmu/sphinx_lm.h"
#include "source/cmu/sphinx_trie.h"
#include "util/errmsg.h"

#define NAME "model.lm"

static const char valid[] =
    "\\data\\\nngram 1=3\nngram 2=1\n\n\\1-grams:\n-0.4771 a -0.1\n-0.4771 b\n"
    "-0.4771 c\n\n\\2-grams:\n-0.1 a b\n\n\\end\\\n";

struct bad {
	const char *text, *want;
};

static const struct bad bad[] = {
	{ "\\data\\\nngram 1=3\nngram 2=1\n\n\\1-grams:\n-0.4771 a\n", "ends after 1 of "
	    "the 3 1-grams its \\data\\ header counts" },
	{ "\\data\\\nngram 1=3\n\n\\1-grams:\n-0.4771 a\n-0.4771 b\n-0.4771 c\n",
	    "ends before its \\end\\ line" },
	{ "\\data\\\nngram 1=2\nngram 2=1\n\n\\1-grams:\n-1 a -1\n-1 b\n\n\\2-grams:\n"
	    "-1 a b extra\n\\end\\\n", "line 10: a 2-gram line with 4 fields, not 3 " },
	{ "\\data\\\nngram 1=2\n\n\\1-grams:\n-1 a\n-1 b\n\n\\end\\\n\\2-grams:\n", NULL },
	{ "\\data\\\nngram 1=2\n\n\\unigrams:\n-1 a\n-1 b\n\\end\\\n", "line 4: "
	    "'\\unigrams:' where \\1-grams: should be" },
	{ "\\data\\\nngram 1=1\n\n\\1-grams:\n-1 a\n\\end\\\n", "'ngram 1=1': the count "
	    "is not a whole number from 2" },
	{ "\\data\\\nngram 1=2\n\n\\1-grams:\n-1 a\n-1 b\n\\end\\", NULL },
	{ "\\data\\\nngram 1 = 2\n\n\\1-grams:\n-1 a\n-1 b\n\\end\\\n", NULL },
	{ "\\data\\\nngram 1=2\n\n\\1-grams:\n-1e-400x a\n-1 b\n\\end\\\n", "line 5: "
	    "'-1e-400x' is not a finite number" },
	{ "\\data\\\nngram 1=2\n\n\\1-grams:\n-1 a\n-1 a\n\\end\\\n", "line 6: the "
	    "1-gram 'a' is listed twice" },
	{ "\\data\\\nngram 1=2\n\n\\1-grams:\n-1 a -0.5\n-1 b\n\\end\\\n", "line 5: a "
	    "1-gram line with 3 fields, not 2" },
};

static void
test_valid(void)
{
	char err[ERRMSG_MAX], crlf[sizeof valid * 2], bom[sizeof valid + 3];
	enum lm_format fmt = LM_FORMAT_TRIE;
	size_t i, n = 0;

	tap_ok(lm_check(valid, strlen(valid), NAME, &fmt, err, sizeof err) == 0 &&
	    fmt == LM_FORMAT_ARPA, "a valid ARPA model passes as ARPA");
	for (i = 0; valid[i] != '\0'; i++) {
		if (valid[i] == '\n')
			crlf[n++] = '\r';
		crlf[n++] = valid[i];
	}
	tap_ok(lm_check(crlf, n, NAME, &fmt, err, sizeof err) == 0, "with CRLF line ends");
	memcpy(bom, "\xef\xbb\xbf", 3);
	memcpy(bom + 3, valid, sizeof valid);
	tap_ok(lm_check(bom, strlen(bom), NAME, &fmt, err, sizeof err) == 0,
	    "with a UTF-8 byte-order mark");
}

static void
test_bad(void)
{
	char err[ERRMSG_MAX];
	enum lm_format fmt;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = lm_check(bad[i].text, strlen(bad[i].text), NAME, &fmt, err,
		    sizeof err);

		if (bad[i].want == NULL) {
			tap_ok(rc == 0, "case %zu passes", i);
			continue;
		}
		tap_ok(rc == -1 && strncmp(err, NAME ": ", strlen(NAME) + 2) == 0 &&
		    strstr(err, bad[i].want) != NULL && strchr(err, '\n') == NULL,
		    "case %zu refused: %s", i, err);
	}
}

static int
dir_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d != NULL)
		closedir(d);
	return d != NULL && n == 0;
}

/* Files that crash sphinxbase 5prealpha or make it exit, given to the child
 * unchecked. */
static void
test_child(void)
{
	static const char *const crash[] = {
		"\\data\\\nngram 1=2\nngram 2=1\n\n\\1-grams:\n-0.3 a -1\n-0.3 b -1\n\n"
		    "\\2-grams:\n-0.1 a b\n",	/* no end mark: SIGSEGV */
		"\\data\\\nngram 1=-7\n\n\\1-grams:\n-1 a\n\\end\\\n",	/* exit 255 */
	};
	char err[ERRMSG_MAX], dir[] = "/tmp/test_lm_check.XXXXXX";
	struct sphinx_trie t;
	size_t i;

	if (mkdtemp(dir) == NULL || setenv("TMPDIR", dir, 1) != 0) {
		tap_ok(0, "a temporary directory");
		return;
	}
	for (i = 0; i < sizeof crash / sizeof crash[0]; i++) {
		int rc = sphinx_lm_convert(crash[i], strlen(crash[i]), LM_FORMAT_ARPA, NAME,
		    &t, err, sizeof err);

		tap_ok(rc == -1 && strncmp(err, NAME ": sphinxbase ", strlen(NAME) + 13) ==
		    0 && strchr(err, '\n') == NULL, "unchecked file %zu: one line, this "
		    "process goes on: %s", i, err);
	}
	tap_ok(sphinx_lm_convert(valid, strlen(valid), LM_FORMAT_ARPA, NAME, &t, err,
	    sizeof err) == 0 && t.vocab == 3 && t.count[1] == 1,
	    "a valid model converts in the child: 3 words, 1 bigram");
	sphinx_trie_free(&t);
	tap_ok(dir_empty(dir), "nothing left in $TMPDIR");
	rmdir(dir);
	unsetenv("TMPDIR");
}

int
main(void)
{
	test_valid();
	test_bad();
#ifdef HAVE_SPHINXBASE
	test_child();
#else
	tap_skip("built without sphinxbase: the conversion");
#endif
	return tap_done();
}
