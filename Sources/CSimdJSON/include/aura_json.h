// A small C face over simdjson's DOM (Debian libsimdjson-dev), so Swift reads frame JSON fast
// without C++ interop. Values are valid until the next parse with the same parser.
#ifndef AURA_JSON_H
#define AURA_JSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A reusable parser (one per thread).
typedef struct aura_json_parser aura_json_parser;

/// A JSON value: an opaque copy of a simdjson DOM element.
typedef struct {
  uint64_t opaque[2];
} aura_json_value;

/// Kinds of JSON values.
typedef enum {
  AURA_JSON_NULL = 0,
  AURA_JSON_BOOL = 1,
  AURA_JSON_NUMBER = 2,
  AURA_JSON_STRING = 3,
  AURA_JSON_ARRAY = 4,
  AURA_JSON_OBJECT = 5
} aura_json_kind;

aura_json_parser *aura_json_parser_new(void);
void aura_json_parser_free(aura_json_parser *parser);

/// Parses `length` bytes. Returns 1 and sets `root`, or 0 and writes a message into `error`.
int aura_json_parse(aura_json_parser *parser, const char *bytes, size_t length,
                    aura_json_value *root, char *error, size_t error_capacity);

aura_json_kind aura_json_kind_of(aura_json_value value);

/// The number as a double; 0 when the value is not a number.
int aura_json_number(aura_json_value value, double *out);

/// The string's bytes (not NUL-terminated) and length; NULL when not a string.
const char *aura_json_string(aura_json_value value, size_t *length);

/// Looks up `key` in an object. Returns 1 when found.
int aura_json_field(aura_json_value object, const char *key, size_t key_length,
                    aura_json_value *out);

/// Number of elements of an array or entries of an object.
size_t aura_json_count(aura_json_value container);

/// Copies up to `capacity` array elements into `out`; returns how many the array has.
size_t aura_json_elements(aura_json_value array, aura_json_value *out, size_t capacity);

/// Copies up to `capacity` numeric array elements into `out` as doubles (NaN for a non-number);
/// returns how many elements the array has.
size_t aura_json_numbers(aura_json_value array, double *out, size_t capacity);

/// Copies up to `capacity` object entries (key bytes, key length, value); returns the count.
size_t aura_json_entries(aura_json_value object, const char **keys, size_t *key_lengths,
                         aura_json_value *values, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
