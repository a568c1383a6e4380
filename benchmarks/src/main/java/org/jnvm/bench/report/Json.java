package org.jnvm.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader, enough for JMH's result files (the benchmarks jar has no JSON library, and
 * the report must not need python or jq). Objects become {@code Map<String, Object>}, arrays {@code
 * List<Object>}, numbers {@code Double}, and true/false/null the Java equivalents.
 */
final class Json {
  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  /** Parses one JSON value; trailing text other than whitespace is an error. */
  static Object parse(String text) {
    Json j = new Json(text);
    Object v = j.value();
    j.skipSpace();
    if (j.i != text.length()) throw j.error("trailing text");
    return v;
  }

  private Object value() {
    skipSpace();
    if (i >= s.length()) throw error("unexpected end");
    char c = s.charAt(i);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", Boolean.TRUE);
      case 'f' -> literal("false", Boolean.FALSE);
      case 'n' -> literal("null", null);
      default -> number();
    };
  }

  private Map<String, Object> object() {
    Map<String, Object> m = new LinkedHashMap<>();
    i++;
    if (peekAfterSpace() == '}') {
      i++;
      return m;
    }
    do {
      skipSpace();
      String key = string();
      expect(':');
      m.put(key, value());
    } while (comma('}'));
    return m;
  }

  private List<Object> array() {
    List<Object> a = new ArrayList<>();
    i++;
    if (peekAfterSpace() == ']') {
      i++;
      return a;
    }
    do {
      a.add(value());
    } while (comma(']'));
    return a;
  }

  /** After an element: true on a comma, false on {@code close}, an error otherwise. */
  private boolean comma(char close) {
    char c = peekAfterSpace();
    if (c != ',' && c != close) throw error("expected ',' or '" + close + "'");
    i++;
    return c == ',';
  }

  private String string() {
    if (i >= s.length() || s.charAt(i) != '"') throw error("expected a string");
    StringBuilder sb = new StringBuilder();
    for (i++; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"') {
        i++;
        return sb.toString();
      }
      if (c == '\\') {
        sb.append(escape());
      } else {
        sb.append(c);
      }
    }
    throw error("unterminated string");
  }

  private char escape() {
    char e = s.charAt(++i);
    return switch (e) {
      case 'n' -> '\n';
      case 't' -> '\t';
      case 'r' -> '\r';
      case 'b' -> '\b';
      case 'f' -> '\f';
      case 'u' -> {
        char u = (char) Integer.parseInt(s.substring(i + 1, i + 5), 16);
        i += 4;
        yield u;
      }
      default -> e;
    };
  }

  private Double number() {
    int start = i;
    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
    if (start == i) throw error("unexpected character '" + s.charAt(i) + "'");
    try {
      return Double.valueOf(s.substring(start, i));
    } catch (NumberFormatException e) {
      throw error("bad number '" + s.substring(start, i) + "'");
    }
  }

  private Object literal(String word, Object v) {
    if (!s.startsWith(word, i)) throw error("expected " + word);
    i += word.length();
    return v;
  }

  private void expect(char c) {
    if (peekAfterSpace() != c) throw error("expected '" + c + "'");
    i++;
  }

  private char peekAfterSpace() {
    skipSpace();
    if (i >= s.length()) throw error("unexpected end");
    return s.charAt(i);
  }

  private void skipSpace() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("bad JSON: " + what + " at offset " + i);
  }
}
