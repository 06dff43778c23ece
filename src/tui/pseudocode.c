/* pseudocode.c - the three listings as tables of tagged template lines.
 *
 * A template writes {a} for α, {b} for β, {gets} for the assignment arrow,
 * {inf} for infinity, {cut} for the cut test's comparison and {le} for the
 * other way round (a chance node's test); the tag says
 * which step of the algorithm the line is, so mapping an event to a line
 * is a lookup of its tag, the same for every listing.
 */
#include "tui/pseudocode.h"

#include <string.h>

#include "base/i18n.h"

enum tag {
	T_NONE,      /* a line no event executes (a loop header, "else") */
	T_ROOT,      /* the top-level call: the done event */
	T_HEADER,    /* entering a node */
	T_LEAF,      /* looking at a leaf */
	T_MAX_VALUE, T_MAX_ALPHA, T_MAX_CUT, T_MAX_RETURN,
	T_MIN_VALUE, T_MIN_BETA, T_MIN_CUT, T_MIN_RETURN,
	T_CHANCE_VALUE, T_CHANCE_CUT, T_CHANCE_RETURN,
};

struct line {
	enum tag tag;
	const char *text;
};

static const struct line fail_soft[] = {
	{ T_ROOT, "value {gets} ab(root, -{inf}, +{inf})" },
	{ T_HEADER, "ab(n, {a}, {b}):" },
	{ T_LEAF, "  if n is a leaf: return value(n)" },
	{ T_NONE, "  if n is MAX: v {gets} -{inf}" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MAX_VALUE, "      v {gets} max(v, ab(c, {a}, {b}))" },
	{ T_MAX_ALPHA, "      {a} {gets} max({a}, v)" },
	{ T_MAX_CUT, "      if {a} {cut} {b}: break" },
	{ T_MAX_RETURN, "    return v" },
	{ T_NONE, "  if n is MIN: v {gets} +{inf}" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MIN_VALUE, "      v {gets} min(v, ab(c, {a}, {b}))" },
	{ T_MIN_BETA, "      {b} {gets} min({b}, v)" },
	{ T_MIN_CUT, "      if {a} {cut} {b}: break" },
	{ T_MIN_RETURN, "    return v" },
};

/* Fail-hard keeps no separate v: the bound is the value. */
static const struct line fail_hard[] = {
	{ T_ROOT, "value {gets} ab(root, -{inf}, +{inf})" },
	{ T_HEADER, "ab(n, {a}, {b}):" },
	{ T_LEAF, "  if n is a leaf: return value(n)" },
	{ T_NONE, "  if n is MAX:" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MAX_ALPHA, "      {a} {gets} max({a}, ab(c, {a}, {b}))" },
	{ T_MAX_CUT, "      if {a} {cut} {b}: break" },
	{ T_MAX_RETURN, "    return {a}" },
	{ T_NONE, "  if n is MIN:" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MIN_BETA, "      {b} {gets} min({b}, ab(c, {a}, {b}))" },
	{ T_MIN_CUT, "      if {a} {cut} {b}: break" },
	{ T_MIN_RETURN, "    return {b}" },
};

/* Fail-hard clamped to the window: the bound that passed the other is
 * handed back as the other (if v >= beta return beta). */
static const struct line fail_clamp[] = {
	{ T_ROOT, "value {gets} ab(root, -{inf}, +{inf})" },
	{ T_HEADER, "ab(n, {a}, {b}):" },
	{ T_LEAF, "  if n is a leaf: return value(n)" },
	{ T_NONE, "  if n is MAX:" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MAX_ALPHA, "      {a} {gets} max({a}, ab(c, {a}, {b}))" },
	{ T_MAX_CUT, "      if {a} {cut} {b}: break" },
	{ T_MAX_RETURN, "    return min({a}, {b})" },
	{ T_NONE, "  if n is MIN:" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MIN_BETA, "      {b} {gets} min({b}, ab(c, {a}, {b}))" },
	{ T_MIN_CUT, "      if {a} {cut} {b}: break" },
	{ T_MIN_RETURN, "    return max({a}, {b})" },
};

