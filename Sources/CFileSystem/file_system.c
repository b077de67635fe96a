#define _GNU_SOURCE
#include "file_system.h"

#include <unistd.h>

int aura_sync_file_system(int fd) {
#if defined(__linux__)
  return syncfs(fd);
#else
  (void)fd;
  sync();
  return 0;
#endif
}
