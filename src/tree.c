/* tree.c - the game tree: building in preorder, names and paths, values,
 * edits and writing back.
 *
 * Nodes are appended in preorder; ab_tree_finish then lays out kids[] and
 * the per-node numbers that need the whole tree (first_kid, end) plus the
 * tree's leaf count and height.  Labels sit in one NUL-separated pool, found
 * through an open-addressing hash of node indices.  Nothing here recurses:
 * a tree may be AB_MAX_DEPTH levels deep, and every walk is either a loop
 * over the preorder array or an explicit stack.
 */
#include "tree.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- Labels: pool and hash -------------------------------------------- */

static uint32_t hash_bytes(const char *s, size_t n)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

static bool label_equals(const struct ab_tree *t, uint32_t node,
			 const char *s, size_t n)
{
	const char *l = t->labels + t->nodes[node].label;
	return memcmp(l, s, n) == 0 && l[n] == '\0';
}

/* The node labelled exactly s (n bytes), or AB_NONE. */
static uint32_t label_lookup(const struct ab_tree *t, const char *s, size_t n)
{
	if (!t->label_slots_len)
		return AB_NONE;
	uint32_t mask = t->label_slots_len - 1;
	for (uint32_t i = hash_bytes(s, n) & mask;; i = (i + 1) & mask) {
		uint32_t node = t->label_slots[i];
		if (node == AB_NONE)
			return AB_NONE;
		if (label_equals(t, node, s, n))
			return node;
	}
}

static void slot_insert(uint32_t *slots, uint32_t len, uint32_t h,
			uint32_t node)
{
	uint32_t mask = len - 1;
	uint32_t i = h & mask;
	while (slots[i] != AB_NONE)
		i = (i + 1) & mask;
	slots[i] = node;
}

/* Keeps the hash at most half full, doubling it when needed. */
static void grow_slots(struct ab_tree *t)
{
	if ((uint64_t)(t->nlabels + 1) * 2 <= t->label_slots_len)
		return;
	uint32_t len = t->label_slots_len ? t->label_slots_len * 2 : 16;
	uint32_t *slots = ab_xreallocarray(NULL, len, sizeof *slots);
	for (uint32_t i = 0; i < len; i++)
		slots[i] = AB_NONE;
	for (uint32_t i = 0; i < t->label_slots_len; i++) {
		uint32_t node = t->label_slots[i];
		if (node == AB_NONE)
			continue;
		const char *l = t->labels + t->nodes[node].label;
		slot_insert(slots, len, hash_bytes(l, strlen(l)), node);
	}
	free(t->label_slots);
	t->label_slots = slots;
	t->label_slots_len = len;
}

static uint32_t pool_add(struct ab_tree *t, const char *s, size_t n)
{
	size_t need = t->labels_len + n + 1;
	if (need > UINT32_MAX)
		ab_oom();
	if (need > t->labels_cap) {
		size_t cap = t->labels_cap ? t->labels_cap : 256;
		while (cap < need)
			cap *= 2;
		t->labels = ab_xrealloc(t->labels, cap);
		t->labels_cap = cap;
	}
	uint32_t off = (uint32_t)t->labels_len;
	memcpy(t->labels + off, s, n);
	t->labels[off + n] = '\0';
	t->labels_len = need;
	return off;
}

/* ---- Building ---------------------------------------------------------- */

struct ab_tree *ab_tree_new(void)
{
	struct ab_tree *t = ab_xcalloc(1, sizeof *t);
	t->root_player = AB_MAX;
	return t;
}

void ab_tree_free(struct ab_tree *tree)
{
	if (!tree)
		return;
	free(tree->nodes);
	free(tree->kids);
	free(tree->labels);
	free(tree->label_slots);
	free(tree->title);
	free(tree->source);
	free(tree);
}

void ab_tree_reserve(struct ab_tree *tree, uint32_t n)
{
	if (n > AB_MAX_NODES)
		n = AB_MAX_NODES;
	if (n <= tree->cap)
		return;
	struct ab_node *nodes = ab_xreallocarray(NULL, n, sizeof *nodes);
	if (tree->count)
		memcpy(nodes, tree->nodes, (size_t)tree->count * sizeof *nodes);
	free(tree->nodes);
	tree->nodes = nodes;
	tree->cap = n;
}

