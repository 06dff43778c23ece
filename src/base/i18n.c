/* i18n.c - choosing the language of messages.
 *
 * Messages are translated with gettext.  The language follows the locale
 * (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) or --lang; the catalogues come
 * from the build tree when abtrace runs from there, else from the
 * installed locale dir.
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

bool ab_i18n_init(const char *lang)
{
	const char *language = NULL;
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

const char *ab_i18n_language(void)
{
	const char *msg = _("LANGUAGE-CODE=en");
	return strncmp(msg, "LANGUAGE-CODE=", 14) == 0 ? msg + 14 : "en";
}
