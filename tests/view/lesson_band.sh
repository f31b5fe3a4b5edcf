#!/bin/sh
# lesson_band.sh: the built-in lessons' asks and captions, by the screen, at
# 80x24 (lesson_band_wide.sh: 120x40; both through lib/lesson_band.sh). While
# a question waits for its key, no figure that settles it is on screen (its
# own, nor its twins: view/tui_hide.c), and one of them is there once it is
# answered. While a caption shows, the pane its
# chapter's show line names is whole above the band: its title, its border
# all round, and the band's top below its bottom. The lessons run from copies
# that differ in pace alone (no holds, keys 0.05 s apart, every rate max, a
# pause after each caption so that each is seen): the same steps, so the same
# figures. No key is pressed but a choice's key while a question shows and
# Enter while "Enter: go on" shows. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lesson_band.sh"
command -v perl >/dev/null 2>&1 || { echo "1..0 # SKIP perl is not installed"; exit 0; }

lesson_band 80 24

done_testing
