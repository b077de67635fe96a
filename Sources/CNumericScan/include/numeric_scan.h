// The fast path for big numeric CSV recordings: a byte scanner that converts every field with
// fast_float (Debian libfast-float-dev), writing straight into caller-owned column buffers.
// It gives up on anything unusual (quotes, spaces, text, non-finite numbers, ragged rows) so
// that the caller can hand the file to libcsv, which reports the exact problem.
#ifndef AURA_NUMERIC_SCAN_H
#define AURA_NUMERIC_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One scan of the data rows of a CSV file.
typedef struct {
  /// First byte after the header line; on return, where scanning stopped.
  const uint8_t *cursor;
  /// One past the last byte of the file.
  const uint8_t *end;
  /// 1-based line number of `cursor`.
  int32_t line;
  /// Fields a row must have (trailing extra empty fields are allowed).
  int32_t width;
  /// For each of the `width` fields: the output column it goes to, or -1 to skip it.
  const int32_t *slot;
  /// Output columns; each holds `capacity` doubles. An empty field is NaN.
  double *const *columns;
  /// The 1-based line of each row; `capacity` entries.
  int32_t *lines;
  /// Rows the buffers can hold.
  size_t capacity;
  /// On return: rows written.
  size_t rows;
} aura_scan_job;

/// Scans rows until the end of the file. Returns true when every row was read; false when the
/// file is unusual and should be read by the general parser instead.
bool aura_scan_rows(aura_scan_job *job);

/// How many times `byte` occurs in `begin..<end`.
size_t aura_count_byte(const uint8_t *begin, const uint8_t *end, uint8_t byte);

/// Parses the whole of `begin..<end` as a decimal number (correctly rounded). Returns false when
/// the bytes are not exactly one number.
bool aura_parse_double(const uint8_t *begin, const uint8_t *end, double *value);

#ifdef __cplusplus
}
#endif

#endif
