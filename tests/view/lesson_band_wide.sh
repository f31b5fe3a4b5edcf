#!/bin/sh
# lesson_band_wide.sh: lesson_band.sh's test points at 120x40: every ask of
# the built-in lessons hides what settles it and shows it once answered, and
# every caption leaves its chapter's pane whole above the band. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lesson_band.sh"
command -v perl >/dev/null 2>&1 || { echo "1..0 # SKIP perl is not installed"; exit 0; }

lesson_band 120 40

done_testing
