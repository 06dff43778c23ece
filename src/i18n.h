/* i18n.h - marking text for translation.
 *
 * _() translates at run time through gettext when abtrace is built with it;
 * N_() only marks text that is translated later (tables). */
#ifndef AB_I18N_H
#define AB_I18N_H

#include "config.h"

#ifdef ENABLE_NLS
#include <libintl.h>
#define _(text) gettext(text)
#else
#define _(text) (text)
#endif
#define N_(text) (text)

#endif