static const struct line minimax[] = {
	{ T_ROOT, "value {gets} mm(root)" },
	{ T_HEADER, "mm(n):" },
	{ T_LEAF, "  if n is a leaf: return value(n)" },
	{ T_NONE, "  if n is MAX: v {gets} -{inf}" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MAX_VALUE, "      v {gets} max(v, mm(c))" },
	{ T_MAX_RETURN, "    return v" },
	{ T_NONE, "  if n is MIN: v {gets} +{inf}" },
	{ T_NONE, "    for each child c of n:" },
	{ T_MIN_VALUE, "      v {gets} min(v, mm(c))" },
	{ T_MIN_RETURN, "    return v" },
};

/* What a chance node does, after each listing's MAX and MIN lines. */
static const struct line chance_soft[] = {
	{ T_NONE, "  if n is chance: S {gets} 0, R {gets} 1" },
	{ T_NONE, "    for each child c, probability p:" },
	{ T_CHANCE_VALUE, "      S {gets} S + p·ab(c, ...); R {gets} R - p" },
	{ T_CHANCE_CUT, "      if S+R·U {le} {a} or S+R·L {cut} {b}: break" },
	{ T_CHANCE_RETURN, "    return S, or the bound that cut" },
};

static const struct line chance_hard[] = {
	{ T_NONE, "  if n is chance: S {gets} 0, R {gets} 1" },
	{ T_NONE, "    for each child c, probability p:" },
	{ T_CHANCE_VALUE, "      S {gets} S + p·ab(c, ...); R {gets} R - p" },
	{ T_CHANCE_CUT, "      if S+R·U {le} {a} or S+R·L {cut} {b}: break" },
	{ T_CHANCE_RETURN, "    return S clamped to [{a}, {b}]" },
};

static const struct line chance_plain[] = {
	{ T_NONE, "  if n is chance: v {gets} 0" },
	{ T_NONE, "    for each child c, probability p:" },
	{ T_CHANCE_VALUE, "      v {gets} v + p·mm(c)" },
	{ T_CHANCE_RETURN, "    return v" },
};

/* Negamax: one branch for both players; s(n) is +1 where MAX moves, -1
 * where MIN does, and a child is searched with the window negated and
 * swapped.  MIN's events map to the MAX tags (see ab_pseudo_line_of). */
static const struct line negamax_soft[] = {
	{ T_ROOT, "value {gets} nm(root, -{inf}, +{inf})" },
	{ T_HEADER, "nm(n, {a}, {b}):" },
	{ T_LEAF, "  if n is a leaf: return s(n)*value(n)" },
	{ T_NONE, "  v {gets} -{inf}" },
	{ T_NONE, "  for each child c of n:" },
	{ T_MAX_VALUE, "    v {gets} max(v, -nm(c, -{b}, -{a}))" },
	{ T_MAX_ALPHA, "    {a} {gets} max({a}, v)" },
	{ T_MAX_CUT, "    if {a} {cut} {b}: break" },
	{ T_MAX_RETURN, "  return v" },
};

static const struct line negamax_hard[] = {
	{ T_ROOT, "value {gets} nm(root, -{inf}, +{inf})" },
	{ T_HEADER, "nm(n, {a}, {b}):" },
	{ T_LEAF, "  if n is a leaf: return s(n)*value(n)" },
	{ T_NONE, "  for each child c of n:" },
	{ T_MAX_ALPHA, "    {a} {gets} max({a}, -nm(c, -{b}, -{a}))" },
	{ T_MAX_CUT, "    if {a} {cut} {b}: break" },
	{ T_MAX_RETURN, "  return {a}" },
};

static const struct line negamax_clamp[] = {
	{ T_ROOT, "value {gets} nm(root, -{inf}, +{inf})" },
	{ T_HEADER, "nm(n, {a}, {b}):" },
	{ T_LEAF, "  if n is a leaf: return s(n)*value(n)" },
	{ T_NONE, "  for each child c of n:" },
	{ T_MAX_ALPHA, "    {a} {gets} max({a}, -nm(c, -{b}, -{a}))" },
	{ T_MAX_CUT, "    if {a} {cut} {b}: break" },
	{ T_MAX_RETURN, "  return min({a}, {b})" },
};