enum ab_build_status ab_tree_add(struct ab_tree *tree, uint32_t parent,
				 const char *label, size_t labellen,
				 ab_value value, uint32_t *out)
{
	struct ab_tree *t = tree;
	assert(parent == AB_NONE ? t->count == 0 : parent < t->count);
	if (t->count >= AB_MAX_NODES)
		return AB_BUILD_TOO_MANY_NODES;
	if (!label)
		labellen = 0;
	if (labellen) {
		if (parent != AB_NONE && labellen == 4 &&
		    memcmp(label, "root", 4) == 0)
			return AB_BUILD_RESERVED_LABEL;
		if (label_lookup(t, label, labellen) != AB_NONE)
			return AB_BUILD_DUPLICATE_LABEL;
	}
	if (t->count == t->cap) {
		uint32_t cap = t->cap ? t->cap * 2 : 64;
		if (cap > AB_MAX_NODES)
			cap = AB_MAX_NODES;
		t->nodes = ab_xreallocarray(t->nodes, cap, sizeof *t->nodes);
		t->cap = cap;
	}
	uint32_t n = t->count++;
	struct ab_node *node = &t->nodes[n];
	node->parent = parent;
	node->first_kid = 0;
	node->nkids = 0;
	node->rank = 0;
	node->end = n + 1;
	node->depth = 0;
	node->label = AB_NONE;
	node->spare = 0;
	node->value = value;
	if (parent != AB_NONE) {
		struct ab_node *p = &t->nodes[parent];
		node->rank = p->nkids++;
		node->depth = p->depth + 1;
	}
	if (labellen) {
		grow_slots(t);
		node->label = pool_add(t, label, labellen);
		slot_insert(t->label_slots, t->label_slots_len,
			    hash_bytes(label, labellen), n);
		t->nlabels++;
	}
	if (out)
		*out = n;
	return AB_BUILD_OK;
}

void ab_tree_finish(struct ab_tree *tree)
{
	struct ab_tree *t = tree;
	free(t->kids);
	t->kids = NULL;
	t->leaves = 0;
	t->height = 0;
	if (!t->count)
		return;
	if (t->cap > t->count) {
		t->nodes = ab_xreallocarray(t->nodes, t->count,
					    sizeof *t->nodes);
		t->cap = t->count;
	}
	t->kids = ab_xreallocarray(NULL, t->count, sizeof *t->kids);
	/* count - 1 nodes are somebody's child; the last slot is spare and
	 * must not be left uninitialised for whoever copies the array. */
	t->kids[t->count - 1] = AB_NONE;
	/* One pass in preorder.  A parent comes before its children, so its
	 * first_kid is known when they are placed.  The ancestors still open
	 * sit on a stack; a node at depth d closes every one at depth >= d,
	 * and their subtrees end where it starts. */
	size_t cap = 64, sp = 0;
	uint32_t *open = ab_xreallocarray(NULL, cap, sizeof *open);
	uint32_t next = 0;
	for (uint32_t n = 0; n < t->count; n++) {
		struct ab_node *node = &t->nodes[n];
		node->first_kid = next;
		next += node->nkids;
		if (n)
			t->kids[t->nodes[node->parent].first_kid + node->rank] = n;
		while (sp && t->nodes[open[sp - 1]].depth >= node->depth)
			t->nodes[open[--sp]].end = n;
		if (node->nkids) {
			if (sp == cap) {
				cap *= 2;
				open = ab_xreallocarray(open, cap, sizeof *open);
			}
			open[sp++] = n;
			continue;
		}
		node->end = n + 1;
		t->leaves++;
		if (node->depth > t->height)
			t->height = node->depth;
	}
	while (sp)
		t->nodes[open[--sp]].end = t->count;
	free(open);
}

static void set_text(char **field, const char *text)
{
	free(*field);
	*field = text ? ab_xstrdup(text) : NULL;
}

void ab_tree_set_title(struct ab_tree *tree, const char *title)
{
	set_text(&tree->title, title);
}

