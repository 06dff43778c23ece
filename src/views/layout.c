/* layout.c - node positions for the tree view and the outline.
 *
 * Three linear passes over the preorder array, no recursion (trees may be
 * 10,000 levels deep): box widths and subtree widths bottom-up (a child's
 * index is always larger than its parent's), subtree column ranges
 * top-down, then each box centred over its children, bottom-up, clamped
 * into its own subtree's range so that no two boxes on a row can meet.
 */
#include "views/layout.h"

#include <stdlib.h>
#include <string.h>

#include "base/str.h"
#include "base/utf8.h"

unsigned ab_text_width(const char *text)
{
	unsigned width = 0;
	size_t n = strlen(text);
	while (n) {
		uint32_t cp;
		size_t len = ab_utf8_decode(text, n, &cp);
		if (len == 0) {
			len = 1;
			width++;
		} else {
			width += (unsigned)ab_utf8_width(cp);
		}
		text += len;
		n -= len;
	}
	return width;
}

static unsigned value_width(ab_value v, int64_t scale, const struct ab_glyphs *g)
{
	if (v == AB_POS_INF)
		return ab_text_width(g->pos_inf);
	if (v == AB_NEG_INF)
		return ab_text_width(g->neg_inf);
	if (scale != 1) {
		/* Decimals and fractions ("2.99", "10/3"): as written. */
		struct ab_str text = AB_STR_INIT;
		ab_format_value(v, scale, g, &text);
		unsigned w = ab_text_width(ab_str_cstr(&text));
		ab_str_free(&text);
		return w;
	}
	unsigned w = v < 0 ? 2 : 1;
	for (ab_value a = v < 0 ? -v : v; a >= 10; a /= 10)
		w++;
	return w;
}

static uint32_t max_u32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

void ab_layout_prob_text(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	uint32_t p = tree->nodes[n].parent;
	if (!tree->probs || p == AB_NONE ||
	    ab_player_at(tree, p, tree->root_player) != AB_CHANCE)
		return;
	ab_exact_format((struct ab_exact){ tree->probs[n].num, tree->probs[n].den }, out);
	ab_str_add(out, ": ");
}

unsigned ab_layout_prob_width(const struct ab_tree *tree, uint32_t n)
{
	struct ab_str text = AB_STR_INIT;
	ab_layout_prob_text(tree, n, &text);
	unsigned w = ab_text_width(ab_str_cstr(&text));
	ab_str_free(&text);
	return w;
}

/* The widest box text of every node, from the widest value anywhere. */
static void box_widths(struct ab_layout *l, const struct ab_tree *tree,
		       const struct ab_glyphs *g, bool compact)
{
	unsigned widest = max_u32(ab_text_width(g->pos_inf), ab_text_width(g->neg_inf));
	for (uint32_t n = 0; n < tree->count; n++)
		if (ab_is_leaf(tree, n))
			widest = max_u32(widest, value_width(tree->nodes[n].value,
							     tree->scale, g));
	/* Expectations and Star1's windows may need more digits than any
	 * leaf ("8.4", "54/7"): a little room for them. */
	if (tree->nchance)
		widest = max_u32(widest + 2, 6);
	unsigned rel = max_u32(ab_text_width(g->le), ab_text_width(g->ge));
	unsigned bound = rel + 1 + widest;           /* "≤ 12" or "= 12" */
	unsigned window = 1 + widest + 2 + widest + 1; /* "[-∞, 12]" */
	unsigned mark = ab_text_width(g->cut_mark);
	struct ab_str name = AB_STR_INIT;
	for (uint32_t n = 0; n < tree->count; n++) {
		ab_str_clear(&name);
		ab_tree_name(tree, n, &name);
		unsigned nw = ab_text_width(ab_str_cstr(&name));
		unsigned w;
		if (ab_is_leaf(tree, n))
			w = max_u32(compact ? 1 : nw,
				    mark + value_width(tree->nodes[n].value, tree->scale, g));
		else
			w = max_u32(1 + nw + 1 + bound, window); /* "▲A ≤ 12" */
		w += ab_layout_prob_width(tree, n);
		l->w[n] = (uint16_t)(w > UINT16_MAX ? UINT16_MAX : w);
	}
	ab_str_free(&name);
}

/* Columns between sibling subtrees: leaves sit closer together; a spread
 * layout adds its extra columns to every gap. */
