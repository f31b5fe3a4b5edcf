/* tui_term.c: terminal setup and teardown, colours, signals. No other file calls
 * newterm, endwin, start_color or sigaction for the live view. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tui/tui_term.h"
#include "util/asciicast.h"
#include "util/sig.h"
#include "util/xalloc.h"

#include <term.h>		/* after curses.h: setupterm, del_curterm */

#define ESCDELAY_MS 25

static volatile sig_atomic_t term_signal;
static volatile sig_atomic_t term_stop;	/* SIGTSTP while recording */
static volatile sig_atomic_t term_cont;	/* SIGCONT while recording */
static struct termios term_saved;	/* the terminal as we found it */
static int term_saved_ok;
static char term_restore[256];		/* escape sequences that undo curses */
static size_t term_restore_len;

/* Every signal whose default action ends the process, in two kinds. A quit
 * signal sets a flag that ends the event loop, which restores the terminal and
 * re-raises it (tui.c); the real-time signals join them at run time. A crash
 * signal restores the terminal in its handler and re-raises itself there. */
static const int quit_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM,
	SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGPOLL
	SIGPOLL,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};
static const int crash_signals[] = {
	SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
#ifdef SIGSYS
	SIGSYS,
#endif
};

#define SAVED_MAX 128		/* signals whose earlier action is kept */

/* The actions found before ours, to put back at the end. */
static struct {
	int sig;
	struct sigaction old;
} saved[SAVED_MAX];
static size_t nsaved;

static void
on_quit_signal(int sig)
{
	term_signal = sig;
}

static void
on_stop_signal(int sig)
{
	(void)sig;
	term_stop = 1;
}

static void
on_cont_signal(int sig)
{
	(void)sig;
	term_cont = 1;
}

/* Async-signal-safe: write(2), tcsetattr(3) and raise(3) only. SA_RESETHAND has
 * already put the default action back, so the raise kills us. */
static void
on_crash_signal(int sig)
{
	ssize_t n;

	if (term_restore_len > 0)
		n = write(STDOUT_FILENO, term_restore, term_restore_len);
	(void)n;
	if (term_saved_ok)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &term_saved);
	raise(sig);
}

