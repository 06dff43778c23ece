/* compare.c - `abtrace test`'s comparison: `abtrace diff`'s (compare.h). */
#include "testing/compare.h"

#include "testing/diff.h"
#include "views/format.h"
#include "views/json.h"

bool ab_test_compare(const struct ab_tree *tree, const struct ab_config *config,
		     unsigned given, const struct ab_log_options *options,
		     const char *log, size_t len, struct ab_str *text,
		     struct ab_str *json)
{
	struct ab_diff_options opt = { .log = *options, .quick = !text && !json };
	struct ab_diff_result r;
	struct ab_diag diag;
	if (ab_diff(tree, config, given, &opt, log, len, &r, &diag) != AB_DIFF_OK) {
		if (text)
			ab_str_addf(text, "%s\n", diag.message);
		if (json) {
			ab_str_add(json, "{\"agree\":false,\"error\":");
			ab_json_string(diag.message, json);
			ab_str_addc(json, '}');
		}
		return false;
	}
	bool agree = r.agree;
	if (text)
		ab_diff_text(tree, &r, ab_glyphs_for_locale(false), text);
	if (json) {
		size_t start = json->len;
		ab_diff_json(tree, &r, json);
		/* diff's JSON is a line: here it sits inside another object. */
		while (json->len > start && json->s[json->len - 1] == '\n')
			ab_str_truncate(json, json->len - 1);
	}
	ab_diff_result_free(&r);
	return agree;
}
