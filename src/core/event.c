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

const char *ab_what_name(enum ab_what what)
{
	switch (what) {
	case AB_WHAT_ALPHA: return "alpha";
	case AB_WHAT_BETA: return "beta";
	case AB_WHAT_VALUE: return "value";
	}
	return "?";
}