static void
set_handler(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sa.sa_flags = flags;	/* no SA_RESTART: a signal must wake wgetch */
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* Handle sig with fn, keeping its earlier action; a signal ignored when we
 * started (nohup, a shell's trap '' PIPE) stays ignored. No SA_RESTART in flags:
 * a signal must wake wgetch. */
static void
take_signal(int sig, void (*fn)(int), int flags)
{
	if (nsaved < SAVED_MAX &&
	    sig_catch_unless_ignored(sig, fn, flags, 0, &saved[nsaved].old))
		saved[nsaved++].sig = sig;
}

#define NSIGS(a) (sizeof (a) / sizeof (a)[0])

/* Installed before newterm, so ncurses keeps ours for SIGINT and SIGTERM; it adds
 * its own for SIGWINCH (KEY_RESIZE), and for SIGTSTP unless recording (then
 * tui_term_job_control handles SIGTSTP and SIGCONT). */
static void
install_signals(int recording)
{
	size_t i;
#ifdef SIGRTMIN
	int sig;
#endif

	nsaved = 0;
	for (i = 0; i < NSIGS(quit_signals); i++)
		take_signal(quit_signals[i], on_quit_signal, 0);
#ifdef SIGRTMIN
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		take_signal(sig, on_quit_signal, 0);
#endif
	for (i = 0; i < NSIGS(crash_signals); i++)
		take_signal(crash_signals[i], on_crash_signal, SA_RESETHAND);
	term_stop = term_cont = 0;
	if (recording) {
		take_signal(SIGTSTP, on_stop_signal, 0);
		take_signal(SIGCONT, on_cont_signal, 0);
	}
}

/* The actions from before install_signals, crash signals first. */
static void
restore_signals(void)
{
	while (nsaved > 0) {
		nsaved--;
		sigaction(saved[nsaved].sig, &saved[nsaved].old, NULL);
	}
}

static void
add_restore_bytes(const char *s)
{
	size_t len;

	len = strlen(s);
	if (term_restore_len + len < sizeof term_restore) {
		memcpy(term_restore + term_restore_len, s, len);
		term_restore_len += len;
	}
}

static void
add_restore_cap(const char *name)
{
	char *s = tigetstr(name);

	if (s != NULL && s != (char *)-1)
		add_restore_bytes(s);
}

/* The sequences endwin would send: attributes off, cursor on, keypad off, leave
 * the alternate screen. */
static void
prepare_crash_restore(void)
{
	term_restore_len = 0;
	add_restore_cap("sgr0");
	add_restore_cap("cnorm");
	add_restore_cap("rmkx");
	add_restore_cap("rmcup");
}

static void
set_colour_styles(struct tui_term *t)
{
	static const struct {
		enum tui_style style;
		short fg;
		attr_t extra;
	} map[] = {
		{ TUI_S_ACCEPTED, COLOR_GREEN, 0 }, { TUI_S_REJECTED, COLOR_RED, 0 },
		{ TUI_S_RESIDUAL, COLOR_YELLOW, A_BOLD }, { TUI_S_BONUS, COLOR_CYAN, A_BOLD },
		{ TUI_S_PASS, COLOR_GREEN, 0 }, { TUI_S_FAIL, COLOR_RED, A_BOLD },
		{ TUI_S_BAR, COLOR_CYAN, 0 }, { TUI_S_STATE, COLOR_YELLOW, A_BOLD },
		{ TUI_S_MARK, COLOR_RED, A_BOLD }, { TUI_S_MEASURED, COLOR_YELLOW, A_BOLD },
		{ TUI_S_CURVE, COLOR_BLUE, 0 }, { TUI_S_CURVE + 1, COLOR_CYAN, 0 },
		{ TUI_S_CURVE + 2, COLOR_GREEN, 0 }, { TUI_S_CURVE + 3, COLOR_MAGENTA, 0 },
	};
	short bg = use_default_colors() == OK ? -1 : COLOR_BLACK;
	size_t i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++) {
		init_pair((short)(i + 1), map[i].fg, bg);
		t->attr[map[i].style] = COLOR_PAIR(i + 1) | map[i].extra;
	}
}

/* Attributes first; colours, when allowed, replace the outcome styles. */
static void
set_styles(struct tui_term *t)
{
	const char *no_colour = getenv("NO_COLOR");
	int i;

	for (i = 0; i < TUI_S_COUNT; i++)
		t->attr[i] = A_NORMAL;
	t->attr[TUI_S_TITLE] = A_BOLD;
	t->attr[TUI_S_DIM] = A_DIM;
	t->attr[TUI_S_RESIDUAL] = A_BOLD;
	t->attr[TUI_S_BONUS] = A_UNDERLINE;
	t->attr[TUI_S_SELECTED] = A_REVERSE;
	t->attr[TUI_S_FAIL] = A_BOLD;
	t->attr[TUI_S_KEY] = A_REVERSE;
	t->attr[TUI_S_STATE] = A_BOLD;
	t->attr[TUI_S_MARK] = A_BOLD;
	t->attr[TUI_S_MEASURED] = A_BOLD;
	t->colour = (no_colour == NULL || *no_colour == '\0') && has_colors();
	if (t->colour && start_color() == OK)
		set_colour_styles(t);
	else
		t->colour = 0;
}

#define NEEDS_TERMINAL "; the live view needs a terminal (use --batch for a report)"

static int
no_terminal(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s" NEEDS_TERMINAL, why);
	return -1;
}

/* Whether terminfo knows term and it can move the cursor anywhere (cup): 1 yes,
 * 0 no, -1 unknown type. Looked up without writing to the terminal, so that a
 * refusal leaves it untouched. */
static int
term_can_address(const char *term)
{
	TERMINAL *before = cur_term, *probe;
	const char *cup;
	int status = 0, ok;

	if (setupterm(term, STDOUT_FILENO, &status) != OK)
		return -1;
	cup = tigetstr("cup");
	ok = cup != NULL && cup != (char *)-1 && *cup != '\0';
	probe = set_curterm(before);
	del_curterm(probe);
	return ok;
}

/* Refuse a TERM that is unset, unknown, or cannot address the cursor (dumb). */
static int
term_usable(const char *term, char *err, size_t errlen)
{
	int can;

	if (term == NULL || *term == '\0')
		return no_terminal(err, errlen, "TERM is not set");
	if ((can = term_can_address(term)) == 1)
		return 0;
	snprintf(err, errlen, can < 0 ? "TERM=%s is not a known terminal type"
	    NEEDS_TERMINAL : "TERM=%s cannot move the cursor" NEEDS_TERMINAL, term);
	return -1;
}

/* Give the terminal back: cursor, keypad, alternate screen (endwin), then the
 * modes it had (echo, canonical input). Also xalloc's fatal hook while curses
 * runs, so that "specdec: out of memory" lands on the shell's screen. */
static void
restore_terminal(void)
{
	curs_set(1);
	endwin();
	if (term_saved_ok)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &term_saved);
	fflush(stdout);
}