void ab_tree_set_source(struct ab_tree *tree, const char *source)
{
	set_text(&tree->source, source);
}

/* ---- Names and paths ---------------------------------------------------- */

const char *ab_tree_label(const struct ab_tree *tree, uint32_t n)
{
	uint32_t off = tree->nodes[n].label;
	return off == AB_NONE ? NULL : tree->labels + off;
}

static size_t digits_of(uint32_t v)
{
	size_t d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* Appends the dotted 1-based ranks leading from ancestor anc down to n
 * (n != anc), in O(depth) without scanning any siblings: the length is
 * measured on a first walk up, then the digits are written backwards. */
static void add_rel_path(const struct ab_tree *t, uint32_t anc, uint32_t n,
			 struct ab_str *out)
{
	size_t need = 0;
	for (uint32_t m = n; m != anc; m = t->nodes[m].parent)
		need += digits_of(t->nodes[m].rank + 1) + 1;
	if (!need)
		return;
	need--; /* no dot before the first component */
	static const char blanks[64] = { 0 };
	size_t start = out->len;
	for (size_t left = need; left;) {
		size_t k = left < sizeof blanks ? left : sizeof blanks;
		ab_str_addn(out, blanks, k);
		left -= k;
	}
	char *p = out->s + start + need;
	for (uint32_t m = n; m != anc; m = t->nodes[m].parent) {
		uint32_t v = t->nodes[m].rank + 1;
		do {
			*--p = (char)('0' + v % 10);
			v /= 10;
		} while (v);
		if (p > out->s + start)
			*--p = '.';
	}
}

void ab_tree_path(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	ab_str_add(out, ""); /* so out->s exists even for the root */
	if (tree->nodes[n].parent != AB_NONE)
		add_rel_path(tree, 0, n, out);
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Appends "@N", the short name of node n. */
static void short_name(uint32_t n, struct ab_str *out)
{
	ab_str_addf(out, "@%" PRIu32, n);
}

void ab_tree_name(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	const struct ab_tree *t = tree;
	const char *label = ab_tree_label(t, n);
	if (label) {
		ab_str_add(out, label);
		return;
	}
	if (t->nodes[n].parent == AB_NONE) {
		ab_str_add(out, "root");
		return;
	}
	/* The nearest labelled ancestor, looked for only as far up as a
	 * name of AB_MAX_NAME bytes could reach: k components of a path are
	 * at least 2k - 1 bytes.  Further up, the name is the short one,
	 * and a deep node costs no walk to the root. */
	enum { REACH = AB_MAX_NAME / 2 + 1 };
	uint32_t anc = t->nodes[n].parent;
	unsigned up = 1;
	while (anc != AB_NONE && t->nodes[anc].label == AB_NONE && up <= REACH) {
		anc = t->nodes[anc].parent;
		up++;
	}
	if (up > REACH) {
		short_name(n, out);
		return;
	}
	size_t start = out->len;
	if (anc == AB_NONE) {
		ab_tree_path(t, n, out);
	} else {
		const char *alabel = ab_tree_label(t, anc);
		ab_str_add(out, alabel);
		if (is_digit(alabel[strlen(alabel) - 1]))
			ab_str_addc(out, '.');
		add_rel_path(t, anc, n, out);
		/* The textbook name must lead back here: another node's
		 * label, or a longer label that is a prefix of it, would make
		 * it mean something else, and then the plain path is the
		 * honest name. */
		if (ab_tree_find(t, out->s + start) != n) {
			ab_str_truncate(out, start);
			if ((size_t)t->nodes[n].depth < REACH)
				ab_tree_path(t, n, out);
		}
	}
	if (out->len == start || out->len - start > AB_MAX_NAME) {
		ab_str_truncate(out, start);
		short_name(n, out);
	}
}

/* Follows a dotted path of 1-based ranks (n bytes, at least one component,
 * no leading zeros) down from node from; AB_NONE when it leads nowhere. */
static uint32_t follow_path(const struct ab_tree *t, uint32_t from,
			    const char *s, size_t n)
{
	if (!t->kids || !n)
		return AB_NONE;
	uint32_t m = from;
	size_t i = 0;
	for (;;) {
		if (i >= n || !is_digit(s[i]) || s[i] == '0')
			return AB_NONE;
		uint64_t k = 0;
		while (i < n && is_digit(s[i])) {
			k = k * 10 + (uint64_t)(s[i++] - '0');
			if (k > UINT32_MAX)
				return AB_NONE;
		}
		if (k > t->nodes[m].nkids)
			return AB_NONE;
		m = ab_kid(t, m, (uint32_t)(k - 1));
		if (i == n)
			return m;
		if (s[i++] != '.')
			return AB_NONE;
	}
}

uint32_t ab_tree_find(const struct ab_tree *tree, const char *name)
{
	const struct ab_tree *t = tree;
	if (!name || !*name || !t->count)
		return AB_NONE;
	size_t len = strlen(name);
	if (len <= AB_MAX_LABEL) {
		uint32_t n = label_lookup(t, name, len);
		if (n != AB_NONE)
			return n;
	}
	if (strcmp(name, "root") == 0)
		return 0;
	if (name[0] == '@' && len > 1 && strspn(name + 1, "0123456789") == len - 1 &&
	    (name[1] != '0' || len == 2) && len <= 11) {
		uint64_t k = strtoull(name + 1, NULL, 10);
		return k < t->count ? (uint32_t)k : AB_NONE;
	}
	if (strspn(name, "0123456789.") == len)
		return follow_path(t, 0, name, len);
	/* The textbook form: the longest label that starts the name and is
	 * followed by a relative path (after a dot when it ends in a digit).
	 * Only the longest: with labels C and C2, "C2.1" means a child of
	 * C2 or nothing, never C's 2.1 (ab_tree_name then writes a path). */
	size_t k = len - 1 < AB_MAX_LABEL ? len - 1 : AB_MAX_LABEL;
	for (; k > 0; k--) {
		const char *rest = name + k;
		if (is_digit(name[k - 1])) {
			if (rest[0] != '.')
				continue;
			rest++;
		}
		if (!is_digit(rest[0]))
			continue;
		uint32_t anc = label_lookup(t, name, k);
		if (anc == AB_NONE)
			continue;
		return follow_path(t, anc, rest, len - (size_t)(rest - name));
	}
	return AB_NONE;
}

/* ---- Questions about the whole tree ---------------------------------- */

bool ab_tree_uniform(const struct ab_tree *tree, uint32_t *branching,
		     uint32_t *depth)
{
	const struct ab_tree *t = tree;
	if (!t->count)
		return false;
	uint32_t b = t->nodes[0].nkids;
	uint32_t d = AB_NONE;
	for (uint32_t n = 0; n < t->count; n++) {
		const struct ab_node *node = &t->nodes[n];
		if (node->nkids) {
			if (node->nkids != b)
				return false;
		} else if (d == AB_NONE) {
			d = node->depth;
		} else if (node->depth != d) {
			return false;
		}
	}
	if (branching)
		*branching = b;
	if (depth)
		*depth = d == AB_NONE ? 0 : d;
	return true;
}

void ab_tree_minimax_values(const struct ab_tree *tree, enum ab_player root,
			    ab_value *values)
{
	const struct ab_tree *t = tree;
	/* Reverse preorder: every child has a larger index than its parent. */
	for (uint32_t n = t->count; n-- > 0;) {
		const struct ab_node *node = &t->nodes[n];
		if (!node->nkids) {
			values[n] = node->value;
			continue;
		}
		const uint32_t *kid = t->kids + node->first_kid;
		ab_value best = values[kid[0]];
		bool max = ab_player_at(t, n, root) == AB_MAX;
		for (uint32_t i = 1; i < node->nkids; i++) {
			ab_value v = values[kid[i]];
			if (max ? v > best : v < best)
				best = v;
		}
		values[n] = best;
	}
}

/* ---- Edits ------------------------------------------------------------- */

bool ab_tree_set_value(struct ab_tree *tree, uint32_t n, ab_value value)
{
	if (n >= tree->count || tree->nodes[n].nkids)
		return false;
	if (value > AB_VALUE_MAX || value < -AB_VALUE_MAX)
		return false;
	tree->nodes[n].value = value;
	return true;
}

bool ab_tree_swap_kids(struct ab_tree *tree, uint32_t n, uint32_t i,
		       uint32_t j)
{
	if (n >= tree->count || !tree->kids)
		return false;
	const struct ab_node *node = &tree->nodes[n];
	if (i >= node->nkids || j >= node->nkids)
		return false;
	uint32_t *kid = tree->kids + node->first_kid;
	uint32_t a = kid[i];
	kid[i] = kid[j];
	kid[j] = a;
	tree->nodes[kid[i]].rank = i;
	tree->nodes[kid[j]].rank = j;
	return true;
}

static void *dup_mem(const void *p, size_t count, size_t size)
{
	if (!p)
		return NULL;
	void *q = ab_xreallocarray(NULL, count, size);
	if (count)
		memcpy(q, p, count * size);
	return q;
}

struct ab_tree *ab_tree_clone(const struct ab_tree *tree)
{
	const struct ab_tree *t = tree;
	struct ab_tree *c = ab_xmalloc(sizeof *c);
	*c = *t;
	c->nodes = dup_mem(t->nodes, t->count, sizeof *t->nodes);
	c->cap = t->nodes ? t->count : 0;
	c->kids = dup_mem(t->kids, t->count, sizeof *t->kids);
	c->labels = dup_mem(t->labels, t->labels_len, 1);
	c->labels_cap = t->labels ? t->labels_len : 0;
	c->label_slots = dup_mem(t->label_slots, t->label_slots_len,
				 sizeof *t->label_slots);
	c->title = t->title ? ab_xstrdup(t->title) : NULL;
	c->source = t->source ? ab_xstrdup(t->source) : NULL;
	return c;
}

/* ---- Writing back ------------------------------------------------------ */

/* A header value on one line: control characters become spaces, except
 * the tab, which a header may hold and which must read back the same. */
static void add_header(struct ab_str *out, const char *key, const char *text)
{
	ab_str_add(out, key);
	ab_str_add(out, ": ");
	for (const char *p = text; *p; p++) {
		unsigned char c = (unsigned char)*p;
		bool control = (c < 0x20 && c != '\t') || c == 0x7f;
		ab_str_addc(out, control ? ' ' : (char)c);
	}
	ab_str_addc(out, '\n');
}

/* Writes a node's label and, for a leaf, its value; true for inner nodes,
 * whose '[' was written and whose children are still to come. */
static bool write_node(const struct ab_tree *t, uint32_t n, struct ab_str *out)
{
	const char *label = ab_tree_label(t, n);
	if (label)
		ab_str_add(out, label);
	if (t->nodes[n].nkids) {
		ab_str_addc(out, '[');
		return true;
	}
	if (label)
		ab_str_addc(out, '=');
	ab_str_addf(out, "%" PRId64, t->nodes[n].value);
	return false;
}

void ab_tree_write(const struct ab_tree *tree, struct ab_str *out)
{
	const struct ab_tree *t = tree;
	if (t->title)
		add_header(out, "title", t->title);
	if (t->root_player == AB_MIN)
		ab_str_add(out, "root: min\n");
	if (t->source)
		add_header(out, "source", t->source);
	if (!t->count || !t->kids)
		return;
	/* Commas for bare trees, as lecture notes write them; spaces once
	 * labels make the children easy to tell apart. */
	char sep = t->nlabels ? ' ' : ',';
	struct frame {
		uint32_t node, next;
	} *stack = ab_xreallocarray(NULL, (size_t)t->height + 1, sizeof *stack);
	size_t sp = 0;
	if (write_node(t, 0, out))
		stack[sp++] = (struct frame){ 0, 0 };
	while (sp) {
		struct frame *top = &stack[sp - 1];
		if (top->next == t->nodes[top->node].nkids) {
			ab_str_addc(out, ']');
			sp--;
			continue;
		}
		if (top->next)
			ab_str_addc(out, sep);
		uint32_t kid = ab_kid(t, top->node, top->next++);
		if (write_node(t, kid, out))
			stack[sp++] = (struct frame){ kid, 0 };
	}
	free(stack);
	ab_str_addc(out, '\n');
}
