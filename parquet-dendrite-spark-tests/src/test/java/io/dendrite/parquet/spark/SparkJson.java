package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dendrite.parquet.testing.JsonTrees;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Compares our values with Spark's {@code to_json} text. Spark prints timestamps in the session
 * time zone as {@code 2024-01-02 03:04:05.1+00:00} and binary as base64 where our JSON uses
 * ISO-8601; numbers are compared by value (Spark prints decimal 1.50 as 1.5, double 150 as 150.0,
 * we keep the scale and the exponent). Everything else must be equal as JSON.
 */
final class SparkJson {
  private static final DateTimeFormatter SPARK_TIMESTAMP = new DateTimeFormatterBuilder()
      .appendPattern("yyyy-MM-dd HH:mm:ss")
      .optionalStart().appendFraction(ChronoField.MICRO_OF_SECOND, 0, 6, true).optionalEnd()
      .toFormatter();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private SparkJson() {}

  /** Our value as the JSON tree Spark's to_json would print for it (UTC session). */
  static JsonNode tree(VariantValue v) {
    return v == null ? null : node(v.toJava());
  }

  /** A Java value as written to a variant (Map, List, java.time, byte[], ...) in Spark's form. */
  @SuppressWarnings("unchecked")
  static JsonNode node(Object o) {
    if (o == null) {
      return NODES.nullNode();
    } else if (o instanceof Map) {
      ObjectNode obj = NODES.objectNode();
      ((Map<String, Object>) o).forEach((k, v) -> obj.set(k, node(v)));
      return obj;
    } else if (o instanceof List) {
      ArrayNode arr = NODES.arrayNode();
      ((List<Object>) o).forEach(v -> arr.add(node(v)));
      return arr;
    } else if (o instanceof Boolean) {
      return NODES.booleanNode((Boolean) o);
    } else if (o instanceof BigDecimal) {
      return NODES.numberNode((BigDecimal) o);
    } else if (o instanceof Double) {
      return NODES.numberNode((Double) o);
    } else if (o instanceof Float) {
      return NODES.numberNode(new BigDecimal(o.toString())); // Spark prints Float.toString
    } else if (o instanceof Number) {
      return NODES.numberNode(new BigDecimal(o.toString()));
    } else if (o instanceof Instant) {
      return NODES.textNode(
          SPARK_TIMESTAMP.format(((Instant) o).atOffset(ZoneOffset.UTC)) + "+00:00");
    } else if (o instanceof LocalDateTime) {
      return NODES.textNode(SPARK_TIMESTAMP.format((LocalDateTime) o));
    } else if (o instanceof LocalDate || o instanceof UUID || o instanceof String) {
      return NODES.textNode(o.toString());
    } else if (o instanceof byte[]) {
      return NODES.textNode(Base64.getEncoder().encodeToString((byte[]) o));
    }
    throw new IllegalArgumentException("no Spark JSON form for " + o.getClass());
  }

  /**
   * Parses JSON keeping what the text says about numbers: a literal with an exponent is a
   * double (compared as a double: JDK 17 prints 4.335e21 as 4.3350000000000003E21), any other
   * number an exact decimal ({@link JsonTrees#parse}, shared with the DuckDB tests).
   */
  static JsonNode parse(String json) {
    return JsonTrees.parse(json);
  }

  /** Equal JSON trees, numbers compared by value (doubles as doubles when both are). */
  static void assertSame(JsonNode expected, JsonNode actual, String where) {
    if (expected == null || actual == null) {
      assertEquals(expected, actual, where);
      return;
    }
    Comparator<JsonNode> numbersByValue = (x, y) -> {
      if (!x.isNumber() || !y.isNumber()) {
        return x.equals(y) ? 0 : 1;
      }
      if (x.isDouble() && y.isDouble()) {
        return Double.compare(x.doubleValue(), y.doubleValue());
      }
      return x.decimalValue().compareTo(y.decimalValue());
    };
    assertTrue(expected.equals(numbersByValue, actual),
        where + ": expected " + expected + ", got " + actual);
  }
}
