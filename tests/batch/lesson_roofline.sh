#!/bin/sh
# lesson_roofline.sh: a lesson sets the machine (set hw, model, batch-size,
# context) and checks the roofline's figures, run headless; k follows a set
# gamma. The values are worked by hand: Llama-3.1-8B on h100-sxm verifies
# gamma + 1 tokens a sequence; at B 64 and S 0 that pass takes
# t_V = 64 (g + 1) 2 P / F against t_T = 2 P / BW, so k = (64 (g + 1) BW / F - 1) / g:
# 0.020981 at gamma 4 (compute-bound: 320 tokens past the ridge 295) and 0.118883
# at gamma 8. TAP.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

k4=$(awk 'BEGIN { printf "%.6f", (64 * 5 * 3.35 / 989 - 1) / 4 }')
k8=$(awk 'BEGIN { printf "%.6f", (64 * 9 * 3.35 / 989 - 1) / 8 }')
cat >"$TMPD/roof.lesson" <<LESSON
title Roofline
set hw h100-sxm
set model llama-3.1-8b
set noise 0.8
wait 50 steps
check roofline_batch_size 1 0 B 1
check roofline_compute_bound 0 0 B 1: memory-bound
check target_ms 4.794030 0.000001 t_T = 16.06e9 / 3.35e12 s
set batch-size 64
wait 20 steps
check roofline_compute_bound 1 0 B 64: compute-bound
check verify_cost $k4 0.000001 k at gamma 4
set gamma 8
wait 20 steps
check verify_cost $k8 0.000001 k again at gamma 8
set context 8192
wait 20 steps
check roofline_context 8192 0 S 8k
check roofline_ridge_tokens 295.2239 0.0001 the ridge 989 / 3.35
LESSON
"$SPECDEC" --lesson "$TMPD/roof.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" = 0 ] && [ "$(grep -c ': pass$' "$TMPD/out")" = 8 ] && ! grep -q FAIL "$TMPD/out"
ok $? "set hw, batch-size, gamma, context: 8 checks pass (k $k4, then $k8)" \
    "$(cat "$TMPD/out" "$TMPD/err")"

printf 'title t\nset batch-size 64\n' >"$TMPD/nohw.lesson"
"$SPECDEC" --lesson "$TMPD/nohw.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <"$TMPD/err")" = 1 ] &&
    grep -q "nohw.lesson:2: --batch-size only applies with --hw" "$TMPD/err"
ok $? "set batch-size without a machine: status 2, one line" "$(cat "$TMPD/err")"

printf 'title t\nset hw h100-sxm\nset target-ms 5\n' >"$TMPD/both.lesson"
"$SPECDEC" --lesson "$TMPD/both.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" = 2 ] && grep -q "both.lesson:3: --hw and --target-ms both set the costs" "$TMPD/err"
ok $? "set target-ms after set hw: refused, status 2" "$(cat "$TMPD/err")"

done_testing
