#include "numeric_scan.h"

#include <algorithm>
#include <cmath>
#include <cstring>

// "+1.5" is a number in CSV as it is for strtod.
#define FASTFLOAT_ALLOWS_LEADING_PLUS 1
#include <fast_float/fast_float.h>

namespace {

const uint8_t comma = ',';
const uint8_t newline = '\n';
const uint8_t carriageReturn = '\r';
const uint8_t quote = '"';

inline bool isDelimiter(const uint8_t *p, const uint8_t *end) {
  return p == end || *p == comma || *p == newline || *p == carriageReturn;
}

/// The common shape of sensor output, `[-]digits[.digits]` with at most 15 digits, converted
/// inline: the significand and 10^fraction are exact doubles, so one division rounds correctly
/// (Clinger's fast path). Returns nullptr for anything else, which then goes to fast_float.
inline const uint8_t *shortDecimal(const uint8_t *p, const uint8_t *end, double *value) {
  static const double powersOfTen[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const bool negative = p < end && *p == '-';
  if (negative) ++p;
  uint64_t significand = 0;
  const uint8_t *start = p;
  while (p < end && uint8_t(*p - '0') < 10) significand = significand * 10 + (*p++ - '0');
  const ptrdiff_t integerDigits = p - start;
  ptrdiff_t fractionDigits = 0;
  if (p < end && *p == '.') {
    const uint8_t *fraction = ++p;
    while (p < end && uint8_t(*p - '0') < 10) significand = significand * 10 + (*p++ - '0');
    fractionDigits = p - fraction;
  }
  const ptrdiff_t digits = integerDigits + fractionDigits;
  if (digits == 0 || digits > 15 || !isDelimiter(p, end)) return nullptr;
  // significand < 10^15 < 2^63: a signed conversion is exact and one instruction.
  const double magnitude = double(int64_t(significand)) / powersOfTen[fractionDigits];
  *value = negative ? -magnitude : magnitude;
  return p;
}

/// One number field at `p`, which must end at a delimiter. Returns nullptr when it does not.
inline const uint8_t *numberField(const uint8_t *p, const uint8_t *end, double *value) {
  if (const uint8_t *stop = shortDecimal(p, end, value)) return stop;
  auto result = fast_float::from_chars(reinterpret_cast<const char *>(p),
                                       reinterpret_cast<const char *>(end), *value);
  const uint8_t *stop = reinterpret_cast<const uint8_t *>(result.ptr);
  if (result.ec != std::errc() || !std::isfinite(*value) || !isDelimiter(stop, end)) return nullptr;
  return stop;
}

}  // namespace

extern "C" bool aura_scan_rows(aura_scan_job *job) {
  const uint8_t *p = job->cursor;
  const uint8_t *const end = job->end;
  const int32_t width = job->width;
  const int32_t *const slot = job->slot;
  double *const *const columns = job->columns;
  int64_t line = job->line;
  size_t rows = 0;
  bool usual = true;
  while (p < end) {
    if (*p == newline) {  // a blank line
      ++p;
      ++line;
      continue;
    }
    if (*p == carriageReturn && p + 1 < end && p[1] == newline) {
      p += 2;
      ++line;
      continue;
    }
    if (rows == job->capacity || line > INT32_MAX) {
      usual = false;
      break;
    }
    for (int32_t field = 0; field < width; ++field) {
      const int32_t target = slot[field];
      if (target < 0) {
        // A column nobody reads (a text clock, say): skip it, unless it is quoted.
        while (!isDelimiter(p, end) && *p != quote) ++p;
        if (p < end && *p == quote) {
          usual = false;
          break;
        }
      } else if (isDelimiter(p, end)) {
        columns[target][rows] = NAN;
      } else {
        double value;
        const uint8_t *stop = numberField(p, end, &value);
        if (stop == nullptr) {
          usual = false;
          break;
        }
        columns[target][rows] = value;
        p = stop;
      }
      if (field < width - 1) {
        if (p == end || *p != comma) {  // a truncated row
          usual = false;
          break;
        }
        ++p;
      }
    }
    if (!usual) break;
    // Trailing empty columns are fine; anything else after the last field is not.
    while (p < end && *p == comma) ++p;
    if (p < end && *p == carriageReturn) ++p;
    if (p < end) {
      if (*p != newline) {
        usual = false;
        break;
      }
      ++p;
    }
    job->lines[rows++] = int32_t(line++);
  }
  job->cursor = p;
  job->line = int32_t(line > INT32_MAX ? INT32_MAX : line);
  job->rows = rows;
  return usual;
}

extern "C" size_t aura_count_byte(const uint8_t *begin, const uint8_t *end, uint8_t byte) {
  // Thirty-two byte-wide counters in one vector (a compare and a subtract per 32 bytes: one
  // AVX2 register where the build targets it, two SSE registers otherwise), emptied into the
  // total before any can pass 255. A plain `count += *p == byte` loop widens every byte to a
  // 64-bit lane and counts 4 bytes a step.
  typedef uint8_t Bytes __attribute__((vector_size(32)));
  const Bytes target = Bytes{} + byte;
  size_t count = 0;
  const uint8_t *p = begin;
  while (end - p >= 32) {
    const ptrdiff_t blocks = std::min<ptrdiff_t>((end - p) / 32, 255);
    Bytes lanes = {};
    for (ptrdiff_t block = 0; block < blocks; ++block, p += 32) {
      Bytes chunk;
      std::memcpy(&chunk, p, 32);
      lanes -= (Bytes)(chunk == target);  // a match is all ones: -1
    }
    for (int k = 0; k < 32; ++k) count += lanes[k];
  }
  for (; p < end; ++p) count += *p == byte;
  return count;
}

extern "C" bool aura_parse_double(const uint8_t *begin, const uint8_t *end, double *value) {
  auto result = fast_float::from_chars(reinterpret_cast<const char *>(begin),
                                       reinterpret_cast<const char *>(end), *value);
  return result.ec == std::errc() && reinterpret_cast<const uint8_t *>(result.ptr) == end;
}
