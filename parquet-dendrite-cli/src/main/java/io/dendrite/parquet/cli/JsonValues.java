package io.dendrite.parquet.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Renders values read from Parquet as JSON: VARIANT values as nested JSON (the rules of
 * {@link VariantJson}), structs and maps as objects, lists as arrays, numbers as numbers,
 * decimals exactly, non-finite floats as {@code "NaN"}/{@code "Infinity"}, binary as base64,
 * dates, times, timestamps and UUIDs as ISO/canonical strings.
 */
final class JsonValues {
  private static final JsonFactory JSON = JsonFactory.builder()
      .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
      .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
      // Values come from files: a variant nests at most VariantBinary.MAX_NESTING_DEPTH levels
      // (the decoders check) inside a row and the file's own structs, lists and maps. Jackson's
      // default (1000 levels in all) would refuse a variant at the limit inside a row.
      .streamWriteConstraints(
          StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
      .build();

  private JsonValues() {}

  static JsonGenerator generator(Writer out) throws IOException {
    return JSON.createGenerator(out);
  }

  static void write(JsonGenerator gen, Object v) throws IOException {
    if (v == null) {
      gen.writeNull();
    } else if (v instanceof VariantValue vv) {
      VariantJson.toJson(vv.metadata(), vv.valueBytes(), vv.pos(), gen);
    } else if (v instanceof String s) {
      gen.writeString(s);
    } else if (v instanceof Boolean b) {
      gen.writeBoolean(b);
    } else if (v instanceof Integer || v instanceof Long || v instanceof Short
        || v instanceof Byte) {
      gen.writeNumber(((Number) v).longValue());
    } else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isFinite(d)) {
        if (v instanceof Float f) {
          gen.writeNumber(f);
        } else {
          gen.writeNumber(d);
        }
      } else {
        gen.writeString(Double.toString(d));
      }
    } else if (v instanceof BigDecimal d) {
      gen.writeNumber(d);
    } else if (v instanceof java.math.BigInteger i) {
      gen.writeNumber(i);
    } else if (v instanceof byte[] b) {
      gen.writeBinary(b);
    } else if (v instanceof Map<?, ?> m) {
      gen.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        gen.writeFieldName(String.valueOf(e.getKey()));
        write(gen, e.getValue());
      }
      gen.writeEndObject();
    } else if (v instanceof List<?> l) {
      gen.writeStartArray();
      for (Object o : l) {
        write(gen, o);
      }
      gen.writeEndArray();
    } else {
      // LocalDate, LocalTime, LocalDateTime, Instant, UUID: ISO-8601 / canonical text.
      gen.writeString(v.toString());
    }
  }

  /** One value as JSON text. */
  static String toJson(Object v) {
    StringWriter sw = new StringWriter();
    try (JsonGenerator gen = generator(sw)) {
      write(gen, v);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sw.toString();
  }

  /**
   * One value as plain text for tables and CSV: strings and string-like values unquoted, null
   * as {@code nullText}, everything else as JSON.
   */
  static String toText(Object v, String nullText) {
    if (v == null || (v instanceof VariantValue vv && vv.isNull())) {
      return nullText;
    }
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof VariantValue vv && vv.type() == VariantType.STRING) {
      return vv.getString();
    }
    String json = toJson(v);
    if (json.length() >= 2 && json.charAt(0) == '"') {
      // Dates, timestamps, UUIDs, base64 binary: no escapes needed, so just drop the quotes.
      return json.substring(1, json.length() - 1);
    }
    return json;
  }
}
