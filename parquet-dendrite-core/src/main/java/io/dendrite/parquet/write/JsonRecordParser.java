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
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType.Kind;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.shred.internal.TokenUtf8;
import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.KeyPositions;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.write.internal.column.LevelRecorder;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Parses one JSON text line into a normalized row. VARIANT columns are encoded straight from
 * Jackson's token stream ({@link JsonToVariant#parse(JsonParser, VariantEncoder)}), with no
 * intermediate tree; ordinary columns are read as plain Java values and then coerced like map
 * records are. In whole-document mode the entire line becomes one VARIANT column. Once a file's
 * shredding is fixed, {@link #parseDirect} instead shreds the VARIANT columns from the tokens
 * into the column engine's recorder, encoding only residual values, and gives a line back to
 * this path when that would not make the same row.
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
  private final String[] columnNames;
  /** Per top-level column, its primitive kind, or null ({@link #writePrimitive}). */
  private final Kind[] kinds;
  private final TokenUtf8 utf8 = new TokenUtf8();
  /** The column of a top-level key (-1: none). */
  private final KeyPositions positions;
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
  /** How {@link #parseDirect}'s rows fared, and whether to try the next. */
  private final DirectAttempts attempts;

  /** Where {@link #parseDirect} writes VARIANT columns (a worker's striping of a chunk). */
  interface DirectTarget {
    /** The consumer whose record is open for the row. */
    RecordConsumer consumer();

    /** The shredder of top-level VARIANT column {@code i} if it can write from JSON now. */
    VariantColumnShredder jsonShredder(int i);
  }

  /** A slot of a row whose column was written straight into the consumer. */
  private static final Object WRITTEN = new Object();
  /** A row whose variants could not all be written from the tokens. */
  private static final Object[] INEXACT = new Object[0];

  /**
   * {@code documentColumn}: index of the column that receives whole lines, or -1; {@code
   * direct}: whether {@link #parseDirect} may write rows.
   */
  JsonRecordParser(RecordCoercer coercer, int documentColumn, boolean direct) {
    this.coercer = coercer;
    this.attempts = new DirectAttempts(direct);
    this.documentColumn = documentColumn;
    int enclosing = 0;
    if (documentColumn < 0) {
      enclosing = 1 + coercer.schema().fields().stream().mapToInt(f -> containerDepth(f.type())).max()
          .orElse(0);
    }
    this.maxJsonDepth = VariantBinary.MAX_NESTING_DEPTH + enclosing;
    this.encoders = new VariantEncoder[coercer.fieldCount()];
    this.positions = new KeyPositions(coercer::indexOf);
    this.columnNames = coercer.schema().fields().stream().map(Field::name)
        .toArray(String[]::new);
    this.kinds = coercer.schema().fields().stream()
        .map(f -> f.type() instanceof PrimitiveFieldType pt ? pt.kind() : null)
        .toArray(Kind[]::new);
    this.factory = JsonFactory.builder()
        .streamReadConstraints(
            StreamReadConstraints.builder().maxNestingDepth(maxJsonDepth).build())
        .build();
  }

  /**
   * The parser of a writer: whole lines go to {@code documentColumn} when it is not null;
   * {@code direct}: whether it may write rows straight from JSON ({@link #parseDirect}).
   *
   * @throws IllegalArgumentException when that is not a top-level VARIANT column
   */
  static JsonRecordParser of(RecordCoercer coercer, String documentColumn, boolean direct) {
    if (documentColumn == null) {
      return new JsonRecordParser(coercer, -1, direct);
    }
    int index = coercer.indexOf(documentColumn);
    if (index < 0 || !coercer.isVariant(index)) {
      throw new IllegalArgumentException("jsonDocumentColumn '" + documentColumn
          + "' is not a top-level VARIANT column of " + coercer.schema());
    }
    return new JsonRecordParser(coercer, index, direct);
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
      Object[] row = parseStreaming(line, null, 0, 0);
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
      Object[] row = parseStreaming(null, b, off, len);
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

  /**
   * The row of a line (its text, or when that is null its bytes), or null when text follows the
   * value (left to {@link #parseAlone} to report).
   */
  private Object[] parseStreaming(String line, byte[] b, int off, int len) throws IOException {
    boolean bytes = line == null;
    Object[] row = readRecord(bytes ? feedBytes(b, off, len) : feedText(line), null);
    if (textFollows(bytes)) {
      return null;
    }
    coercer.checkRequired(row);
    return row;
  }

  /** The long-lived parser of text, given {@code line}. */
  private JsonParser feedText(String line) throws IOException {
    if (streaming == null || streamedLines >= LINES_PER_PARSER) {
      discardStreaming();
      streaming = factory.createParser(feed);
    }
    feed.feed(line);
    streamedLines++;
    return streaming;
  }

  /** The long-lived parser of bytes, given a line. */
  private JsonParser feedBytes(byte[] b, int off, int len) throws IOException {
    if (streamingBytes == null || streamedByteLines >= LINES_PER_PARSER) {
      streamingBytes = discard(streamingBytes);
      byteFeed.prime();
      streamingBytes = factory.createParser(byteFeed);
      streamedByteLines = 0;
    }
    byteFeed.feed(b, off, len);
    streamedByteLines++;
    return streamingBytes;
  }

  /** Whether text follows the value just read from the line (a parser of bytes or of text). */
  private boolean textFollows(boolean bytes) throws IOException {
    if (bytes) {
      byteRest.reset();
      streamingBytes.releaseBuffered(byteRest);
      return byteRest.sawText() || byteFeed.unreadTextRemains();
    }
    rest.reset();
    streaming.releaseBuffered(rest);
    return rest.sawText() || feed.unreadTextRemains();
  }

  /**
   * Parses one line (its text, or when that is null its UTF-8 bytes {@code b[off, off + len)})
   * writing the VARIANT columns {@code target} has a JSON shredder for straight into its record
   * consumer, whose record is open (issue 31, "one pass into columns"): no variant is encoded
   * whole, only the parts that land in residual values. Returns the row's other columns, to be
   * written after, or null when the row must be written again by {@link #parse} (the caller
   * takes back what was written): the line is not a row {@link #parse} would give (bad JSON, a
   * missing column, ...; parse reports it), or a variant's keys were not the previous one's.
   */
  Object[] parseDirect(String line, byte[] b, int off, int len, DirectTarget target) {
    boolean bytes = line == null;
    try {
      JsonParser p = bytes ? feedBytes(b, off, len) : feedText(line);
      Object[] row = readRecord(p, target);
      if (textFollows(bytes)) {
        discardStreamingOf(bytes);
        return null;
      }
      if (row == INEXACT) {
        return null;
      }
      coercer.checkRequired(row);
      for (int i = 0; i < row.length; i++) {
        if (row[i] == WRITTEN) {
          row[i] = null;
        }
      }
      return row;
    } catch (IOException | RuntimeException e) {
      discardStreamingOf(bytes); // it may have stopped inside the line; parse() reports it
      return null;
    }
  }

  /** Rows {@link #parseDirect} wrote and its caller kept. */
  long directRows() {
    return attempts.rows();
  }

  /** Whether {@link #parseDirect} is worth trying for the next row ({@link DirectAttempts}). */
  boolean directWorthTrying() {
    return attempts.worthTrying();
  }

  /** Counts a row {@link #parseDirect} wrote ({@code hit}) or gave back. */
  void directOutcome(boolean hit) {
    attempts.outcome(hit);
  }

  private void discardStreamingOf(boolean bytes) {
    if (bytes) {
      streamingBytes = discard(streamingBytes);
    } else {
      discardStreaming();
    }
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
        Object[] row = readRecord(p, null);
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

  /**
   * One JSON value from {@code p}: a whole document, or an object of column values. With a
   * {@code target}, the VARIANT columns it has a JSON shredder for are written into it (their
   * slots {@link #WRITTEN}), and {@link #INEXACT} comes back when one's keys were not the
   * previous variant's.
   */
  private Object[] readRecord(JsonParser p, DirectTarget target) throws IOException {
    if (documentColumn < 0) {
      return parseObject(p, target);
    }
    Object[] row = new Object[coercer.fieldCount()];
    if (p.nextToken() == null) {
      throw new InvalidRecordException(0, null, "empty line is not a JSON document", null);
    }
    VariantColumnShredder direct = target == null ? null : target.jsonShredder(documentColumn);
    if (direct != null) {
      row[documentColumn] = WRITTEN;
      return writeDirect(target.consumer(), direct, p, documentColumn) ? row : INEXACT;
    }
    VariantEncoder encoder = encoder(documentColumn);
    JsonToVariant.parse(p, encoder);
    row[documentColumn] = encoder.finish();
    return row;
  }

  /**
   * Writes column {@code i}'s variant, at {@code p}, into the open record; false when it could
   * not (the record is then left inside it, to be taken back).
   */
  private boolean writeDirect(RecordConsumer rc, VariantColumnShredder shredder, JsonParser p,
      int i) throws IOException {
    rc.startField(columnNames[i], i);
    if (!shredder.writeJson(rc, p)) {
      return false;
    }
    rc.endField(columnNames[i], i);
    return true;
  }

  /**
   * Writes top-level column {@code i}'s value, at {@code p}, into the open record when it is a
   * token its coercer takes as it is (an int or long number in an int64 column, an int number
   * in an int32 column, a boolean in a boolean column, a string in a string column): the bytes
   * {@link FieldWriters} writes, without a Java value. False for anything
   * else, with nothing written.
   */
  private boolean writePrimitive(RecordConsumer rc, int i, JsonParser p) throws IOException {
    Kind kind = kinds[i];
    if (kind == null) {
      return false;
    }
    switch (p.currentToken()) {
      case VALUE_NUMBER_INT: {
        JsonParser.NumberType nt = p.getNumberType();
        if (kind == Kind.INT64 && (nt == JsonParser.NumberType.INT
            || nt == JsonParser.NumberType.LONG)) {
          rc.startField(columnNames[i], i);
          rc.addLong(p.getLongValue());
        } else if (kind == Kind.INT32 && nt == JsonParser.NumberType.INT) {
          rc.startField(columnNames[i], i);
          rc.addInteger(p.getIntValue());
        } else {
          return false;
        }
        break;
      }
      case VALUE_TRUE:
      case VALUE_FALSE:
        if (kind != Kind.BOOLEAN) {
          return false;
        }
        rc.startField(columnNames[i], i);
        rc.addBoolean(p.currentToken() == JsonToken.VALUE_TRUE);
        break;
      case VALUE_STRING: {
        if (kind != Kind.STRING) {
          return false;
        }
        rc.startField(columnNames[i], i);
        if (rc instanceof LevelRecorder recorder) { // the column engine: no Binary
          recorder.addBytes(utf8.encode(p), 0, utf8.length());
        } else {
          rc.addBinary(utf8.of(p)); // the bytes of String.getBytes(UTF_8)
        }
        break;
      }
      default:
        return false;
    }
    rc.endField(columnNames[i], i);
    return true;
  }

  private Object[] parseObject(JsonParser p, DirectTarget target) throws IOException {
    JsonToken t = p.nextToken();
    if (t != JsonToken.START_OBJECT) {
      throw new InvalidRecordException(0, null,
          "expected a JSON object, found " + describe(t), null);
    }
    Object[] row = new Object[coercer.fieldCount()];
    boolean[] seen = new boolean[row.length];
    boolean exact = true;
    for (int k = 0; (t = p.nextToken()) == JsonToken.FIELD_NAME; k++) {
      String name = p.currentName();
      int i = positions.find(k, name);
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
          VariantColumnShredder direct = target == null ? null : target.jsonShredder(i);
          if (direct != null) {
            if (exact) {
              exact = writeDirect(target.consumer(), direct, p, i);
            } else {
              p.skipChildren(); // the row is taken back: only the rest of the line is checked
            }
            row[i] = WRITTEN;
            continue;
          }
          VariantEncoder encoder = encoder(i);
          try {
            JsonToVariant.parse(p, encoder);
          } catch (VariantFormatException e) {
            throw new InvalidRecordException(0, name, e.getMessage(), e);
          }
          EncodedVariant v = encoder.finish();
          row[i] = v;
        } else if (target != null && exact && writePrimitive(target.consumer(), i, p)) {
          row[i] = WRITTEN;
        } else {
          row[i] = coercer.coerceField(i, readJava(p));
        }
      } catch (JsonProcessingException e) {
        throw new InvalidRecordException(0, name, problem(e, p), e);
      }
    }
    return exact ? row : INEXACT;
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
