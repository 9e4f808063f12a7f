/* SPDX-License-Identifier: MIT */
/* datadir.c - the installation's share/fxtkit (datadir.h). */
#include "datadir.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int tool_datadir_found(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return 0;
    *slash = '\0'; /* the program's directory: PREFIX/bin when installed */
    size_t k = strlen(exe);
    if (k < 4 || strcmp(exe + k - 4, "/bin") != 0)
        return 0;
    exe[k - 4] = '\0';
    struct stat sb;
    if ((size_t)snprintf(buf, size, "%s/share/fxtkit", exe[0] ? exe : "") >= size)
        return 0;
    return stat(buf, &sb) == 0 && S_ISDIR(sb.st_mode);
}

const char *tool_datadir(char *buf, size_t size)
{
    if (!tool_datadir_found(buf, size))
        snprintf(buf, size, "PREFIX/share/fxtkit");
    return buf;
}
