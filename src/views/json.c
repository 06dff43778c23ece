/* json.c - the JSON form of events, exactly as abtrace-events(7) gives it
 * (EVENTS, THE JSON FORM). */
#include "views/json.h"

#include <stdint.h>
#include <string.h>

#include "views/format.h"
#include "base/utf8.h"

void ab_json_string(const char *s, struct ab_str *out)
{
	ab_str_addc(out, '"');
	size_t n = strlen(s);
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '"': ab_str_add(out, "\\\""); i++; continue;
		case '\\': ab_str_add(out, "\\\\"); i++; continue;
		case '\n': ab_str_add(out, "\\n"); i++; continue;
		case '\t': ab_str_add(out, "\\t"); i++; continue;
		case '\r': ab_str_add(out, "\\r"); i++; continue;
		default: break;
		}
		if (c < 0x20 || c == 0x7f) {
			ab_str_addf(out, "\\u%04x", c);
			i++;
			continue;
		}
		if (c < 0x80) {
			ab_str_addc(out, (char)c);
			i++;
			continue;
		}
		/* JSON is UTF-8: a byte that is not (a file name may be
		 * anything) becomes U+FFFD, never copied through. */
		uint32_t cp;
		size_t k = ab_utf8_decode(s + i, n - i, &cp);
		if (!k) {
			ab_str_add(out, "\\ufffd");
			i++;
			continue;
		}
		ab_str_addn(out, s + i, k);
		i += k;
	}
	ab_str_addc(out, '"');
}

static void field_node(const struct ab_tree *tree, const char *key, uint32_t n,
		       struct ab_str *out)
{
	struct ab_str text = AB_STR_INIT;
	ab_tree_path(tree, n, &text);
	ab_str_addf(out, ",\"%s\":", key);
	ab_json_string(ab_str_cstr(&text), out);
	ab_str_free(&text);
}

static void field_value(const char *key, ab_value v, int64_t scale,
			struct ab_str *out)
{
	ab_str_addf(out, ",\"%s\":", key);
	ab_format_json_value(v, scale, out);
}

/* The best root child: its path, null when the root is a chance node. */
static void field_best(const struct ab_tree *tree, enum ab_player root,
		       uint32_t best, struct ab_str *out)
{
	if (best == AB_NONE && ab_player_at(tree, 0, root) == AB_CHANCE)
		ab_str_add(out, ",\"best\":null");
	else if (best == AB_NONE)
		ab_str_add(out, ",\"best\":\"\"");
	else
		field_node(tree, "best", best, out);
}

/* A table entry: {"position", "depth", "value", "flag", "best"}, or null
 * for an empty slot; positions by name, as "node" names them. */
static void field_entry(const struct ab_tree *tree, const char *key,
			const struct ab_tt_entry *e, struct ab_str *out)
{
	ab_str_addf(out, ",\"%s\":", key);
	if (e->position == AB_NONE) {
		ab_str_add(out, "null");
		return;
	}
	struct ab_str name = AB_STR_INIT;
	ab_tree_name(tree, e->position, &name);
	ab_str_add(out, "{\"position\":");
	ab_json_string(ab_str_cstr(&name), out);
	ab_str_addf(out, ",\"depth\":%u,\"value\":", e->depth);
	ab_format_json_value(e->value, tree->scale, out);
	ab_str_addf(out, ",\"flag\":\"%s\",\"best\":", ab_tt_flag_word(e->flag));
	if (e->best == AB_NONE) {
		ab_str_add(out, "null");
	} else {
		ab_str_clear(&name);
		ab_tree_name(tree, e->best, &name);
		ab_json_string(ab_str_cstr(&name), out);
	}
	ab_str_add(out, "}");
	ab_str_free(&name);
}

