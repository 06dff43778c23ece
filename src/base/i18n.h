/* i18n.h - marking text for translation, and choosing the language.
 *
 * _() translates at run time through gettext when abtrace is built with it;
 * N_() only marks text that is translated later (tables); P_(one, many, n)
 * picks the plural form for the number n (ngettext), so "1 leaf" and
 * "2 leaves" are each a whole message in every language; C_() below. */
#ifndef AB_I18N_H
#define AB_I18N_H

#include <stdbool.h>

#include "config.h"

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(text) gettext(text)
#define P_(one, many, n) ngettext(one, many, (unsigned long)(n))
#else
#define _(text) (text)
#define P_(one, many, n) ((n) == 1 ? (one) : (many))
#endif
#define N_(text) (text)
/* C_(context, text): text translated in a context, where one English
 * sentence says two things another language tells apart (pgettext; the
 * catalogue's msgctxt): a cut at a MIN node is the course's α剪枝, one
 * at a MAX node its β剪枝, in the same English words. */
#define C_(context, text) ab_pgettext(context "\004" text, text)
const char *ab_pgettext(const char *context_text, const char *text)
	__attribute__((format_arg(2)));

/* Sets up gettext.  lang ("en", "zh"; NULL: follow the locale) overrides
 * the locale's language.  Returns false for a language abtrace lacks. */
bool ab_i18n_init(const char *lang);
/* The language messages are in now: "en" or "zh_CN". */
const char *ab_i18n_language(void);

#endif
