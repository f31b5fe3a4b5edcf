/* interrupt.c: one handler for SIGINT and SIGTERM, ending the process or setting
 * a flag. */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "batch/interrupt.h"
#include "util/exit_status.h"

#define SETUP_LINE "specdec: interrupted while reading the input; nothing was run\n"

static volatile sig_atomic_t holding, requested;

/* Async-signal-safe: write(2) and _exit(2) only. */
static void
on_signal(int sig)
{
	ssize_t n;

	(void)sig;
	if (holding) {
		requested = 1;
		return;
	}
	n = write(STDERR_FILENO, SETUP_LINE, sizeof SETUP_LINE - 1);
	(void)n;
	_exit(EXIT_STATUS_INTERRUPTED);
}

/* Handle sig unless it was ignored at the start. */
static void
catch_unless_ignored(int sig)
{
	struct sigaction sa, old;

	if (sigaction(sig, NULL, &old) != 0 || old.sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigfillset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

void
interrupt_catch(void)
{
	holding = 0;
	requested = 0;
	catch_unless_ignored(SIGINT);
	catch_unless_ignored(SIGTERM);
}

void
interrupt_hold(void)
{
	holding = 1;
}

int
interrupt_requested(void)
{
	return requested;
}
