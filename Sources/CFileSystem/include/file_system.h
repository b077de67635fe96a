// File-system calls Swift's Glibc module does not expose (`syncfs` is declared only under
// _GNU_SOURCE; `statfs` lives in <sys/vfs.h>, which it does not include).
#ifndef AURA_FILE_SYSTEM_H
#define AURA_FILE_SYSTEM_H

#ifdef __cplusplus
extern "C" {
#endif

/// Flushes every dirty file of the file system holding the open descriptor `fd` (`syncfs`;
/// `sync` where there is no `syncfs`). Returns 0, or -1 with errno set.
int aura_sync_file_system(int fd);

/// The type of the file system holding `path` (`statfs`'s `f_type`: NFS is 0x6969). Returns 0,
/// or -1 with errno set (ENOENT where `path` does not exist).
int aura_file_system_type(const char *path, unsigned long long *type);

#ifdef __cplusplus
}
#endif

#endif