static const struct line negamax_plain[] = {
	{ T_ROOT, "value {gets} nm(root)" },
	{ T_HEADER, "nm(n):" },
	{ T_LEAF, "  if n is a leaf: return s(n)*value(n)" },
	{ T_NONE, "  v {gets} -{inf}" },
	{ T_NONE, "  for each child c of n:" },
	{ T_MAX_VALUE, "    v {gets} max(v, -nm(c))" },
	{ T_MAX_RETURN, "  return v" },
};

#define LINES(a) a, sizeof a / sizeof a[0]

/* A listing: its lines, and for the chance listings the chance node's
 * lines after them. */
static const struct listing {
	const struct line *lines;
	unsigned count;
	const struct line *more;
	unsigned nmore;
	const char *title;
} listings[] = {
	[AB_PSEUDO_FAIL_SOFT] = { LINES(fail_soft), NULL, 0, N_("alpha-beta, fail-soft") },
	[AB_PSEUDO_FAIL_HARD] = { LINES(fail_hard), NULL, 0, N_("alpha-beta, fail-hard") },
	[AB_PSEUDO_FAIL_CLAMP] = { LINES(fail_clamp), NULL, 0, N_("alpha-beta, fail-hard=clamp") },
	[AB_PSEUDO_MINIMAX] = { LINES(minimax), NULL, 0, N_("minimax") },
	[AB_PSEUDO_FAIL_SOFT_CHANCE] = { LINES(fail_soft), LINES(chance_soft),
					 N_("alpha-beta, fail-soft") },
	[AB_PSEUDO_FAIL_HARD_CHANCE] = { LINES(fail_hard), LINES(chance_hard),
					 N_("alpha-beta, fail-hard") },
	[AB_PSEUDO_FAIL_CLAMP_CHANCE] = { LINES(fail_clamp), LINES(chance_hard),
					  N_("alpha-beta, fail-hard=clamp") },
	[AB_PSEUDO_EXPECTIMAX] = { LINES(minimax), LINES(chance_plain), N_("expectimax") },
	[AB_PSEUDO_NEGAMAX_SOFT] = { LINES(negamax_soft), NULL, 0,
				     N_("negamax alpha-beta, fail-soft") },
	[AB_PSEUDO_NEGAMAX_HARD] = { LINES(negamax_hard), NULL, 0,
				     N_("negamax alpha-beta, fail-hard") },
	[AB_PSEUDO_NEGAMAX_CLAMP] = { LINES(negamax_clamp), NULL, 0,
				      N_("negamax alpha-beta, fail-hard=clamp") },
	[AB_PSEUDO_NEGAMAX] = { LINES(negamax_plain), NULL, 0, N_("negamax") },
};

/* Line i of a listing, counting on into its chance lines. */
static const struct line *line_at(enum ab_pseudo_kind kind, unsigned i)
{
	const struct listing *l = &listings[kind];
	if (i < l->count)
		return &l->lines[i];
	if (i < l->count + l->nmore)
		return &l->more[i - l->count];
	return NULL;
}

enum ab_pseudo_kind ab_pseudo_kind_for(const struct ab_config *config,
				       const struct ab_tree *tree)
{
	enum ab_pseudo_kind kind = ab_pseudo_kind_of(config);
	if (!tree->nchance)
		return kind;
	switch (kind) {
	case AB_PSEUDO_MINIMAX: return AB_PSEUDO_EXPECTIMAX;
	case AB_PSEUDO_FAIL_HARD: return AB_PSEUDO_FAIL_HARD_CHANCE;
	case AB_PSEUDO_FAIL_CLAMP: return AB_PSEUDO_FAIL_CLAMP_CHANCE;
	default: return AB_PSEUDO_FAIL_SOFT_CHANCE;
	}
}

