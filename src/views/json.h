/* json.h - JSON out: events as JSON Lines (abtrace-events(7), EVENTS),
 * strings. */
#ifndef AB_JSON_H
#define AB_JSON_H

#include <stddef.h>

#include "core/event.h"
#include "base/str.h"
#include "core/tree.h"

/* Appends s as a JSON string literal (quotes, escapes). */
void ab_json_string(const char *s, struct ab_str *out);
/* Appends one event as a JSON object and a newline: "step", "event", and
 * the fields abtrace-events(7), EVENTS, lists for its kind. */
void ab_json_event(const struct ab_tree *tree, enum ab_player root,
		   size_t step, const struct ab_event *ev, struct ab_str *out);

#endif
