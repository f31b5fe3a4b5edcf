#!/bin/sh
# roofline_view.sh: the live view on a machine (--hw): the roofline pane in the
# cost model's place at 80x24 and 120x40 (B, S, the memory and compute bars,
# the bound against the ridge, the speedup), b/B and o/O moving B and S along
# their ladders with the status line saying what moved, the cost keys refused
# with a machine and b refused without one. The figures are worked by hand:
# Llama-3.1-8B on h100-sxm, t_T = 2 x 8.03e9 / 3.35e12 s = 4.79 ms; the ridge
# 989 / 3.35 = 295 tokens, so verifying gamma + 1 = 5 tokens a sequence turns
# compute-bound between B 32 (160 tokens) and B 64 (320). TAP; needs tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/screen.sh"

# step NAME KEY ERE WHAT: KEY once, then the status line (the screen's last)
# must match ERE.
step() {
	keys "$1" "$2"
	has "$1" "$3" "$4"
}

view a 80 24 C.UTF-8 -- --hw h100-sxm --noise 0.8 --seed 1 --rate 100
has a "cost model: roofline" "80x24: the roofline pane in the cost model's place"
has a "B 1  S 0  c=t_D/t_T 0\.154  k 0 " "B 1, S 0, c = 1.24/8.03 = 0.154, k 0"
has a "│ mem  (█)+ 4\.79 ms │" "the memory term, 4.79 ms, a full bar"
has a "│ comp ▍? +0\.0812 ms │" "the compute term, 5 x 2 x 8.03e9 / 989e12 = 0.0812 ms"
has a "5 tok: memory-bound, ridge 295 " "verifying 5 tokens: memory-bound, ridge 295"
has a "speedup [0-9.]+x at γ 4, best γ [0-9]+ \([0-9.]+x\)" "the speedup at gamma 4 and the best"
step a B "^ B 2: verify still memory-bound; speculation now [0-9.]+x" "B: B 2, still memory-bound"
has a "B 2  S 0  " "the pane says B 2"
for b in 4 8 16 32; do
	keys a B
	wait_re a "^ B $b: " || break
done
step a B "^ B 64: verify memory-bound -> compute-bound; speculation now [0-9.]+x" \
    "B 64: 320 tokens, past the ridge: memory-bound -> compute-bound"
has a "320 tok: compute-bound, ridge 295" "the pane names the compute bound"
has a "k 0\.021 " "k = (64 x 5 x 16.06e9 / 989e12 / 4.794 ms - 1) / 4 = 0.021"
step a O "^ S 512: verify compute-bound -> memory-bound" \
    "O: S 512, the KV reads (64 x 512 x 131072 bytes) make it memory-bound again"
has a "│ mem  (█)+ 6\.08 ms │" "mem (16.06e9 + 4.29e9) / 3.35e12 s = 6.08 ms"
has a "│ comp (█)+▌? +5\.28 ms │" "comp 320 (16.06e9 + 4 x 32 x 32 x 128 x 512) / 989e12 = 5.28 ms"
has a "B 64  S 512  " "the pane says S 512"
step a O "^ S 2k: " "O again: S 2k"
step a o "^ S 512: " "o: back to S 512"
step a o "^ S 0: " "o: S 0"
step a o "^ S 0: the end of its ladder" "o at S 0: the ladder's end"
step a b "^ B 32: verify compute-bound -> memory-bound" "b: B 32, memory-bound again"
step a t "^ t: the machine \(--hw\) sets the costs" "t refused with a machine"
unview a

view b 120 40 C.UTF-8 -- --hw h100-sxm --context 8192 --noise 0.8 --seed 1 --rate 100
has b "B 1  S 8k  c=t_D/t_T" "120x40: B 1, S 8k"
has b "verify 5 tok/step: memory-bound \(ridge 295\)" "120x40: the bound in full"
has b "│ mem  (█)+ 5\.11 ms" "the KV reads add (16.06e9 + 8192 x 131072) / 3.35e12 s = 5.11 ms"
step b O "^ S 32k: verify still memory-bound; speculation now [0-9.]+x" "O: S 32k"
has b "B 1  S 32k  " "the pane says S 32k"
unview b

view c 80 24 C.UTF-8 -- --noise 0.8 --seed 1 --rate 100
hasnt c "roofline" "without a machine: the cost model pane"
step c B "^ B: B and S are the machine's: restart with --hw" "B refused without a machine"
unview c

done_testing