static uint32_t gap_between(const struct ab_layout *l, const struct ab_tree *tree,
			    uint32_t a, uint32_t b)
{
	return (ab_is_leaf(tree, a) && ab_is_leaf(tree, b) ? 1 : 2) + l->spread;
}

static uint32_t kids_width(const struct ab_layout *l, const struct ab_tree *tree,
			   uint32_t n)
{
	uint32_t k = tree->nodes[n].nkids, total = 0;
	for (uint32_t i = 0; i < k; i++) {
		uint32_t kid = ab_kid(tree, n, i);
		total += l->sub_w[kid];
		if (i > 0)
			total += gap_between(l, tree, ab_kid(tree, n, i - 1), kid);
	}
	return total;
}

static void layout_alloc(struct ab_layout *l, const struct ab_tree *tree,
			 const struct ab_layout_options *o)
{
	uint32_t count = tree->count;
	l->spread = o->spread;
	l->level_rows = o->level_rows > AB_LAYOUT_LEVEL_ROWS ? o->level_rows : AB_LAYOUT_LEVEL_ROWS;
	l->compact = o->compact;
	l->count = count;
	l->x = ab_xcalloc(count ? count : 1, sizeof *l->x);
	l->w = ab_xcalloc(count ? count : 1, sizeof *l->w);
	l->sub_x = ab_xcalloc(count ? count : 1, sizeof *l->sub_x);
	l->sub_w = ab_xcalloc(count ? count : 1, sizeof *l->sub_w);
	l->width = l->height = 0;
}

static void place(struct ab_layout *l, const struct ab_tree *tree);

void ab_layout_compute_with(struct ab_layout *l, const struct ab_tree *tree,
			    const struct ab_glyphs *g, const struct ab_layout_options *o)
{
	layout_alloc(l, tree, o);
	if (!tree->count)
		return;
	box_widths(l, tree, g, o->compact);
	place(l, tree);
}

void ab_layout_compute(struct ab_layout *l, const struct ab_tree *tree,
		       const struct ab_glyphs *g)
{
	ab_layout_compute_with(l, tree, g, &(struct ab_layout_options){ 0 });
}

void ab_layout_compute_widths(struct ab_layout *l, const struct ab_tree *tree,
			      const unsigned *widths)
{
	layout_alloc(l, tree, &(struct ab_layout_options){ 0 });
	if (!tree->count)
		return;
	for (uint32_t n = 0; n < tree->count; n++) {
		unsigned w = widths[n] ? widths[n] : 1;
		l->w[n] = (uint16_t)(w > UINT16_MAX ? UINT16_MAX : w);
	}
	place(l, tree);
}

/* Subtree ranges and box columns from the box widths in l->w. */
static void place(struct ab_layout *l, const struct ab_tree *tree)
{
	uint32_t count = tree->count;
	for (uint32_t n = count; n-- > 0;)
		l->sub_w[n] = max_u32(l->w[n], kids_width(l, tree, n));
	l->sub_x[0] = 0;
	for (uint32_t n = 0; n < count; n++) {
		uint32_t k = tree->nodes[n].nkids;
		if (!k)
			continue;
		uint32_t x = l->sub_x[n] + (l->sub_w[n] - kids_width(l, tree, n)) / 2;
		for (uint32_t i = 0; i < k; i++) {
			uint32_t kid = ab_kid(tree, n, i);
			if (i > 0)
				x += gap_between(l, tree, ab_kid(tree, n, i - 1), kid);
			l->sub_x[kid] = x;
			x += l->sub_w[kid];
		}
	}
	for (uint32_t n = count; n-- > 0;) {
		uint32_t k = tree->nodes[n].nkids;
		uint32_t lo = l->sub_x[n], hi = l->sub_x[n] + l->sub_w[n] - l->w[n];
		uint32_t x;
		if (!k) {
			x = lo + (l->sub_w[n] - l->w[n]) / 2;
		} else {
			/* Over the middle child, or between the middle two. */
			uint32_t mid = (ab_layout_centre(l, ab_kid(tree, n, (k - 1) / 2)) +
					ab_layout_centre(l, ab_kid(tree, n, k / 2))) / 2;
			uint32_t half = (l->w[n] - 1u) / 2u;
			x = mid > half ? mid - half : 0;
			if (x < lo)
				x = lo;
			if (x > hi)
				x = hi;
		}
		l->x[n] = x;
	}
	l->width = l->sub_w[0];
	l->height = tree->height * l->level_rows + AB_LAYOUT_BOX_ROWS;
}