/* Clicks and the wheel, reported at once (no click interval); the crash
 * restore then also turns xterm's mouse reports off, as endwin does. */
static void
enable_mouse(void)
{
	mmask_t want = BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED;

#ifdef BUTTON5_PRESSED
	want |= BUTTON5_PRESSED;
#endif
	if (mousemask(want, NULL) == 0)
		return;
	mouseinterval(0);
	add_restore_bytes("\033[?1006l\033[?1002l\033[?1000l");
}

/* Recording. ncurses writes straight to its output's file descriptor (not
 * through the FILE), so the tee is a pipe: curses writes into it, and a pump
 * thread copies every byte to the terminal and to the recording. Curses then
 * cannot ask the terminal's size or set its modes through its output, so the
 * size is handed to it in LINES and COLUMNS, the modes are set on stdin here,
 * and tui_term_resized() watches the size. */

/* Write all of buf to fd; 0, or -1. */
static int
write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Copy what curses writes, read by read (the pipe does not block), each read
 * with its copies under pump_lock, so that pump_drain can tell when all is out.
 * It ends when the pipe is closed. */
static void *
pump(void *arg)
{
	struct tui_term *t = arg;
	struct pollfd pfd = { .fd = t->pipe_in, .events = POLLIN };
	char buf[8192];
	ssize_t n;

	for (;;) {
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
			break;
		pthread_mutex_lock(&t->pump_lock);
		n = read(t->pipe_in, buf, sizeof buf);
		if (n > 0) {
			(void)write_all(STDOUT_FILENO, buf, (size_t)n);
			asciicast_output(t->rec, buf, (size_t)n);
			pthread_cond_broadcast(&t->pumped);
		}
		pthread_mutex_unlock(&t->pump_lock);
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
			break;
	}
	return NULL;
}

#define DRAIN_WAIT_S 1	/* a terminal that takes no bytes is not waited on longer */

/* Wait until every byte curses wrote is on the terminal and in the recording:
 * nothing left in the pipe, and no read of it still being copied. */
static void
pump_drain(struct tui_term *t)
{
	struct timespec until;
	int left = 0;

	if (!t->pumping)
		return;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += DRAIN_WAIT_S;
	pthread_mutex_lock(&t->pump_lock);
	while (ioctl(t->pipe_in, FIONREAD, &left) == 0 && left > 0)
		if (pthread_cond_timedwait(&t->pumped, &t->pump_lock, &until) != 0)
			break;
	pthread_mutex_unlock(&t->pump_lock);
}

/* The pump started with every signal blocked, so that the signals go to the
 * view's thread and wake its wgetch. 0, or -1. */
static int
start_pump(struct tui_term *t)
{
	sigset_t all, old;
	int rc;

	pthread_mutex_init(&t->pump_lock, NULL);
	pthread_cond_init(&t->pumped, NULL);
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	rc = pthread_create(&t->pump, NULL, pump, t);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc == 0)
		return 0;
	pthread_cond_destroy(&t->pumped);
	pthread_mutex_destroy(&t->pump_lock);
	return -1;
}

/* The terminal's size now, from stdout; 0, or -1. */
static int
real_size(int *cols, int *rows)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0 || ws.ws_row == 0)
		return -1;
	*cols = ws.ws_col;
	*rows = ws.ws_row;
	return 0;
}

/* cbreak, noecho and nonl on the terminal itself, as curses would set them. */
static void
recording_modes(void)
{
	struct termios tm = term_saved;

	tm.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	tm.c_iflag &= ~(tcflag_t)ICRNL;
	tm.c_cc[VMIN] = 1;
	tm.c_cc[VTIME] = 0;
	tcsetattr(STDIN_FILENO, TCSADRAIN, &tm);
}

/* The stream curses writes to: stdout, or with rec the pipe to the pump. */
static FILE *
output_stream(struct tui_term *t, struct asciicast *rec)
{
	char num[32];
	int fds[2];

	if (rec == NULL)
		return stdout;
	if (real_size(&t->cols, &t->rows) != 0 || pipe(fds) != 0)
		return NULL;
	snprintf(num, sizeof num, "%d", t->rows);
	setenv("LINES", num, 1);
	snprintf(num, sizeof num, "%d", t->cols);
	setenv("COLUMNS", num, 1);
	fflush(stdout);
	t->rec = rec;
	t->pipe_in = fds[0];
	fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
	if ((t->tee = fdopen(fds[1], "w")) == NULL || start_pump(t) != 0) {
		if (t->tee != NULL)
			fclose(t->tee);
		else
			close(fds[1]);
		close(fds[0]);
		t->tee = NULL;
		return NULL;
	}
	t->pumping = 1;
	return t->tee;
}

