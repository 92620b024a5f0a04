package io.dendrite.parquet.write;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses one JSON text line into a normalized row. VARIANT columns are encoded straight from
 * Jackson's token stream ({@link JsonToVariant#parse(JsonParser, VariantEncoder)}), with no
 * intermediate tree; ordinary columns are read as plain Java values and then coerced like map
 * records are. In whole-document mode the entire line becomes one VARIANT column.
 *
 * <p>Jackson's nesting limit is {@link VariantBinary#MAX_NESTING_DEPTH} plus the levels the schema
 * puts around a variant (the record object, structs, lists, maps): a line within it holds no
 * variant deeper than the limit, and a deeper line is rejected before it is read further.
 */
final class JsonRecordParser {
  /** Lines one streaming parser takes before it is replaced: bounds its table of field names. */
  private static final int LINES_PER_PARSER = 10_000;

  private final JsonFactory factory;
  private final RecordCoercer coercer;
  /**
   * One encoder per VARIANT column, made when first needed: an encoder reuses what the previous
   * variant's keys gave (their sort, ids predicted from it, the metadata), which rows of one
   * column repeat, while two columns' values, encoded alternately by one encoder, never would.
   */
  private final VariantEncoder[] encoders;
  private final int documentColumn;
  private final LineFeed feed = new LineFeed();
  private final LineFeed.Whitespace rest = new LineFeed.Whitespace();
  private final int maxJsonDepth;
  private final ByteLineFeed byteFeed = new ByteLineFeed();
  private final ByteLineFeed.Whitespace byteRest = new ByteLineFeed.Whitespace();
  private JsonParser streaming;
  private int streamedLines;
  private JsonParser streamingBytes;
  private int streamedByteLines;
  private long linesParsedAlone;

  /** {@code documentColumn}: index of the column that receives whole lines, or -1. */
  JsonRecordParser(RecordCoercer coercer, int documentColumn) {
    this.coercer = coercer;
    this.documentColumn = documentColumn;
    int enclosing = 0;
    if (documentColumn < 0) {
      enclosing = 1 + coercer.schema().fields().stream().mapToInt(f -> containerDepth(f.type())).max()
          .orElse(0);
    }
    this.maxJsonDepth = VariantBinary.MAX_NESTING_DEPTH + enclosing;
    this.encoders = new VariantEncoder[coercer.fieldCount()];
    this.factory = JsonFactory.builder()
        .streamReadConstraints(
            StreamReadConstraints.builder().maxNestingDepth(maxJsonDepth).build())
        .build();
  }

  /**
   * The parser of a writer: whole lines go to {@code documentColumn} when it is not null.
   *
   * @throws IllegalArgumentException when that is not a top-level VARIANT column
   */
  static JsonRecordParser of(RecordCoercer coercer, String documentColumn) {
    if (documentColumn == null) {
      return new JsonRecordParser(coercer, -1);
    }
    int index = coercer.indexOf(documentColumn);
    if (index < 0 || !coercer.isVariant(index)) {
      throw new IllegalArgumentException("jsonDocumentColumn '" + documentColumn
          + "' is not a top-level VARIANT column of " + coercer.schema());
    }
    return new JsonRecordParser(coercer, index);
  }

  /** JSON arrays and objects a value of this type nests, not counting variants' own. */
  private static int containerDepth(FieldType type) {
    if (type instanceof StructType) {
      int deepest = 0;
      for (Field f : ((StructType) type).fields()) {
        deepest = Math.max(deepest, containerDepth(f.type()));
      }
      return 1 + deepest;
    } else if (type instanceof ListType) {
      return 1 + containerDepth(((ListType) type).element());
    } else if (type instanceof MapType) {
      return 1 + containerDepth(((MapType) type).value());
    }
    return 0;
  }

  /**
   * Parses one line. A long-lived parser fed line by line does the work (see {@link LineFeed});
   * a line it cannot take is parsed again by a parser of its own, which reports errors with
   * positions counted within the line.
   */
  Object[] parse(String line) {
    try {
      Object[] row = parseStreaming(line);
      if (row != null) {
        return row;
      }
    } catch (IOException | RuntimeException e) {
      // Reported below, from a parse of this line alone.
    }
    discardStreaming();
    linesParsedAlone++;
    return parseAlone(line);
  }

