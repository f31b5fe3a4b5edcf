/* outfile.c: an output file written beside its place and renamed into it. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "util/outfile.h"
#include "util/readfile.h"

static sigset_t held_old;	/* the mask before the first hold */
static struct sigaction xfsz_old;	/* SIGXFSZ's action before it */
static int held;		/* outfiles holding the signals */

static void
hold_signals(void)
{
	struct sigaction ign;
	sigset_t set;

	if (held++ > 0)
		return;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigprocmask(SIG_BLOCK, &set, &held_old);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &ign, &xfsz_old);
}

static void
release_signals(void)
{
	if (held > 0 && --held == 0) {
		sigaction(SIGXFSZ, &xfsz_old, NULL);
		sigprocmask(SIG_SETMASK, &held_old, NULL);
	}
}

/* The length of path's directory part, its final '/' included; 0 for none. */
static size_t
dir_length(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? (size_t)(slash - path) + 1 : 0;
}

/* The directory of path into buf ("." for none, "/" for the root). */
static void
dir_of(const char *path, char *buf, size_t len)
{
	size_t n = dir_length(path);

	if (n == 0)
		snprintf(buf, len, ".");
	else
		snprintf(buf, len, "%.*s", (int)(n > 1 ? n - 1 : n), path);
}

static int
fail(const char *path, const char *why, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: %s", path, why);
	return -1;
}

static int
check_dir(const char *path, char *err, size_t errlen)
{
	char dir[OUTFILE_PATH_MAX], why[OUTFILE_PATH_MAX + 64];
	struct stat st;

	dir_of(path, dir, sizeof dir);
	if (stat(dir, &st) != 0) {
		snprintf(why, sizeof why, "the directory %s%s%s", dir, errno == ENOENT ?
		    " " : ": ", errno == ENOENT ? "does not exist" : strerror(errno));
		return fail(path, why, err, errlen);
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, sizeof why, "%s is not a directory", dir);
		return fail(path, why, err, errlen);
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(why, sizeof why, "cannot write in the directory %s: %s", dir,
		    strerror(errno));
		return fail(path, why, err, errlen);
	}
	return 0;
}

int
outfile_check(const char *path, char *err, size_t errlen)
{
	char why[128];
	struct stat st;

	if (path[dir_length(path)] == '\0')
		return fail(path, "not a file name (it ends in /)", err, errlen);
	if (dir_length(path) + sizeof OUTFILE_TEMP_NAME > OUTFILE_PATH_MAX)
		return fail(path, "the directory's name is too long", err, errlen);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(why, sizeof why, "%s, not a regular file (the output is "
		    "written to a new file and renamed to it)", readfile_kind(st.st_mode));
		return fail(path, why, err, errlen);
	}
	return check_dir(path, err, errlen);
}

/* The permissions path gets: its own when it exists, else 0666 less the umask. */
static int
new_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return (int)(st.st_mode & 07777);
	mask = umask(0);
	umask(mask);
	return (int)(0666 & ~mask);
}

int
outfile_open(struct outfile *of, const char *path, char *err, size_t errlen)
{
	size_t n = dir_length(path);
	int fd, mode;

	of->fp = NULL;
	of->temp[0] = '\0';
	of->holding = 0;
	if (outfile_check(path, err, errlen) != 0)
		return -1;
	snprintf(of->temp, sizeof of->temp, "%.*s%s", (int)n, path, OUTFILE_TEMP_NAME);
	mode = new_mode(path);
	hold_signals();
	of->holding = 1;
	if ((fd = mkstemp(of->temp)) < 0 || fchmod(fd, (mode_t)mode) != 0 ||
	    (of->fp = fdopen(fd, "w")) == NULL) {
		fail(path, strerror(errno), err, errlen);
		if (fd >= 0) {
			close(fd);
			unlink(of->temp);
		}
		of->temp[0] = '\0';
		outfile_discard(of);
		return -1;
	}
	return 0;
}

int
outfile_close(struct outfile *of, const char *path, char *err, size_t errlen)
{
	int bad, saved;

	errno = 0;
	bad = fflush(of->fp) != 0 || ferror(of->fp) || fsync(fileno(of->fp)) != 0;
	saved = errno;
	if (fclose(of->fp) != 0 && !bad) {
		bad = 1;
		saved = errno;
	}
	of->fp = NULL;
	if (!bad)
		return 0;
	outfile_discard(of);
	return fail(path, saved != 0 ? strerror(saved) : "write error", err, errlen);
}

int
outfile_commit(struct outfile *of, const char *path, char *err, size_t errlen)
{
	int rc = outfile_close(of, path, err, errlen);

	if (rc == 0 && rename(of->temp, path) != 0)
		rc = fail(path, strerror(errno), err, errlen);
	else if (rc == 0)
		of->temp[0] = '\0';
	outfile_discard(of);
	return rc;
}

int
outfile_place_new(struct outfile *of, const char *path, char *err, size_t errlen)
{
	struct stat st;

	if (link(of->temp, path) == 0)
		return 0;
	if (errno == EEXIST)
		return 1;
	if (errno != EPERM && errno != ENOSYS && errno != EOPNOTSUPP)
		return fail(path, strerror(errno), err, errlen);
	/* A file system without hard links (FAT): no file is replaced all the
	 * same, unless another process takes the name in between. */
	if (lstat(path, &st) == 0)
		return 1;
	if (rename(of->temp, path) != 0)
		return fail(path, strerror(errno), err, errlen);
	of->temp[0] = '\0';
	return 0;
}

void
outfile_discard(struct outfile *of)
{
	if (of->fp != NULL) {
		fclose(of->fp);
		of->fp = NULL;
	}
	if (of->temp[0] != '\0') {
		unlink(of->temp);
		of->temp[0] = '\0';
	}
	if (of->holding) {
		of->holding = 0;
		release_signals();
	}
}
