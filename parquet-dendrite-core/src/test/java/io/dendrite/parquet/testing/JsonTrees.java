package io.dendrite.parquet.testing;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;

/**
 * JSON text from two engines compared as trees, for differential tests: key order and
 * whitespace do not matter, numbers are compared by value with the rule of {@link #same}.
 */
public final class JsonTrees {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTrees() {}

  /**
   * Parses JSON keeping what the text says about numbers: a literal with an exponent is a
   * double, any other number an exact decimal. A duplicate key in an object fails (no engine
   * may print one: the variant spec forbids duplicate keys). Null text gives null.
   *
   * @throws AssertionError when the text is not one JSON value
   */
  public static JsonNode parse(String json) {
    if (json == null) {
      return null;
    }
    try (JsonParser p = JSON.getFactory().createParser(json)) {
      p.nextToken();
      JsonNode tree = read(p, json);
      if (p.nextToken() != null) {
        throw new AssertionError("more than one JSON value: " + json);
      }
      return tree;
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + json, e);
    }
  }

  private static JsonNode read(JsonParser p, String json) throws IOException {
    switch (p.currentToken()) {
      case START_OBJECT: {
        ObjectNode obj = NODES.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          p.nextToken();
          if (obj.replace(key, read(p, json)) != null) {
            throw new AssertionError("duplicate key \"" + key + "\" in " + json);
          }
        }
        return obj;
      }
      case START_ARRAY: {
        ArrayNode arr = NODES.arrayNode();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          arr.add(read(p, json));
        }
        return arr;
      }
      case VALUE_NUMBER_INT:
        return NODES.numberNode(new BigDecimal(p.getText()));
      case VALUE_NUMBER_FLOAT: {
        String text = p.getText();
        return text.indexOf('e') >= 0 || text.indexOf('E') >= 0
            ? NODES.numberNode(Double.parseDouble(text)) : NODES.numberNode(new BigDecimal(text));
      }
      case VALUE_STRING:
        return NODES.textNode(p.getText());
      case VALUE_TRUE:
        return NODES.booleanNode(true);
      case VALUE_FALSE:
        return NODES.booleanNode(false);
      case VALUE_NULL:
        return NODES.nullNode();
      default:
        throw new AssertionError("unexpected " + p.currentToken() + " in " + json);
    }
  }

  /**
   * Equal trees: same kinds, strings and booleans equal, objects with the same keys (in any
   * order) and equal values, arrays equal element by element. Two numbers are equal when both
   * are exact decimals of equal value ({@code 1.50} equals {@code 1.5}), or when at least one is
   * a double and both denote the same double (the decimal rounded to the nearest double): an
   * engine may print a double as {@code 1.25}, {@code 1.25E0} or {@code 12500000.0}. Whether a
   * value is a double or a decimal is the value's type, which tests compare separately.
   * Null trees (SQL NULL) equal only each other.
   */
  public static boolean same(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a.isNumber() && b.isNumber()) {
      if (a.isDouble() || b.isDouble()) {
        return Double.compare(a.doubleValue(), b.doubleValue()) == 0;
      }
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    if (a.getNodeType() != b.getNodeType()) {
      return false;
    }
    if (a.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (Map.Entry<String, JsonNode> e : a.properties()) {
        if (!b.has(e.getKey()) || !same(e.getValue(), b.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!same(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