  /**
   * Parses one line of well-formed UTF-8 ({@code b[off, off + len)}, checked by the caller) as
   * {@link #parse(String)} parses its text, with a long-lived parser of bytes: the same rows and
   * the same errors (a line it cannot take is decoded and parsed alone, as text).
   */
  Object[] parse(byte[] b, int off, int len) {
    try {
      Object[] row = parseStreamingBytes(b, off, len);
      if (row != null) {
        return row;
      }
    } catch (IOException | RuntimeException e) {
      // Reported below, from a parse of this line alone.
    }
    streamingBytes = discard(streamingBytes);
    linesParsedAlone++;
    return parseAlone(new String(b, off, len, StandardCharsets.UTF_8));
  }

  /** Lines the streaming parser could not take (bad lines, in practice); for tests. */
  long linesParsedAlone() {
    return linesParsedAlone;
  }

  /** The row, or null when text follows the value (left to {@link #parseAlone} to report). */
  private Object[] parseStreaming(String line) throws IOException {
    if (streaming == null || streamedLines >= LINES_PER_PARSER) {
      discardStreaming();
      streaming = factory.createParser(feed);
    }
    feed.feed(line);
    streamedLines++;
    Object[] row = readRecord(streaming);
    rest.reset();
    streaming.releaseBuffered(rest);
    if (rest.sawText() || feed.unreadTextRemains()) {
      return null;
    }
    coercer.checkRequired(row);
    return row;
  }

  /** As {@link #parseStreaming}, for a line of bytes. */
  private Object[] parseStreamingBytes(byte[] b, int off, int len) throws IOException {
    if (streamingBytes == null || streamedByteLines >= LINES_PER_PARSER) {
      streamingBytes = discard(streamingBytes);
      byteFeed.prime();
      streamingBytes = factory.createParser(byteFeed);
      streamedByteLines = 0;
    }
    byteFeed.feed(b, off, len);
    streamedByteLines++;
    Object[] row = readRecord(streamingBytes);
    byteRest.reset();
    streamingBytes.releaseBuffered(byteRest);
    if (byteRest.sawText() || byteFeed.unreadTextRemains()) {
      return null;
    }
    coercer.checkRequired(row);
    return row;
  }

  private void discardStreaming() {
    streaming = discard(streaming);
    streamedLines = 0;
  }

  /** Closes a streaming parser being replaced; null, to assign. */
  private static JsonParser discard(JsonParser p) {
    if (p != null) {
      try {
        p.close();
      } catch (IOException ignored) {
        // A line feed holds no resources.
      }
    }
    return null;
  }

  private Object[] parseAlone(String line) {
    try (JsonParser p = factory.createParser(line)) {
      try {
        Object[] row = readRecord(p);
        if (p.nextToken() != null) {
          throw new InvalidRecordException(0, null, "unexpected text after the JSON value at "
              + "column " + p.currentLocation().getColumnNr(), null);
        }
        coercer.checkRequired(row);
        return row;
      } catch (JsonProcessingException e) {
        throw new InvalidRecordException(0, null, problem(e, p), e);
      }
    } catch (VariantFormatException e) {
      throw new InvalidRecordException(0, null, e.getMessage(), e);
    } catch (IOException e) {
      throw new InvalidRecordException(0, null, "cannot read JSON: " + e.getMessage(), e);
    }
  }

  /** One JSON value from {@code p}: a whole document, or an object of column values. */
  private Object[] readRecord(JsonParser p) throws IOException {
    if (documentColumn < 0) {
      return parseObject(p);
    }
    Object[] row = new Object[coercer.fieldCount()];
    if (p.nextToken() == null) {
      throw new InvalidRecordException(0, null, "empty line is not a JSON document", null);
    }
    VariantEncoder encoder = encoder(documentColumn);
    JsonToVariant.parse(p, encoder);
    row[documentColumn] = encoder.finish();
    return row;
  }

