/* sphinx_lm.c: models in any format sphinxbase reads, through its trie file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "source/cmu/lm_check.h"
#include "source/cmu/sphinx_trie.h"
#include "source/cmu/sphinx_lm.h"
#include "util/readfile.h"
#include "util/xalloc.h"

#ifdef HAVE_SPHINXBASE
#include "source/cmu/sphinx_lazy.h"

#define CHILD_UNREAD 3		/* the child's exit statuses */
#define CHILD_UNWRITTEN 4
#define FD_SCAN_MAX 4096	/* descriptors the child closes, at most */

/* $TMPDIR, or /tmp when it is unset or empty. */
static const char *
temp_dir(void)
{
	const char *d = getenv("TMPDIR");

	return d != NULL && *d != '\0' ? d : "/tmp";
}

/* An empty file in $TMPDIR, already unlinked: nothing is left behind whatever
 * ends the process (signals are blocked between its creation and its unlink).
 * Its descriptor, or -1 with err naming path, the user's file. */
static int
temp_file(const char *path, char *err, size_t errlen)
{
	char *name = xasprintf("%s/specdec-lm-XXXXXX", temp_dir());
	sigset_t all, old;
	int fd, e;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if ((fd = mkstemp(name)) >= 0)
		unlink(name);
	e = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(name);
	if (fd < 0)
		snprintf(err, errlen, "%s: no temporary file in %s to convert it in "
		    "(%s; set TMPDIR to a writable directory)", path, temp_dir(),
		    strerror(e));
	else
		(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	return fd;
}

/* buf written to fd from its start; 0, or -1 with errno. */
static int
copy_to(int fd, const char *buf, size_t len)
{
	size_t at = 0;
	ssize_t n;

	while (at < len) {
		if ((n = pwrite(fd, buf + at, len - at, (off_t)at)) < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		at += (size_t)n;
	}
	return 0;
}

/* The child: nothing of the parent's (its terminal, its output, its
 * recording) stays open, no core file, no signal from the terminal; it dies
 * with the parent. Reads /dev/fd/in as fmt and writes /dev/fd/out as a trie
 * (no file name reaches sphinxbase's popen of "*.gz"). Never returns. */
static void
child(const struct sphinx_lazy *sb, int in, int out, enum lm_format fmt)
{
	struct rlimit no_core = { 0, 0 };
	char src[32], dst[32];
	ngram_model_t *m;
	logmath_t *lmath;
	sigset_t none;
	int fd, null;

	setsid();
#ifdef __linux__
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	(void)setrlimit(RLIMIT_CORE, &no_core);
	for (fd = 0; fd < FD_SCAN_MAX; fd++)
		if (fd != in && fd != out)
			(void)close(fd);
	null = open("/dev/null", O_RDWR);
	for (fd = 0; fd < 3 && null >= 0; fd++)
		if (fd != null)
			(void)dup2(null, fd);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	snprintf(src, sizeof src, "/dev/fd/%d", in);
	snprintf(dst, sizeof dst, "/dev/fd/%d", out);
	sb->err_set_logfp(NULL);
	lmath = sb->logmath_init(1.0001, 0, 0);
	m = sb->ngram_model_read(NULL, src, fmt == LM_FORMAT_DMP ? NGRAM_BIN :
	    NGRAM_ARPA, lmath);
	if (m == NULL)
		_exit(CHILD_UNREAD);
	fd = sb->ngram_model_write(m, dst, NGRAM_BIN) < 0 ? CHILD_UNWRITTEN : 0;
	sb->ngram_model_free(m);
	sb->logmath_free(lmath);
	_exit(fd);
}

/* The status of child pid as one line in err (0 when it succeeded). */
static int
child_status(pid_t pid, const char *path, char *err, size_t errlen)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			snprintf(err, errlen, "%s: lost the process converting it (%s)", path,
			    strerror(errno));
			return -1;
		}
	if (WIFSIGNALED(st))
		snprintf(err, errlen, "%s: sphinxbase crashed converting this language "
		    "model (%s): the file is damaged or not a model it reads", path,
		    strsignal(WTERMSIG(st)));
	else if (WEXITSTATUS(st) == CHILD_UNREAD)
		snprintf(err, errlen, "%s: sphinxbase cannot read this language model",
		    path);
	else if (WEXITSTATUS(st) == CHILD_UNWRITTEN)
		snprintf(err, errlen, "%s: sphinxbase cannot write it as a trie in %s",
		    path, temp_dir());
	else if (WEXITSTATUS(st) != 0)
		snprintf(err, errlen, "%s: sphinxbase gave up reading this language model "
		    "(exit status %d)", path, WEXITSTATUS(st));
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* The trie the child wrote to fd, read into t. */
static int
read_result(int fd, const char *path, struct sphinx_trie *t, char *err, size_t errlen)
{
	struct stat st;
	uint8_t *buf;
	size_t at = 0;
	ssize_t n;
	int rc;

	if (fstat(fd, &st) != 0 || st.st_size <= 0) {
		snprintf(err, errlen, "%s: sphinxbase wrote no trie for it", path);
		return -1;
	}
	buf = xmalloc((size_t)st.st_size);
	while (at < (size_t)st.st_size) {
		if ((n = pread(fd, buf + at, (size_t)st.st_size - at, (off_t)at)) < 0 &&
		    errno == EINTR)
			continue;
		if (n <= 0)
			break;
		at += (size_t)n;
	}
	rc = sphinx_trie_parse(buf, at, path, t, err, errlen);
	free(buf);
	return rc;
}

int
sphinx_lm_convert(const char *buf, size_t len, enum lm_format fmt, const char *path,
    struct sphinx_trie *t, char *err, size_t errlen)
{
	const struct sphinx_lazy *sb;
	struct sigaction dfl, old;
	int in = -1, out = -1, rc = -1;
	pid_t pid;

	memset(t, 0, sizeof *t);
	if ((sb = sphinx_lazy(err, errlen)) == NULL ||
	    (in = temp_file(path, err, errlen)) < 0 ||
	    (out = temp_file(path, err, errlen)) < 0)
		goto done;
	if (copy_to(in, buf, len) != 0) {
		snprintf(err, errlen, "%s: cannot copy it to a temporary file in %s (%s)",
		    path, temp_dir(), strerror(errno));
		goto done;
	}
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;	/* an ignored SIGCHLD would lose the status */
	sigaction(SIGCHLD, &dfl, &old);
	if ((pid = fork()) == 0)
		child(sb, in, out, fmt);
	if (pid < 0)
		snprintf(err, errlen, "%s: no process to convert it in (%s)", path,
		    strerror(errno));
	else if (child_status(pid, path, err, errlen) == 0)
		rc = read_result(out, path, t, err, errlen);
	sigaction(SIGCHLD, &old, NULL);
done:
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	return rc;
}

int
sphinx_lm_ready(char *err, size_t errlen)
{
	char why[512];

	if (sphinx_lazy(why, sizeof why) != NULL)
		return 0;
	snprintf(err, errlen, "--source cmu: %s: install sphinxbase (Debian: %s)", why,
	    SPHINXBASE_PACKAGE);
	return -1;
}

int
sphinx_lm_load(const char *path, struct sphinx_trie *t, char *err, size_t errlen)
{
	enum lm_format fmt;
	size_t len;
	char *buf;
	int rc;

	memset(t, 0, sizeof *t);
	if (access(path, R_OK) != 0) {
		snprintf(err, errlen, "%s: cannot read the language model (%s; the CMU "
		    "model comes with Debian's pocketsphinx-en-us)", path, strerror(errno));
		return -1;
	}
	if ((buf = readfile_all(path, &len, err, errlen)) == NULL)
		return -1;
	if ((rc = lm_check(buf, len, path, &fmt, err, errlen)) == 0)
		rc = fmt == LM_FORMAT_TRIE ? sphinx_trie_parse((const uint8_t *)buf, len,
		    path, t, err, errlen) : sphinx_lm_convert(buf, len, fmt, path, t, err,
		    errlen);
	free(buf);
	return rc;
}
#else
int
sphinx_lm_ready(char *err, size_t errlen)
{
	snprintf(err, errlen, "this specdec was built without sphinxbase");
	return -1;
}

int
sphinx_lm_convert(const char *buf, size_t len, enum lm_format fmt, const char *path,
    struct sphinx_trie *t, char *err, size_t errlen)
{
	(void)buf;
	(void)len;
	(void)fmt;
	return sphinx_lm_load(path, t, err, errlen);
}

int
sphinx_lm_load(const char *path, struct sphinx_trie *t, char *err, size_t errlen)
{
	(void)path;
	(void)t;
	snprintf(err, errlen, "this specdec was built without sphinxbase");
	return -1;
}
#endif
