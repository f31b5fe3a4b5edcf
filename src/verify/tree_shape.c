/* tree_shape.c: token-tree shapes, parsed from branching factors or index
 * paths and written as index paths (tree_shape.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/tree_shape.h"

/* One index path while parsing: its length and indices. */
struct tree_path {
	int len;
	int idx[TREE_DEPTH_MAX];
};

static int
fail(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

/* Append a node under parent; its links filled. */
static int
add_node(struct tree_shape *s, int parent)
{
	int v = s->n++;

	s->parent[v] = parent;
	s->depth_of[v] = parent < 0 ? 0 : s->depth_of[parent] + 1;
	s->rank[v] = parent < 0 ? 0 : s->nchild[parent];
	s->first_child[v] = 0;
	s->nchild[v] = 0;
	if (parent >= 0) {
		if (s->nchild[parent]++ == 0)
			s->first_child[parent] = v;
		if (s->depth_of[v] > s->depth)
			s->depth = s->depth_of[v];
	}
	return v;
}

static void
start(struct tree_shape *s)
{
	memset(s, 0, sizeof *s);
	add_node(s, -1);
}

/* A non-negative integer at *p, at most max; advances *p. -1 when none. */
static long
read_int(const char **p, long max)
{
	char *end;
	long v;

	while (isspace((unsigned char)**p))
		(*p)++;
	if (!isdigit((unsigned char)**p))
		return -1;
	v = strtol(*p, &end, 10);
	*p = end;
	return v > max ? max + 1 : v;
}

static void
skip_space(const char **p)
{
	while (isspace((unsigned char)**p))
		(*p)++;
}

/* "3,2,1": node counts multiply depth by depth. */
static int
parse_factors(const char *text, struct tree_shape *s, char *err, size_t errlen)
{
	int factor[TREE_DEPTH_MAX], depth = 0, d, lo = 0, hi = 1, v, c;
	const char *p = text;
	long b;

	for (;;) {
		if ((b = read_int(&p, TREE_NODES_MAX)) < 1)
			return fail(err, errlen, "expected branching factors from 1 to 64 "
			    "separated by commas (\"2\", \"3,2,1\") or index paths "
			    "(\"[(0,), (1,), (0, 0)]\")");
		if (depth == TREE_DEPTH_MAX)
			return fail(err, errlen, "deeper than 32");
		factor[depth++] = (int)b;
		skip_space(&p);
		if (*p == '\0')
			break;
		if (*p++ != ',')
			return fail(err, errlen, "expected a comma between branching factors");
	}
	start(s);
	for (d = 0; d < depth; d++) {
		for (v = lo; v < hi; v++)
			for (c = 0; c < factor[d]; c++) {
				if (s->n > TREE_NODES_MAX)
					return fail(err, errlen, "more than 64 nodes");
				add_node(s, v);
			}
		lo = hi;
		hi = s->n;
	}
	return 0;
}

/* One "(i, j, ...)" into path; advances *p. */
static int
parse_tuple(const char **p, struct tree_path *path, char *err, size_t errlen)
{
	long v;

	path->len = 0;
	if (**p != '(')
		return fail(err, errlen, "expected \"(\" to open an index path");
	(*p)++;
	for (;;) {
		if ((v = read_int(p, TREE_NODES_MAX - 1)) < 0)
			return fail(err, errlen, "expected an index from 0 to 63 in a path");
		if (v > TREE_NODES_MAX - 1 || path->len == TREE_DEPTH_MAX)
			return fail(err, errlen, v > TREE_NODES_MAX - 1 ?
			    "an index above 63" : "a path deeper than 32");
		path->idx[path->len++] = (int)v;
		skip_space(p);
		if (**p == ',') {
			(*p)++;
			skip_space(p);
		}
		if (**p == ')') {
			(*p)++;
			return 0;
		}
		if (!isdigit((unsigned char)**p))
			return fail(err, errlen, "expected \",\" or \")\" in an index path");
	}
}

static int
path_cmp(const void *a, const void *b)
{
	const struct tree_path *x = a, *y = b;
	int i;

	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	for (i = 0; i < x->len; i++)
		if (x->idx[i] != y->idx[i])
			return x->idx[i] < y->idx[i] ? -1 : 1;
	return 0;
}

/* The node of path's first len indices among the first n paths (sorted);
 * 0 for the root, -1 when absent. */
static int
find_prefix(const struct tree_path *paths, int n, const struct tree_path *path, int len)
{
	struct tree_path key = *path;
	int i;

	if (len == 0)
		return 0;
	key.len = len;
	for (i = 0; i < n; i++)
		if (path_cmp(&paths[i], &key) == 0)
			return i + 1;
	return -1;
}

/* The sorted paths as nodes: each parent present, siblings numbered from 0. */
static int
build_paths(struct tree_path *paths, int n, struct tree_shape *s, char *err,
    size_t errlen)
{
	int i, parent;

	qsort(paths, (size_t)n, sizeof *paths, path_cmp);
	start(s);
	for (i = 0; i < n; i++) {
		const struct tree_path *t = &paths[i];

		if (i > 0 && path_cmp(&paths[i - 1], t) == 0)
			return fail(err, errlen, "an index path given twice");
		if ((parent = find_prefix(paths, i, t, t->len - 1)) < 0)
			return fail(err, errlen, "an index path whose parent is not in the "
			    "tree");
		if (t->idx[t->len - 1] != s->nchild[parent])
			return fail(err, errlen, "siblings must be numbered 0, 1, 2, ... "
			    "with none missing");
		add_node(s, parent);
	}
	return 0;
}

/* "[(0,), (1,), (0, 0)]". */
static int
parse_paths(const char *text, struct tree_shape *s, char *err, size_t errlen)
{
	struct tree_path paths[TREE_NODES_MAX];
	struct tree_path path;
	const char *p = text + 1;
	int n = 0;

	for (;;) {
		skip_space(&p);
		if (*p == ']' && n > 0)
			break;
		if (parse_tuple(&p, &path, err, errlen) != 0)
			return -1;
		if (n == TREE_NODES_MAX)
			return fail(err, errlen, "more than 64 nodes");
		paths[n++] = path;
		skip_space(&p);
		if (*p == ',')
			p++;
		else if (*p != ']')
			return fail(err, errlen, "expected \",\" or \"]\" after an index path");
	}
	p++;
	skip_space(&p);
	if (*p != '\0')
		return fail(err, errlen, "text after the closing \"]\"");
	return build_paths(paths, n, s, err, errlen);
}

int
tree_shape_dyn_candidates(int k, int steps)
{
	return k + (steps - 1) * k * k;
}

/* One of dynamic:'s three numbers: from lo to hi, then sep. */
static int
read_dyn(const char **p, int lo, int hi, char sep, int *out)
{
	long v = read_int(p, hi);

	skip_space(p);
	if (v < lo || v > hi || **p != sep)
		return -1;
	if (sep != '\0')
		(*p)++;
	*out = (int)v;
	return 0;
}

/* "dynamic:K,STEPS,N" (after the colon): SGLang's three options. */
static int
parse_dynamic(const char *p, struct tree_shape *s, char *err, size_t errlen)
{
	int k, steps, n;

	if (read_dyn(&p, 1, TREE_DYN_K_MAX, ',', &k) != 0 ||
	    read_dyn(&p, 1, TREE_DEPTH_MAX, ',', &steps) != 0 ||
	    read_dyn(&p, 2, TREE_NODES_MAX + 1, '\0', &n) != 0)
		return fail(err, errlen, "expected dynamic:K,STEPS,N with K from 1 to 8, "
		    "STEPS from 1 to 32 and N (the nodes, the root counted) from 2 to 65");
	if (n - 1 > tree_shape_dyn_candidates(k, steps)) {
		snprintf(err, errlen, "dynamic:%d,%d,%d keeps N - 1 = %d of only K + "
		    "(STEPS - 1) K^2 = %d candidates: lower N or raise K or STEPS", k,
		    steps, n, n - 1, tree_shape_dyn_candidates(k, steps));
		return -1;
	}
	start(s);
	s->n = n;
	s->depth = steps;
	s->dyn_k = k;
	return 0;
}

int
tree_shape_parse(const char *text, struct tree_shape *shape, char *err, size_t errlen)
{
	const char *p = text;
	int rc;

	skip_space(&p);
	if (strncmp(p, "dynamic:", 8) == 0)
		rc = parse_dynamic(p + 8, shape, err, errlen);
	else
		rc = *p == '[' ? parse_paths(p, shape, err, errlen) :
		    parse_factors(p, shape, err, errlen);
	if (rc != 0)
		memset(shape, 0, sizeof *shape);
	return rc;
}

void
tree_shape_chain(int gamma, struct tree_shape *shape)
{
	int d;

	start(shape);
	for (d = 0; d < gamma && d < TREE_NODES_MAX; d++)
		add_node(shape, d);
}

/* The index path of node v into idx; its length. */
static int
node_path(const struct tree_shape *s, int v, int *idx)
{
	int len = s->depth_of[v], k;

	for (k = len - 1; k >= 0; k--, v = s->parent[v])
		idx[k] = s->rank[v];
	return len;
}

void
tree_shape_format(const struct tree_shape *shape, char *buf, size_t len)
{
	int idx[TREE_DEPTH_MAX], v, k, n;
	size_t at = 0;

#define PUT(...) do { \
		int w_ = snprintf(buf + at, at < len ? len - at : 0, __VA_ARGS__); \
		at += w_ > 0 ? (size_t)w_ : 0; \
	} while (0)
	if (len == 0)
		return;
	buf[0] = '\0';
	if (shape->dyn_k > 0) {
		PUT("dynamic:%d,%d,%d", shape->dyn_k, shape->depth, shape->n);
		return;
	}
	PUT("[");
	for (v = 1; v < shape->n; v++) {
		n = node_path(shape, v, idx);
		PUT("%s(", v > 1 ? ", " : "");
		for (k = 0; k < n; k++)
			PUT(k > 0 ? ", %d" : "%d", idx[k]);
		PUT(n == 1 ? ",)" : ")");
	}
	PUT("]");
#undef PUT
}

int
tree_shape_nodes(const struct tree_shape *shape)
{
	return shape->n > 0 ? shape->n - 1 : 0;
}

int
tree_shape_max_width(const struct tree_shape *shape)
{
	int v, w = shape->dyn_k;

	for (v = 0; v < shape->n && shape->dyn_k == 0; v++)
		w = shape->nchild[v] > w ? shape->nchild[v] : w;
	return w;
}

void
tree_shape_start(struct tree_shape *shape)
{
	start(shape);
}

int
tree_shape_add(struct tree_shape *shape, int parent)
{
	return add_node(shape, parent);
}
