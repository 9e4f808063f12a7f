/* SPDX-License-Identifier: MIT */
/* version.c - fxt_version(): the version this library was built as. */
#include "fxt/version.h"

const char *fxt_version(void)
{
    return FXT_VERSION;
}

unsigned long fxt_version_number(void)
{
    return FXT_VERSION_NUMBER;
}
