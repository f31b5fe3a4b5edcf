/* interrupt.c: one handler for SIGINT and SIGTERM, ending the process or setting
 * a flag. */
#include "config.h"

#include <signal.h>
#include <unistd.h>

#include "batch/interrupt.h"
#include "util/exit_status.h"
#include "util/sig.h"

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

void
interrupt_catch(void)
{
	holding = 0;
	requested = 0;
	sig_catch_unless_ignored(SIGINT, on_signal, SA_RESTART, 1, NULL);
	sig_catch_unless_ignored(SIGTERM, on_signal, SA_RESTART, 1, NULL);
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
