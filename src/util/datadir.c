/* datadir.c: where the installed data files are (datadir.h). */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/datadir.h"

#ifndef PKGDATADIR	/* Makefile.am defines it; a harness built by hand may not */
#define PKGDATADIR "/usr/local/share/specdec"
#endif

/* Whether dir/sub exists. */
static int
holds(const char *dir, const char *sub)
{
	char path[PATH_MAX + 64];
	struct stat st;

	if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, sub) >= sizeof path)
		return 0;
	return stat(path, &st) == 0;
}

/* The directory "data" beside the running program, in out; 0 or -1. */
static int
beside_program(char *out, size_t outlen)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return -1;
	*slash = '\0';
	return (size_t)snprintf(out, outlen, "%s/data", exe) < outlen ? 0 : -1;
}

static int
found(const char *dir, char *out, size_t outlen)
{
	return (size_t)snprintf(out, outlen, "%s", dir) < outlen ? 0 : -1;
}

int
datadir_find(const char *sub, char *out, size_t outlen, char *err, size_t errlen)
{
	const char *env = getenv(DATADIR_ENV);
	char beside[PATH_MAX];

	if (env != NULL && env[0] != '\0') {
		if (holds(env, sub) && found(env, out, outlen) == 0)
			return 0;
		snprintf(err, errlen, "%s/%s: not found (" DATADIR_ENV " names %s)", env,
		    sub, env);
		return -1;
	}
	if (beside_program(beside, sizeof beside) == 0 && holds(beside, sub) &&
	    found(beside, out, outlen) == 0)
		return 0;
	if (holds(PKGDATADIR, sub) && found(PKGDATADIR, out, outlen) == 0)
		return 0;
	snprintf(err, errlen, "%s/%s: not found (is specdec installed? in the build "
	    "tree it is data/%s beside the program; " DATADIR_ENV " names another "
	    "directory)", PKGDATADIR, sub, sub);
	return -1;
}
