# live.sh: the start of a script that drives the live view (sourced first): the
# TAP helpers and $TMPD of lib.sh, the tmux helpers of tmux.sh, and a private
# tmux server that is killed, with $TMPD, on exit; bails out without tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/tmux.sh"
tmux_begin