void ab_layout_free(struct ab_layout *l)
{
	free(l->x);
	free(l->w);
	free(l->sub_x);
	free(l->sub_w);
	memset(l, 0, sizeof *l);
}

void ab_layout_clamp(const struct ab_layout *l, uint32_t cols, uint32_t rows,
		     struct ab_scroll *scroll)
{
	uint32_t maxx = l->width > cols ? l->width - cols : 0;
	uint32_t maxy = l->height > rows ? l->height - rows : 0;
	if (scroll->x > maxx)
		scroll->x = maxx;
	if (scroll->y > maxy)
		scroll->y = maxy;
}

/* One axis of ab_layout_follow: show [start, start + len) in a view of
 * size cells over a drawing of total cells, centring it when it must
 * move. */
static uint32_t follow_axis(uint32_t start, uint32_t len, uint32_t size,
			    uint32_t total, uint32_t pos)
{
	if (start >= pos && start + len <= pos + size)
		return pos;
	if (len >= size)
		return start;
	uint32_t centre = start + len / 2;
	uint32_t p = centre > size / 2 ? centre - size / 2 : 0;
	if (total > size && p > total - size)
		p = total - size;
	if (p > start)
		p = start;
	if (start + len > p + size)
		p = start + len - size;
	return p;
}

void ab_layout_follow(const struct ab_layout *l, const struct ab_tree *tree,
		      uint32_t n, uint32_t cols, uint32_t rows,
		      struct ab_scroll *scroll)
{
	if (n >= l->count || !cols || !rows)
		return;
	scroll->x = follow_axis(l->x[n], l->w[n], cols, l->width, scroll->x);
	scroll->y = follow_axis(ab_layout_row(l, tree, n), AB_LAYOUT_BOX_ROWS, rows,
				l->height, scroll->y);
}

void ab_outline_follow(uint32_t count, uint32_t n, uint32_t rows, uint32_t *top)
{
	if (!rows || n >= count)
		return;
	*top = follow_axis(n, 1, rows, count, *top);
}

bool ab_layout_subtree_visible(const struct ab_layout *l,
			       const struct ab_tree *tree, uint32_t n,
			       const struct ab_scroll *s, uint32_t cols,
			       uint32_t rows)
{
	if (ab_layout_row(l, tree, n) >= (uint64_t)s->y + rows)
		return false; /* it and everything below it is under the view */
	return l->sub_x[n] < (uint64_t)s->x + cols && l->sub_x[n] + l->sub_w[n] > s->x;
}

uint32_t ab_layout_hit(const struct ab_layout *l, const struct ab_tree *tree,
		       uint32_t col, uint32_t row)
{
	if (!l->count)
		return AB_NONE;
	uint32_t n = 0;
	for (;;) {
		uint32_t top = ab_layout_row(l, tree, n);
		if (row < top)
			return AB_NONE;
		if (row < top + AB_LAYOUT_BOX_ROWS)
			return col >= l->x[n] && col < l->x[n] + l->w[n] ? n : AB_NONE;
		uint32_t k = tree->nodes[n].nkids, next = AB_NONE;
		for (uint32_t i = 0; i < k && next == AB_NONE; i++) {
			uint32_t kid = ab_kid(tree, n, i);
			if (col >= l->sub_x[kid] && col < l->sub_x[kid] + l->sub_w[kid])
				next = kid;
		}
		if (next == AB_NONE)
			return AB_NONE;
		n = next;
	}
}

void ab_outline_order(const struct ab_tree *tree, uint32_t *order, uint32_t *line)
{
	/* An explicit stack: children pushed last first, so they pop in order. */
	uint32_t *stack = ab_xmalloc((tree->count ? tree->count : 1) * sizeof *stack);
	uint32_t top = 0, next = 0;
	if (tree->count)
		stack[top++] = 0;
	while (top) {
		uint32_t n = stack[--top];
		order[next] = n;
		line[n] = next++;
		for (uint32_t i = tree->nodes[n].nkids; i-- > 0;)
			stack[top++] = ab_kid(tree, n, i);
	}
	free(stack);
}