void ab_json_event(const struct ab_tree *tree, enum ab_player root,
		   size_t step, const struct ab_event *ev, struct ab_str *out)
{
	ab_str_addf(out, "{\"step\":%zu,\"event\":\"%s\"", step,
		    ab_event_kind_name(ev->kind));
	if (ev->kind != AB_EV_DONE && ev->kind != AB_EV_ITERATION &&
	    ev->kind != AB_EV_RESULT) {
		struct ab_str name = AB_STR_INIT;
		field_node(tree, "path", ev->node, out);
		/* Each visit has its own path; node names the position. */
		ab_tree_name(tree, ab_position(tree, ev->node), &name);
		ab_str_add(out, ",\"node\":");
		ab_json_string(ab_str_cstr(&name), out);
		ab_str_free(&name);
	}
	switch (ev->kind) {
	case AB_EV_ENTER:
		ab_str_addf(out, ",\"player\":\"%s\",\"depth\":%u",
			    ab_player_word(ab_player_at(tree, ev->node, root)),
			    tree->nodes[ev->node].depth);
		field_value("alpha", ev->alpha, tree->scale, out);
		field_value("beta", ev->beta, tree->scale, out);
		break;
	case AB_EV_LEAF:
		field_value("value", ev->value, tree->scale, out);
		ab_str_addf(out, ",\"static\":%s", ev->is_static ? "true" : "false");
		break;
	case AB_EV_UPDATE:
		ab_str_addf(out, ",\"what\":\"%s\"", ab_what_name(ev->what));
		field_value("old", ev->old, tree->scale, out);
		field_value("new", ev->new_, tree->scale, out);
		break;
	case AB_EV_CUTOFF:
		field_value("alpha", ev->alpha, tree->scale, out);
		field_value("beta", ev->beta, tree->scale, out);
		if (ev->by == AB_NONE)
			ab_str_add(out, ",\"by\":null");
		else
			field_node(tree, "by", ev->by, out);
		ab_str_addf(out, ",\"deep\":%s,\"pruned\":[", ev->deep ? "true" : "false");
		for (uint32_t i = 0; i < ev->npruned; i++) {
			struct ab_str path = AB_STR_INIT;
			ab_tree_path(tree, ev->pruned[i], &path);
			if (i)
				ab_str_addc(out, ',');
			ab_json_string(ab_str_cstr(&path), out);
			ab_str_free(&path);
		}
		ab_str_addc(out, ']');
		if (ab_player_at(tree, ev->node, root) == AB_CHANCE) {
			field_value("lo", ev->lo, tree->scale, out);
			field_value("hi", ev->hi, tree->scale, out);
		}
		break;
	case AB_EV_RETURN:
		field_value("value", ev->value, tree->scale, out);
		field_value("lo", ev->lo, tree->scale, out);
		field_value("hi", ev->hi, tree->scale, out);
		break;
	case AB_EV_PROBE:
		ab_str_addf(out, ",\"slot\":%u,\"hit\":%s", ev->slot,
			    ev->use == AB_TT_MISS ? "false" : "true");
		field_entry(tree, "entry", &ev->entry, out);
		ab_str_addf(out, ",\"need\":%u,\"use\":\"%s\"", ev->depth,
			    ab_tt_use_word(ev->use));
		field_value("alpha", ev->alpha, tree->scale, out);
		field_value("beta", ev->beta, tree->scale, out);
		break;
	case AB_EV_STORE:
		ab_str_addf(out, ",\"slot\":%u", ev->slot);
		field_entry(tree, "entry", &ev->entry, out);
		field_entry(tree, "replaced", &ev->replaced, out);
		field_value("alpha", ev->alpha, tree->scale, out);
		field_value("beta", ev->beta, tree->scale, out);
		break;
	case AB_EV_ORDER:
		ab_str_add(out, ",\"order\":[");
		for (uint32_t i = 0; i < ev->norder; i++) {
			struct ab_str path = AB_STR_INIT;
			ab_tree_path(tree, ev->order[i], &path);
			if (i)
				ab_str_addc(out, ',');
			ab_json_string(ab_str_cstr(&path), out);
			ab_str_free(&path);
		}
		ab_str_add(out, "],\"why\":[");
		for (uint32_t i = 0; i < ev->norder; i++)
			ab_str_addf(out, "%s\"%s\"", i ? "," : "",
				    ab_order_why_name((enum ab_order_why)ev->why[i]));
		ab_str_add(out, "]");
		if (ev->scores) {
			ab_str_add(out, ",\"scores\":[");
			for (uint32_t i = 0; i < ev->norder; i++)
				ab_str_addf(out, "%s%llu", i ? "," : "",
					    (unsigned long long)ev->scores[i]);
			ab_str_add(out, "]");
		}
		break;
	case AB_EV_RESEARCH:
		field_value("value", ev->value, tree->scale, out);
		field_value("old_alpha", ev->lo, tree->scale, out);
		field_value("old_beta", ev->hi, tree->scale, out);
		field_value("alpha", ev->alpha, tree->scale, out);
		field_value("beta", ev->beta, tree->scale, out);
		break;
	case AB_EV_ITERATION:
		ab_str_addf(out, ",\"depth\":%u", ev->depth);
		break;
	case AB_EV_RESULT:
		ab_str_addf(out, ",\"depth\":%u", ev->depth);
		field_value("value", ev->value, tree->scale, out);
		field_best(tree, root, ev->best, out);
		ab_str_addf(out, ",\"leaves_visited\":%u,\"nodes_visited\":%u",
			    ev->leaves_visited, ev->nodes_visited);
		break;
	case AB_EV_DONE:
		field_value("value", ev->value, tree->scale, out);
		field_best(tree, root, ev->best, out);
		ab_str_addf(out, ",\"leaves_visited\":%u,\"leaves_total\":%u,\"nodes_visited\":%u",
			    ev->leaves_visited, tree->leaves, ev->nodes_visited);
		break;
	case AB_EV_COUNT:
		break;
	}
	ab_str_add(out, "}\n");
}
