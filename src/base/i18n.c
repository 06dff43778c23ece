/* i18n.c - choosing the language of messages.
 *
 * Messages are translated with gettext.  The language follows the locale
 * (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) or --lang; the catalogues come
 * from the build tree when abtrace runs from there, else from the
 * installed locale dir.  A UTF-8 locale the machine does not have still
 * gives its language and UTF-8 (keep_asked_locale).
 */
#include "base/i18n.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"

static const char *const languages[][2] = {
	{ "en", "en" },
	{ "zh", "zh_CN" },
	{ "zh_CN", "zh_CN" },
};

/* The locale the environment asks for messages in (LC_ALL, then
 * LC_MESSAGES, then LANG), or NULL. */
static const char *asked_locale(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v)
			return v;
	}
	return NULL;
}

static bool is_c_locale(const char *name)
{
	return !name || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

/* A locale the machine lacks (LANG=zh_CN.UTF-8 where only C.UTF-8 is
 * installed) leaves the program in the C locale: English and ASCII.  What
 * it asked for is kept: UTF-8 through C.UTF-8, and its language (if
 * abtrace has it) through LANGUAGE, unless LANGUAGE already says. */
static void keep_asked_locale(void)
{
	const char *asked = asked_locale();
	if (is_c_locale(asked) || !is_c_locale(setlocale(LC_MESSAGES, NULL)))
		return;
	if (!strstr(asked, "UTF-8") && !strstr(asked, "utf8") && !strstr(asked, "UTF8") &&
	    !strstr(asked, "utf-8"))
		return; /* another charset: its bytes are not ours to guess */
	if (!setlocale(LC_ALL, "C.UTF-8"))
		return;
	const char *language = getenv("LANGUAGE");
	if (language && *language)
		return;
	for (size_t i = 0; i < sizeof languages / sizeof languages[0]; i++) {
		size_t n = strlen(languages[i][0]);
		if (strncmp(asked, languages[i][0], n) == 0 &&
		    (asked[n] == '\0' || asked[n] == '_' || asked[n] == '.' || asked[n] == '@')) {
			setenv("LANGUAGE", languages[i][1], 1);
			return;
		}
	}
}

bool ab_i18n_init(const char *lang)
{
	const char *language = NULL;
	if (!lang)
		keep_asked_locale();
	if (lang) {
		for (size_t i = 0; i < sizeof languages / sizeof languages[0]; i++)
			if (strcmp(lang, languages[i][0]) == 0)
				language = languages[i][1];
		if (!language)
			return false;
		/* gettext ignores LANGUAGE under the plain C locale. */
		const char *current = setlocale(LC_MESSAGES, NULL);
		if (current && (strcmp(current, "C") == 0 || strcmp(current, "POSIX") == 0))
			setlocale(LC_ALL, "C.UTF-8");
		setenv("LANGUAGE", language, 1);
	}
#ifdef ENABLE_NLS
	/* $ABTRACE_LOCALEDIR first (a staged install, as the install test
	 * makes); from the build directory, the catalogues built there. */
	const char *localedir = getenv("ABTRACE_LOCALEDIR");
	if (!localedir || !*localedir)
		localedir = ab_running_from_build() ? ABTRACE_BUILD_ROOT "/po" : LOCALEDIR;
	bindtextdomain(GETTEXT_PACKAGE, localedir);
	bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
	textdomain(GETTEXT_PACKAGE);
#endif
	return true;
}

const char *ab_pgettext(const char *context_text, const char *text)
{
#ifdef ENABLE_NLS
	const char *t = gettext(context_text);
	return t == context_text ? text : t;
#else
	(void)context_text;
	return text;
#endif
}

const char *ab_i18n_language(void)
{
	const char *msg = _("LANGUAGE-CODE=en");
	return strncmp(msg, "LANGUAGE-CODE=", 14) == 0 ? msg + 14 : "en";
}
