/* SPDX-License-Identifier: MIT */
/*
 * datadir.h - where the running tool's installation keeps its data
 * (corpus, dictionary, JSON schemas), for --help texts and defaults (tool
 * support, not library): PREFIX/share/fxtkit beside PREFIX/bin, which is
 * /usr/local/share/fxtkit after `cmake --install` and /usr/share/fxtkit
 * with the Debian packages.
 */
#ifndef FXT_DATADIR_H
#define FXT_DATADIR_H

#include <stddef.h>

/** The data directory of the installation the running program belongs to
 *  (in BUF), or "PREFIX/share/fxtkit" when it runs from a build tree (the
 *  man pages, made from --help there, say that). Never NULL. */
const char *tool_datadir(char *buf, size_t size);

/** 1 if tool_datadir found a real directory (BUF holds its path). */
int tool_datadir_found(char *buf, size_t size);

#endif /* FXT_DATADIR_H */
