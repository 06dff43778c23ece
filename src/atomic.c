/* atomic.c - write to a temporary file, fsync, rename. */
#include "atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "str.h"

/* The directory part of path, "." when there is none. */
static void dir_of(const char *path, struct ab_str *out)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		ab_str_add(out, ".");
	else if (slash == path)
		ab_str_add(out, "/");
	else
		ab_str_addn(out, path, (size_t)(slash - path));
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

int ab_write_file_atomic(const char *path, const char *data, size_t len)
{
	if (!*path)
		return ENOENT;
	struct ab_str dir = AB_STR_INIT, tmp = AB_STR_INIT;
	dir_of(path, &dir);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (!*base) {
		ab_str_free(&dir);
		return EISDIR;
	}
	ab_str_addf(&tmp, "%s/.%s.XXXXXX", ab_str_cstr(&dir), base);
	int err = 0;
	int fd = mkstemp(tmp.s);
	if (fd < 0) {
		err = errno;
		goto out;
	}
	/* mkstemp makes the file private; give it the mode a plain
	 * creat() would have. */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 ||
	    (err = write_all(fd, data, len)) != 0 || fsync(fd) != 0) {
		if (!err)
			err = errno;
		close(fd);
		unlink(tmp.s);
		goto out;
	}
	if (close(fd) != 0 || rename(tmp.s, path) != 0) {
		err = errno;
		unlink(tmp.s);
		goto out;
	}
	/* Make the rename itself durable; a failure here loses nothing. */
	int dfd = open(ab_str_cstr(&dir), O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
out:
	ab_str_free(&dir);
	ab_str_free(&tmp);
	return err;
}
