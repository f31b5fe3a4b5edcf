/* sig.h: installing a signal handler without overriding the user's choice: a
 * signal ignored when the program started (nohup, a shell's trap '' INT) stays
 * ignored, as tmux and htop leave it. */
#ifndef SPECDEC_SIG_H
#define SPECDEC_SIG_H

#include <signal.h>

/* Handle sig with fn, with sa_flags = flags; with block_others, every other
 * signal is blocked while fn runs. Unless sig is ignored now, in which case
 * nothing changes. The action in force before goes to *old when old is not NULL.
 * Returns 1 when fn was installed, 0 when sig was left alone. */
int sig_catch_unless_ignored(int sig, void (*fn)(int), int flags, int block_others,
    struct sigaction *old);

#endif