enum ab_pseudo_kind ab_pseudo_kind_of(const struct ab_config *config)
{
	bool nm = config->view == AB_VIEW_NEGAMAX;
	if (config->algo == AB_MINIMAX)
		return nm ? AB_PSEUDO_NEGAMAX : AB_PSEUDO_MINIMAX;
	switch (ab_config_fail(config)) {
	case AB_FAIL_HARD: return nm ? AB_PSEUDO_NEGAMAX_HARD : AB_PSEUDO_FAIL_HARD;
	case AB_FAIL_CLAMP: return nm ? AB_PSEUDO_NEGAMAX_CLAMP : AB_PSEUDO_FAIL_CLAMP;
	case AB_FAIL_SOFT: break;
	}
	return nm ? AB_PSEUDO_NEGAMAX_SOFT : AB_PSEUDO_FAIL_SOFT;
}

const char *ab_pseudo_title(enum ab_pseudo_kind kind)
{
	return _(listings[kind].title);
}

unsigned ab_pseudo_lines(enum ab_pseudo_kind kind)
{
	return listings[kind].count + listings[kind].nmore;
}

void ab_pseudo_line(enum ab_pseudo_kind kind, unsigned i, bool strict,
		    const struct ab_glyphs *g, struct ab_str *out)
{
	const struct line *line = line_at(kind, i);
	if (!line)
		return;
	static const struct {
		const char *name;
		size_t len;
	} fields[] = { { "{a}", 3 }, { "{b}", 3 }, { "{gets}", 6 }, { "{inf}", 5 },
		       { "{cut}", 5 }, { "{le}", 4 } };
	const char *ge = strict ? ">" : g->ge;
	const char *le = strict ? "<" : g->le;
	const char *subst[] = { g->alpha, g->beta, g->ascii ? "<-" : "←",
				g->ascii ? "inf" : "∞", ge, le };
	const char *text = line->text;
	for (const char *p = text; *p;) {
		size_t f = 0;
		while (f < sizeof fields / sizeof fields[0] &&
		       strncmp(p, fields[f].name, fields[f].len) != 0)
			f++;
		if (f < sizeof fields / sizeof fields[0]) {
			ab_str_add(out, subst[f]);
			p += fields[f].len;
		} else if (g->ascii && strncmp(p, "·", strlen("·")) == 0) {
			ab_str_addc(out, '*'); /* "p·ab(c)" reads "p*ab(c)" */
			p += strlen("·");
		} else {
			ab_str_addc(out, *p++);
		}
	}
}

static enum tag tag_of(const struct ab_event *ev, enum ab_player player)
{
	bool max = player == AB_MAX;
	if (player == AB_CHANCE) {
		switch (ev->kind) {
		case AB_EV_ENTER: return T_HEADER;
		case AB_EV_LEAF: return T_LEAF;
		case AB_EV_UPDATE: return T_CHANCE_VALUE;
		case AB_EV_CUTOFF: return T_CHANCE_CUT;
		case AB_EV_RETURN: return T_CHANCE_RETURN;
		case AB_EV_DONE: return T_ROOT;
		default: return T_NONE;
		}
	}
	switch (ev->kind) {
	case AB_EV_ENTER:
		return T_HEADER;
	case AB_EV_LEAF:
		return T_LEAF;
	case AB_EV_UPDATE:
		if (ev->what == AB_WHAT_ALPHA)
			return T_MAX_ALPHA;
		if (ev->what == AB_WHAT_BETA)
			return T_MIN_BETA;
		return max ? T_MAX_VALUE : T_MIN_VALUE;
	case AB_EV_CUTOFF:
		return max ? T_MAX_CUT : T_MIN_CUT;
	case AB_EV_RETURN:
		return max ? T_MAX_RETURN : T_MIN_RETURN;
	case AB_EV_DONE:
		return T_ROOT;
	default:
		return T_NONE;
	}
}

int ab_pseudo_line_of(enum ab_pseudo_kind kind, const struct ab_event *ev,
		      enum ab_player player)
{
	enum tag tag = tag_of(ev, player);
	if (tag == T_NONE)
		return -1;
	if (kind >= AB_PSEUDO_NEGAMAX_SOFT && tag >= T_MIN_VALUE)
		tag = (enum tag)(tag - T_MIN_VALUE + T_MAX_VALUE); /* one branch */
	for (unsigned i = 0; line_at(kind, i); i++)
		if (line_at(kind, i)->tag == tag)
			return (int)i;
	return -1;
}