  private Object[] parseObject(JsonParser p) throws IOException {
    JsonToken t = p.nextToken();
    if (t != JsonToken.START_OBJECT) {
      throw new InvalidRecordException(0, null,
          "expected a JSON object, found " + describe(t), null);
    }
    Object[] row = new Object[coercer.fieldCount()];
    boolean[] seen = new boolean[row.length];
    while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      int i = coercer.indexOf(name);
      if (i < 0) {
        throw new InvalidRecordException(0, name,
            "unknown column; the schema has " + coercer.columnNames(), null);
      }
      if (seen[i]) {
        throw new InvalidRecordException(0, name, "duplicate key in the JSON object", null);
      }
      seen[i] = true;
      // Syntax errors inside a field's value name that field.
      try {
        JsonToken valueToken = p.nextToken();
        if (valueToken == JsonToken.VALUE_NULL) {
          continue;
        }
        if (coercer.isVariant(i)) {
          VariantEncoder encoder = encoder(i);
          try {
            JsonToVariant.parse(p, encoder);
          } catch (VariantFormatException e) {
            throw new InvalidRecordException(0, name, e.getMessage(), e);
          }
          EncodedVariant v = encoder.finish();
          row[i] = v;
        } else {
          row[i] = coercer.coerceField(i, readJava(p));
        }
      } catch (JsonProcessingException e) {
        throw new InvalidRecordException(0, name, problem(e, p), e);
      }
    }
    return row;
  }

  /** Column {@code i}'s encoder, reset for a new variant. */
  private VariantEncoder encoder(int i) {
    VariantEncoder e = encoders[i];
    if (e == null) {
      e = encoders[i] = new VariantEncoder(true);
    }
    return e.reset();
  }

  private static String describe(JsonToken t) {
    if (t == null) {
      return "an empty line";
    }
    switch (t) {
      case START_ARRAY: return "an array";
      case VALUE_STRING: return "a string";
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT: return "a number";
      case VALUE_TRUE:
      case VALUE_FALSE: return "a boolean";
      case VALUE_NULL: return "null";
      default: return t.name();
    }
  }

  /** What is wrong with the text: too deep (Jackson's nesting limit, see the class), or malformed. */
  private String problem(JsonProcessingException e, JsonParser p) {
    if (e instanceof StreamConstraintsException
        && p.getParsingContext().getNestingDepth() > maxJsonDepth) {
      return "value is nested deeper than " + VariantBinary.MAX_NESTING_DEPTH
          + " levels of arrays and objects (the limit, VariantBinary.MAX_NESTING_DEPTH)";
    }
    return "malformed JSON: " + e.getOriginalMessage()
        + (e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr());
  }

  /**
   * A JSON zero written with a minus sign ({@code -0.0}, {@code -0e0}): the decimal zero for
   * integer and decimal columns, the negative zero for double and float columns.
   */
  private static final class NegativeZero extends BigDecimal {
    private static final long serialVersionUID = 1L;

    NegativeZero(BigDecimal zero) {
      super(zero.unscaledValue(), zero.scale());
    }

    @Override
    public double doubleValue() {
      return -0.0;
    }

    @Override
    public float floatValue() {
      return -0.0f;
    }
  }

  /** Reads the current JSON value as Long/BigInteger, BigDecimal, String, Boolean, Map, List. */
  private static Object readJava(JsonParser p) throws IOException {
    switch (p.currentToken()) {
      case VALUE_NULL:
        return null;
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
            ? p.getBigIntegerValue() : (Object) p.getLongValue();
      case VALUE_NUMBER_FLOAT: {
        BigDecimal d = p.getDecimalValue();
        // BigDecimal has no negative zero: -0.0 and -0e0 keep their sign in double and float
        // columns (pyarrow read 0.0 for every JSON -0.0 before: dev/interop-pyarrow).
        return d.signum() == 0 && p.getText().startsWith("-") ? new NegativeZero(d) : d;
      }
      case START_ARRAY: {
        List<Object> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          list.add(readJava(p));
        }
        return list;
      }
      case START_OBJECT: {
        Map<String, Object> map = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          p.nextToken();
          map.put(key, readJava(p));
        }
        return map;
      }
      default:
        throw new IOException("unexpected JSON token " + p.currentToken());
    }
  }
}
