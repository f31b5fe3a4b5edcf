/* sig.c: a signal handler installed unless the signal was ignored at start. */
#include "config.h"

#include <signal.h>
#include <string.h>

#include "util/sig.h"

int
sig_catch_unless_ignored(int sig, void (*fn)(int), int flags, int block_others,
    struct sigaction *old)
{
	struct sigaction sa, before;

	if (sigaction(sig, NULL, &before) != 0 || before.sa_handler == SIG_IGN)
		return 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sa.sa_flags = flags;
	if (block_others)
		sigfillset(&sa.sa_mask);
	else
		sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL) != 0)
		return 0;
	if (old != NULL)
		*old = before;
	return 1;
}
