/* tui_machine.h: the machine's B and S in the live view: the keys that move
 * them (tui_handlers.h) and how the view writes a count of tokens. */
#ifndef SPECDEC_TUI_MACHINE_H
#define SPECDEC_TUI_MACHINE_H

#include <stddef.h>

/* n tokens as the view shows them: "512", "2k", "128k" (a whole number of
 * 1024s), else "%.3g" ("1e+04" never: 10000 is "10000"). */
const char *tui_machine_count(char *buf, size_t len, double n);

#endif
