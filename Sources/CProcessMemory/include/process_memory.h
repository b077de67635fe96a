// The allocator policy of the auralift process (glibc's mallopt is not visible to Swift).
#ifndef AURA_PROCESS_MEMORY_H
#define AURA_PROCESS_MEMORY_H

#ifdef __cplusplus
extern "C" {
#endif

/// Keeps freed blocks up to `mmap_threshold` bytes in the heap and trims the heap only when
/// more than `trim_threshold` bytes are free at its top. No effect outside glibc.
void aura_keep_freed_memory(int mmap_threshold, int trim_threshold);

#ifdef __cplusplus
}
#endif

#endif
