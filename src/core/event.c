/* event.c - the names events and updates have in JSON and narration. */
#include "core/event.h"

static const char *const kind_names[AB_EV_COUNT] = {
#define AB_KIND_NAME(name, text) text,
	AB_EVENT_KINDS(AB_KIND_NAME)
#undef AB_KIND_NAME
};

const char *ab_event_kind_name(enum ab_event_kind kind)
{
	return (unsigned)kind < AB_EV_COUNT ? kind_names[kind] : "?";
}

const char *ab_order_why_name(enum ab_order_why why)
{
	switch (why) {
	case AB_WHY_TABLE: return "table";
	case AB_WHY_KILLER: return "killer";
	case AB_WHY_HISTORY: return "history";
	case AB_WHY_GIVEN: break;
	}
	return "given";
}

const char *ab_what_name(enum ab_what what)
{
	switch (what) {
	case AB_WHAT_ALPHA: return "alpha";
	case AB_WHAT_BETA: return "beta";
	case AB_WHAT_VALUE: return "value";
	}
	return "?";
}
