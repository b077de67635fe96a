#define _GNU_SOURCE
#include "file_system.h"

#include <unistd.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif

int aura_sync_file_system(int fd) {
#if defined(__linux__)
  return syncfs(fd);
#else
  (void)fd;
  sync();
  return 0;
#endif
}

int aura_file_system_type(const char *path, unsigned long long *type) {
#if defined(__linux__)
  struct statfs info;
  if (statfs(path, &info) != 0) return -1;
  *type = (unsigned long long)info.f_type;
  return 0;
#else
  (void)path;
  *type = 0;
  return 0;
#endif
}
