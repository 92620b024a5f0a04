package io.dendrite.parquet.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses a column for each top-level key of JSON-lines records, from a sample of lines. Rule
 * (documented in {@code dendrite convert --help}), over the non-null values of a key:
 * <ul>
 *   <li>all {@code true}/{@code false}: {@code boolean};</li>
 *   <li>all integers that fit 64 bits: {@code int64};</li>
 *   <li>all numbers, some with a fraction or exponent: {@code double} (as Spark and DuckDB read
 *       JSON; keep exact decimals with {@code --variant KEY});</li>
 *   <li>all strings: {@code string} (no date or number sniffing);</li>
 *   <li>anything else (objects, arrays, mixed kinds, integers beyond 64 bits, only nulls):
 *       {@code variant}.</li>
 * </ul>
 * Keys named with {@code --variant} are variant whatever their values. Every column is nullable
 * (later lines may omit or null any key). Columns appear in order of first appearance.
 */
final class JsonColumnTypes {
  /** A line is a record object around values that may nest as deep as a variant may. */
  private static final int MAX_JSON_DEPTH = VariantValue.MAX_NESTING_DEPTH + 1;

  private static final JsonFactory JSON = JsonFactory.builder()
      .streamReadConstraints(
          StreamReadConstraints.builder().maxNestingDepth(MAX_JSON_DEPTH).build())
      .build();

  /** What was seen for one key. */
  private static final class KeyStats {
    boolean bool;
    boolean integer;
    boolean fraction;
    boolean string;
    boolean other;
  }

  private final Map<String, KeyStats> keys = new LinkedHashMap<>();
  private long records;

  /**
   * Adds one non-blank line.
   *
   * @throws CliException naming {@code source} and the line when it is not a JSON object
   */
  void add(String line, String source, long lineNumber) {
    // Parsed from UTF-8 bytes, as the writer parses the lines after the sample: one Jackson
    // parser class for the JIT to compile rather than two (the char-based one cost a convert
    // about 50 ms of C2 compilation for 4,096 lines).
    try (JsonParser p = JSON.createParser(line.getBytes(StandardCharsets.UTF_8))) {
      String key = null;
      try {
        JsonToken t = p.nextToken();
        if (t != JsonToken.START_OBJECT) {
          throw new CliException(source + ": line " + lineNumber + ": expected a JSON object, "
              + "found " + describe(t)
              + " (use --variant '*' to store whole lines in one VARIANT column)");
        }
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
          key = p.currentName();
          KeyStats k = keys.computeIfAbsent(key, n -> new KeyStats());
          observe(k, p);
        }
        key = null;
        if (p.nextToken() != null) {
          throw new CliException(source + ": line " + lineNumber
              + ": unexpected text after the JSON object");
        }
        records++;
      } catch (StreamConstraintsException e) {
        if (p.getParsingContext().getNestingDepth() <= MAX_JSON_DEPTH) {
          throw e;
        }
        // Worded as the writer words it, which reports the lines after the sample.
        throw new CliException(source + ": line " + lineNumber
            + (key == null ? "" : ", field '" + key + "'") + ": value is nested deeper than "
            + VariantValue.MAX_NESTING_DEPTH + " levels of arrays and objects (the limit, "
            + "VariantBinary.MAX_NESTING_DEPTH)", e); // the writer's wording, unchanged
      }
    } catch (JsonProcessingException e) {
      throw new CliException(source + ": line " + lineNumber + ": malformed JSON: "
          + e.getOriginalMessage()
          + (e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr()), e);
    } catch (IOException e) {
      throw new CliException(source + ": line " + lineNumber + ": " + e.getMessage(), e);
    }
  }

  private static void observe(KeyStats k, JsonParser p) throws IOException {
    JsonToken t = p.nextToken();
    switch (t) {
      case VALUE_NULL:
        return;
      case VALUE_TRUE:
      case VALUE_FALSE:
        k.bool = true;
        return;
      case VALUE_STRING:
        k.string = true;
        return;
      case VALUE_NUMBER_INT:
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
          k.other = true;
        } else {
          k.integer = true;
        }
        return;
      case VALUE_NUMBER_FLOAT:
        k.fraction = true;
        return;
      default:
        k.other = true;
        p.skipChildren();
    }
  }

  private static String describe(JsonToken t) {
    if (t == null) {
      return "nothing";
    }
    switch (t) {
      case START_ARRAY: return "an array";
      case VALUE_STRING: return "a string";
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT: return "a number";
      case VALUE_TRUE:
      case VALUE_FALSE: return "a boolean";
      case VALUE_NULL: return "null";
      default: return t.asString() == null ? t.name() : "'" + t.asString() + "'";
    }
  }

  /** Records added so far. */
  long records() {
    return records;
  }

  /** The chosen type of one key, following the class rule. */
  private static FieldType typeOf(KeyStats k) {
    int kinds = (k.bool ? 1 : 0) + (k.string ? 1 : 0) + (k.integer || k.fraction ? 1 : 0);
    if (k.other || kinds != 1) {
      return FieldType.variant();
    }
    if (k.bool) {
      return FieldType.bool();
    }
    if (k.string) {
      return FieldType.string();
    }
    return k.fraction ? FieldType.float64() : FieldType.int64();
  }

  /** Whether some scanned line has top-level key {@code name}. */
  boolean hasKey(String name) {
    return keys.containsKey(name);
  }

  /**
   * The record schema: one nullable column per key seen, in order of first appearance, then
   * any {@code variantKeys} not seen, all as VARIANT.
   *
   * @throws CliException when no key was seen or a key cannot be a column name
   */
  RecordSchema schema(Collection<String> variantKeys, String source) {
    List<Field> fields = new ArrayList<>();
    for (Map.Entry<String, KeyStats> e : keys.entrySet()) {
      String name = e.getKey();
      if (name.isEmpty()) {
        throw new CliException(source + ": the empty key \"\" cannot be a column name "
            + "(use --variant '*' to store whole lines in one VARIANT column)");
      }
      FieldType type = variantKeys.contains(name) ? FieldType.variant() : typeOf(e.getValue());
      fields.add(Field.optional(name, type));
    }
    for (String name : variantKeys) {
      if (!keys.containsKey(name)) {
        fields.add(Field.optional(name, FieldType.variant()));
      }
    }
    if (fields.isEmpty()) {
      throw new CliException(source + ": no keys found in the sampled lines, so there are no "
          + "columns (use --variant '*' to store whole lines in one VARIANT column)");
    }
    return RecordSchema.of(fields);
  }
}
