#include "aura_json.h"

#include <simdjson.h>

#include <cmath>
#include <cstring>
#include <string_view>
#include <type_traits>

using simdjson::dom::element;
using simdjson::dom::element_type;

static_assert(sizeof(element) <= sizeof(aura_json_value), "dom::element does not fit");
static_assert(std::is_trivially_copyable<element>::value, "dom::element must copy by bytes");

struct aura_json_parser {
  simdjson::dom::parser parser;
};

static aura_json_value wrap(element e) {
  aura_json_value out{};
  std::memcpy(&out, &e, sizeof(element));
  return out;
}

static element unwrap(aura_json_value v) {
  element e;
  std::memcpy(static_cast<void *>(&e), &v, sizeof(element));
  return e;
}

extern "C" {

aura_json_parser *aura_json_parser_new(void) { return new (std::nothrow) aura_json_parser(); }

void aura_json_parser_free(aura_json_parser *parser) { delete parser; }

int aura_json_parse(aura_json_parser *parser, const char *bytes, size_t length,
                    aura_json_value *root, char *error, size_t error_capacity) {
  element e;
  auto code = parser->parser.parse(bytes, length, true).get(e);
  if (code) {
    if (error && error_capacity > 0) {
      std::strncpy(error, simdjson::error_message(code), error_capacity - 1);
      error[error_capacity - 1] = 0;
    }
    return 0;
  }
  *root = wrap(e);
  return 1;
}

aura_json_kind aura_json_kind_of(aura_json_value value) {
  switch (unwrap(value).type()) {
  case element_type::ARRAY: return AURA_JSON_ARRAY;
  case element_type::OBJECT: return AURA_JSON_OBJECT;
  case element_type::INT64:
  case element_type::UINT64:
  case element_type::DOUBLE: return AURA_JSON_NUMBER;
  case element_type::STRING: return AURA_JSON_STRING;
  case element_type::BOOL: return AURA_JSON_BOOL;
  default: return AURA_JSON_NULL;
  }
}

int aura_json_number(aura_json_value value, double *out) {
  double d;
  if (unwrap(value).get_double().get(d)) return 0;
  *out = d;
  return 1;
}

const char *aura_json_string(aura_json_value value, size_t *length) {
  std::string_view s;
  if (unwrap(value).get_string().get(s)) return nullptr;
  *length = s.size();
  return s.data();
}

int aura_json_field(aura_json_value object, const char *key, size_t key_length,
                    aura_json_value *out) {
  simdjson::dom::object o;
  if (unwrap(object).get_object().get(o)) return 0;
  element e;
  if (o.at_key(std::string_view(key, key_length)).get(e)) return 0;
  *out = wrap(e);
  return 1;
}

size_t aura_json_count(aura_json_value container) {
  element e = unwrap(container);
  simdjson::dom::array a;
  if (!e.get_array().get(a)) return a.size();
  simdjson::dom::object o;
  if (!e.get_object().get(o)) return o.size();
  return 0;
}

size_t aura_json_elements(aura_json_value array, aura_json_value *out, size_t capacity) {
  simdjson::dom::array a;
  if (unwrap(array).get_array().get(a)) return 0;
  size_t n = 0;
  for (element child : a) {
    if (n < capacity) out[n] = wrap(child);
    n++;
  }
  return n;
}

size_t aura_json_numbers(aura_json_value array, double *out, size_t capacity) {
  simdjson::dom::array a;
  if (unwrap(array).get_array().get(a)) return 0;
  size_t n = 0;
  for (element child : a) {
    if (n < capacity) {
      double d;
      out[n] = child.get_double().get(d) ? std::nan("") : d;
    }
    n++;
  }
  return n;
}

size_t aura_json_entries(aura_json_value object, const char **keys, size_t *key_lengths,
                         aura_json_value *values, size_t capacity) {
  simdjson::dom::object o;
  if (unwrap(object).get_object().get(o)) return 0;
  size_t n = 0;
  for (auto field : o) {
    if (n < capacity) {
      keys[n] = field.key.data();
      key_lengths[n] = field.key.size();
      values[n] = wrap(field.value);
    }
    n++;
  }
  return n;
}
}
