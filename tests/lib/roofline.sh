# roofline.sh: the roofline of h100-sxm with llama-3.1-8b and llama-3.2-1b,
# worked in awk for the tests to compare the program with (not its helper).
# ROOFLINE_AWK defines tt(B, S, n) and td(B, S) in seconds (the global bound:
# the last pass's "memory" or "compute"), spd(alpha, g, B, S), far(a, b) (apart
# by more than 1e-9 relative) and best(alpha, B, S) into bg and bs over g 1..16;
# td takes the draft's context as given (apply a KV budget before).
# The model by hand: h100-sxm 989 TFLOPS, 3.35 TB/s; bytes 2.
# target P 8.03e9, L 32, n_kv 8, hd 128, H 32; draft 1.24e9, 16, 8, 64, 32.
ROOFLINE_AWK='
function pass(P, L, kv, hd, H, B, S, n,   mem, comp) {
	mem = (2 * P + B * S * 2 * L * kv * hd * 2) / 3.35e12
	comp = B * n * (2 * P + 4 * L * H * hd * S) / 989e12
	bound = comp > mem ? "compute" : "memory"
	return comp > mem ? comp : mem
}
function tt(B, S, n) { return pass(8.03e9, 32, 8, 128, 32, B, S, n) }
function td(B, S) { return pass(1.24e9, 16, 8, 64, 32, B, S, 1) }
function spd(a, g, B, S) {
	return (1 - a ^ (g + 1)) / (1 - a) * tt(B, S, 1) / (g * td(B, S) + tt(B, S, g + 1))
}
function far(a, b) { return (a - b) ^ 2 > (1e-9 * b) ^ 2 }
function best(a, B, S,   g, s) {
	bg = 0; bs = 1
	for (g = 1; g <= 16; g++) { s = spd(a, g, B, S); if (s > bs) { bs = s; bg = g } }
}'
