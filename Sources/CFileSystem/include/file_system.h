// File-system calls glibc declares only under _GNU_SOURCE, which Swift's Glibc module omits.
#ifndef AURA_FILE_SYSTEM_H
#define AURA_FILE_SYSTEM_H

#ifdef __cplusplus
extern "C" {
#endif

/// Flushes every dirty file of the file system holding the open descriptor `fd` (`syncfs`;
/// `sync` where there is no `syncfs`). Returns 0, or -1 with errno set.
int aura_sync_file_system(int fd);

#ifdef __cplusplus
}
#endif

#endif