/* The pipe closed and the pump's last bytes out. */
static void
end_recording(struct tui_term *t)
{
	if (t->tee != NULL)
		fclose(t->tee);
	t->tee = NULL;
	if (t->pumping) {
		pthread_join(t->pump, NULL);
		close(t->pipe_in);
		pthread_cond_destroy(&t->pumped);
		pthread_mutex_destroy(&t->pump_lock);
	}
	t->pumping = 0;
}

int
tui_term_resized(struct tui_term *t)
{
	int cols, rows;

	if (t->rec == NULL || real_size(&cols, &rows) != 0 ||
	    (cols == t->cols && rows == t->rows))
		return 0;
	t->cols = cols;
	t->rows = rows;
	resizeterm(rows, cols);
	asciicast_resize(t->rec, cols, rows);
	return 1;
}

int
tui_term_open(struct tui_term *t, struct asciicast *rec, char *err, size_t errlen)
{
	const char *term = getenv("TERM");
	FILE *out;

	memset(t, 0, sizeof *t);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return no_terminal(err, errlen, "standard input or output is not a "
		    "terminal");
	if (term_usable(term, err, errlen) != 0)
		return -1;
	term_saved_ok = tcgetattr(STDIN_FILENO, &term_saved) == 0;
	install_signals(rec != NULL);
	if ((out = output_stream(t, rec)) == NULL ||
	    (t->screen = newterm(NULL, out, stdin)) == NULL) {
		end_recording(t);
		restore_signals();
		return no_terminal(err, errlen, "cannot drive this terminal type (check "
		    "TERM)");
	}
	xalloc_set_fatal_hook(restore_terminal);
	t->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	prepare_crash_restore();
	cbreak();
	noecho();
	nonl();
	if (t->rec != NULL)
		recording_modes();
	keypad(stdscr, TRUE);
	leaveok(stdscr, TRUE);
	curs_set(0);
	set_escdelay(ESCDELAY_MS);
	set_styles(t);
	enable_mouse();
	return 0;
}

void
tui_term_close(struct tui_term *t)
{
	if (t->screen == NULL)
		return;
	xalloc_set_fatal_hook(NULL);
	restore_terminal();
	delscreen(t->screen);
	t->screen = NULL;
	end_recording(t);
	restore_signals();
	fflush(stdout);
}

/* SIGTTOU blocked (how = SIG_BLOCK) or as before (SIG_SETMASK): the shell may
 * take the terminal before the view gives it back (a job whose other process,
 * a script, stopped first), and a terminal's modes set from the background
 * would stop the view right there instead. */
static void
hold_ttou(int how, sigset_t *old)
{
	sigset_t ttou;

	sigemptyset(&ttou);
	sigaddset(&ttou, SIGTTOU);
	pthread_sigmask(how, how == SIG_BLOCK ? &ttou : old, how == SIG_BLOCK ? old : NULL);
}

/* Ctrl-Z while recording: the terminal given back, its last bytes out, then
 * stopped as SIGTSTP's default action stops; SIGCONT lets raise return. */
static void
stop_here(struct tui_term *t)
{
	sigset_t old;

	hold_ttou(SIG_BLOCK, &old);
	restore_terminal();
	pump_drain(t);
	hold_ttou(SIG_SETMASK, &old);
	set_handler(SIGTSTP, SIG_DFL, 0);
	raise(SIGTSTP);
	set_handler(SIGTSTP, on_stop_signal, 0);
}

/* After SIGCONT: the terminal's modes again (curses cannot set them through
 * the pipe), the cursor hidden, and the whole screen sent anew. */
static void
take_back(void)
{
	sigset_t old;

	hold_ttou(SIG_BLOCK, &old);
	recording_modes();
	curs_set(0);
	clearok(curscr, TRUE);
	wrefresh(curscr);
	hold_ttou(SIG_SETMASK, &old);
}

void
tui_term_job_control(struct tui_term *t)
{
	if (t->rec == NULL)
		return;
	if (term_stop) {
		term_stop = 0;
		stop_here(t);
	}
	if (term_cont) {
		term_cont = 0;
		take_back();
	}
}

int
tui_term_signal(void)
{
	return term_signal;
}

void
tui_term_reraise(int sig)
{
	set_handler(sig, SIG_DFL, 0);
	raise(sig);
}

int
tui_term_hung_up(void)
{
	struct pollfd pfd;

	pfd.fd = STDIN_FILENO;
	pfd.events = POLLIN;
	pfd.revents = 0;
	if (poll(&pfd, 1, 0) < 0)
		return 0;
	return (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}
