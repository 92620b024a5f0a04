package io.dendrite.parquet.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantObjects;
import io.dendrite.parquet.variant.internal.VariantValidator;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written with each way of choosing a shredding schema (given as text, inferred,
 * unshredded, pinned from an earlier file), checked from the outside: the footer as
 * parquet-java reads it, the raw {@code value}/{@code typed_value} cells as parquet-java's example
 * Group API reads them, and the counts of the {@link ShreddingReport} against counts computed
 * from the input rows.
 */
class ShreddingWriteTest {
  private static final ObjectMapper JSON = new ObjectMapper();


  @TempDir Path dir;

  // ================================================================== footer / raw helpers

  private static MessageType footer(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    }
  }

  private static Map<String, String> footerKeyValues(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getKeyValueMetaData();
    }
  }

  private static List<Group> rawRows(Path file) throws IOException {
    List<Group> rows = new ArrayList<>();
    try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toUri())).build()) {
      Group g;
      while ((g = r.read()) != null) {
        rows.add(g);
      }
    }
    return rows;
  }

  private static boolean isSet(Group g, String field) {
    return g.getType().containsField(field) && g.getFieldRepetitionCount(field) > 0;
  }

  /** Per path: {typed, residual, missing}, as found in the raw file. */
  private static final class RawCounts {
    final Map<String, long[]> byPath = new LinkedHashMap<>();

    long[] at(String path) {
      return byPath.computeIfAbsent(path, p -> new long[3]);
    }
  }

  /**
   * Walks one {@code value}/{@code typed_value} pair of a raw row along its shredded type and
   * asserts the spec's rules (VariantShredding.md): both null only for object fields; both set
   * only for a partially shredded object, whose residual is an object holding no shredded field;
   * an object never only in {@code value} when typed as object; array elements never missing.
   */
  private static void checkLayout(Group g, ShreddedType type, String path, VariantMetadata m,
      boolean objectField, RawCounts counts, String where) {
    boolean hasValue = isSet(g, "value");
    boolean hasTyped = isSet(g, "typed_value");
    long[] c = counts.at(path);
    if (!hasValue && !hasTyped) {
      assertTrue(objectField, where + " " + path + ": value and typed_value both null outside an"
          + " object field");
      c[2]++;
      return;
    }
    byte[] value = null;
    if (hasValue) {
      c[0 + 1]++;
      value = g.getBinary("value", 0).getBytes();
      VariantValidator.validate(m, value, 0, value.length);
    }
    if (hasTyped) {
      c[0]++;
    }
    if (type instanceof ShreddedObject o) {
      // "All field names of a Variant, whether shredded or not, must be present in the
      // metadata": parquet-java looks shredded names up even for missing fields.
      for (String name : o.fields().keySet()) {
        assertTrue(m.id(name) >= 0, where + " " + path + ": shredded name '" + name
            + "' not in the metadata " + m);
      }
      if (hasValue && hasTyped) {
        assertEquals(VariantType.OBJECT, VariantBinary.type(value, 0),
            where + " " + path + ": value and typed_value both set but value is not an object");
        int n = VariantObjects.size(value, 0);
        assertTrue(n > 0, where + " " + path + ": empty residual object should be null");
        for (int i = 0; i < n; i++) {
          String key = VariantObjects.fieldKey(m, value, 0, i);
          assertFalse(o.fields().containsKey(key),
              where + " " + path + ": shredded field '" + key + "' repeated in the residual");
        }
      } else if (hasValue) {
        assertNotEquals(VariantType.OBJECT, VariantBinary.type(value, 0),
            where + " " + path + ": an object must be written to typed_value");
      }
      if (hasTyped) {
        Group typed = g.getGroup("typed_value", 0);
        for (Map.Entry<String, ShreddedType> f : o.fields().entrySet()) {
          checkLayout(typed.getGroup(f.getKey(), 0), f.getValue(), path + "." + f.getKey(), m,
              true, counts, where);
        }
      }
      return;
    }
    assertFalse(hasValue && hasTyped,
        where + " " + path + ": value and typed_value both set for a non-object");
    if (type instanceof ValueOnly) {
      assertFalse(g.getType().containsField("typed_value"));
      return;
    }
    if (type instanceof ShreddedArray a) {
      if (hasValue) {
        assertNotEquals(VariantType.ARRAY, VariantBinary.type(value, 0),
            where + " " + path + ": an array must be written to typed_value");
      } else {
        Group list = g.getGroup("typed_value", 0);
        int n = list.getFieldRepetitionCount("list");
        for (int j = 0; j < n; j++) {
          checkLayout(list.getGroup("list", j).getGroup("element", 0), a.element(), path + "[]",
              m, false, counts, where + "[" + j + "]");
        }
      }
    }
  }

  /** Checks every row's VARIANT group {@code column} and returns the raw counts per path. */
  private static RawCounts checkAllRows(Path file, String column, ShreddedType type)
      throws IOException {
    RawCounts counts = new RawCounts();
    int row = 0;
    for (Group r : rawRows(file)) {
      row++;
      Group v = variantGroupOf(r, column);
      if (v == null) {
        continue;
      }
      VariantMetadata m = VariantMetadata.parse(v.getBinary("metadata", 0).getBytes());
      if (type == null) {
        assertTrue(isSet(v, "value"), "row " + row + ": unshredded value must be set");
        assertFalse(v.getType().containsField("typed_value"));
        continue;
      }
      checkLayout(v, type, column, m, false, counts, "row " + row);
    }
    return counts;
  }

  private static Group variantGroupOf(Group row, String dottedPath) {
    Group g = row;
    for (String part : dottedPath.split("\\.")) {
      if (g.getFieldRepetitionCount(part) == 0) {
        return null;
      }
      g = g.getGroup(part, 0);
    }
    return g;
  }

  private static void assertReportMatchesRaw(ShreddingReport report, RawCounts raw) {
    for (Map.Entry<String, long[]> e : raw.byPath.entrySet()) {
      ShreddingReport.PathCounts p = report.path(e.getKey());
      assertNotNull(p, "report has no path " + e.getKey() + ":\n" + report);
      long[] c = e.getValue();
      assertEquals(c[0], p.typed(), e.getKey() + " typed (raw file vs report)");
      assertEquals(c[1], p.residual(), e.getKey() + " residual (raw file vs report)");
      assertEquals(c[2], p.missing(), e.getKey() + " missing (raw file vs report)");
    }
  }

  private static void assertCounts(ShreddingReport report, String path, long typed,
      long residual, long missing) {
    ShreddingReport.PathCounts p = report.path(path);
    assertNotNull(p, "no path " + path + " in\n" + report);
    assertEquals(List.of(typed, residual, missing), List.of(p.typed(), p.residual(), p.missing()),
        path + " [typed, residual, missing]");
  }

  private static GroupType variantGroup(MessageType schema, String... path) {
    GroupType g = schema;
    for (String p : path) {
      g = g.getType(p).asGroupType();
    }
    return g;
  }

  private static void assertVariantAnnotated(GroupType g) {
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    assertInstanceOf(LogicalTypeAnnotation.VariantLogicalTypeAnnotation.class, a,
        g.getName() + " annotation " + a);
    assertEquals(1, ((LogicalTypeAnnotation.VariantLogicalTypeAnnotation) a).getSpecVersion());
    assertTrue(g.toString().contains("(VARIANT(1))"), g.toString());
    PrimitiveType metadata = g.getType("metadata").asPrimitiveType();
    assertEquals(Type.Repetition.REQUIRED, metadata.getRepetition());
    assertEquals(PrimitiveTypeName.BINARY, metadata.getPrimitiveTypeName());
  }

  // ================================================================== value helpers

  private static EncodedVariant enc(Consumer<VariantEncoder> body) {
    VariantEncoder e = new VariantEncoder();
    body.accept(e);
    return e.finish();
  }

  private static EncodedVariant json(String text) throws IOException {
    return VariantJson.parse(text);
  }

  /**
   * A comparable form of a Java input or decoded value: exact numerics (ints and decimals, which
   * the spec treats as one class) as stripped BigDecimals, byte arrays as buffers, variants
   * decoded; everything else as is, tagged with its class so float and double stay apart.
   */
  private static Object norm(Object o) {
    if (o instanceof EncodedVariant ev) {
      return norm(VariantJava.toJava(ev.parsedMetadata(), ev.value(), 0));
    }
    if (o instanceof Byte || o instanceof Short || o instanceof Integer || o instanceof Long) {
      return BigDecimal.valueOf(((Number) o).longValue()).stripTrailingZeros();
    }
    if (o instanceof BigInteger b) {
      return new BigDecimal(b).stripTrailingZeros();
    }
    if (o instanceof BigDecimal d) {
      return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }
    if (o instanceof byte[] b) {
      return ByteBuffer.wrap(b);
    }
    if (o instanceof Map<?, ?> map) {
      Map<Object, Object> out = new HashMap<>();
      map.forEach((k, v) -> out.put(k, norm(v)));
      return out;
    }
    if (o instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      list.forEach(x -> out.add(norm(x)));
      return out;
    }
    return o == null ? null : List.of(o.getClass().getSimpleName(), o);
  }

  private static Object decodeVariant(VariantMetadata m, byte[] value) {
    return norm(VariantJava.toJava(m, value, 0));
  }

  /** Decodes a primitive typed_value cell by the spec's table of Parquet types. */
  private static Object decodeTyped(Group g, ShreddedPrimitive p) {
    switch (p.kind()) {
      case BOOLEAN: return norm(g.getBoolean("typed_value", 0));
      case INT8: case INT16: case INT32: return norm(g.getInteger("typed_value", 0));
      case INT64: return norm(g.getLong("typed_value", 0));
      case FLOAT: return norm(g.getFloat("typed_value", 0));
      case DOUBLE: return norm(g.getDouble("typed_value", 0));
      case DECIMAL4:
        return norm(BigDecimal.valueOf(g.getInteger("typed_value", 0), p.scale()));
      case DECIMAL8:
        return norm(BigDecimal.valueOf(g.getLong("typed_value", 0), p.scale()));
      case DECIMAL16:
        return norm(new BigDecimal(new BigInteger(g.getBinary("typed_value", 0).getBytes()),
            p.scale()));
      case DATE: return norm(LocalDate.ofEpochDay(g.getInteger("typed_value", 0)));
      case TIME: return norm(LocalTime.ofNanoOfDay(g.getLong("typed_value", 0) * 1000));
      case TIMESTAMP: {
        long us = g.getLong("typed_value", 0);
        return norm(Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L),
            Math.floorMod(us, 1_000_000L) * 1000));
      }
      case TIMESTAMP_NTZ: {
        long us = g.getLong("typed_value", 0);
        return norm(LocalDateTime.ofEpochSecond(Math.floorDiv(us, 1_000_000L),
            (int) Math.floorMod(us, 1_000_000L) * 1000, ZoneOffset.UTC));
      }
      case TIMESTAMP_NANOS: {
        long ns = g.getLong("typed_value", 0);
        return norm(Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L),
            Math.floorMod(ns, 1_000_000_000L)));
      }
      case TIMESTAMP_NTZ_NANOS: {
        long ns = g.getLong("typed_value", 0);
        return norm(LocalDateTime.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L),
            (int) Math.floorMod(ns, 1_000_000_000L), ZoneOffset.UTC));
      }
      case UUID: {
        ByteBuffer b = ByteBuffer.wrap(g.getBinary("typed_value", 0).getBytes());
        return norm(new UUID(b.getLong(), b.getLong()));
      }
      case BINARY: return norm(g.getBinary("typed_value", 0).getBytes());
      case STRING: return norm(g.getString("typed_value", 0));
      default: throw new AssertionError(p);
    }
  }

  /** The Parquet type the spec's table prescribes for a shredded primitive. */
  private static void assertSpecType(PrimitiveType t, ShreddedPrimitive p) {
    String where = p + ": " + t;
    LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
    assertEquals(Type.Repetition.OPTIONAL, t.getRepetition(), where);
    switch (p.kind()) {
      case BOOLEAN:
        assertEquals(PrimitiveTypeName.BOOLEAN, t.getPrimitiveTypeName(), where);
        assertNull(a, where);
        break;
      case INT8:
      case INT16:
        assertEquals(PrimitiveTypeName.INT32, t.getPrimitiveTypeName(), where);
        assertEquals(LogicalTypeAnnotation.intType(p.kind() == VariantType.INT8 ? 8 : 16,
            true), a, where);
        break;
      case INT32:
        assertEquals(PrimitiveTypeName.INT32, t.getPrimitiveTypeName(), where);
        assertTrue(a == null || a.equals(LogicalTypeAnnotation.intType(32, true)), where);
        break;
      case INT64:
        assertEquals(PrimitiveTypeName.INT64, t.getPrimitiveTypeName(), where);
        assertTrue(a == null || a.equals(LogicalTypeAnnotation.intType(64, true)), where);
        break;
      case FLOAT:
        assertEquals(PrimitiveTypeName.FLOAT, t.getPrimitiveTypeName(), where);
        break;
      case DOUBLE:
        assertEquals(PrimitiveTypeName.DOUBLE, t.getPrimitiveTypeName(), where);
        break;
      case DECIMAL4:
        assertEquals(PrimitiveTypeName.INT32, t.getPrimitiveTypeName(), where);
        assertEquals(LogicalTypeAnnotation.decimalType(p.scale(), p.precision()), a, where);
        break;
      case DECIMAL8:
        assertEquals(PrimitiveTypeName.INT64, t.getPrimitiveTypeName(), where);
        assertEquals(LogicalTypeAnnotation.decimalType(p.scale(), p.precision()), a, where);
        break;
      case DECIMAL16:
        assertTrue(t.getPrimitiveTypeName() == PrimitiveTypeName.BINARY
            || t.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, where);
        assertEquals(LogicalTypeAnnotation.decimalType(p.scale(), p.precision()), a, where);
        break;
      case DATE:
        assertEquals(PrimitiveTypeName.INT32, t.getPrimitiveTypeName(), where);
        assertEquals(LogicalTypeAnnotation.dateType(), a, where);
        break;
      case TIME:
        assertEquals(PrimitiveTypeName.INT64, t.getPrimitiveTypeName(), where);
        assertEquals(LogicalTypeAnnotation.timeType(false,
            LogicalTypeAnnotation.TimeUnit.MICROS), a, where);
        break;
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS: {
        boolean utc = p.kind() == VariantType.TIMESTAMP
            || p.kind() == VariantType.TIMESTAMP_NANOS;
        boolean nanos = p.kind() == VariantType.TIMESTAMP_NANOS
            || p.kind() == VariantType.TIMESTAMP_NTZ_NANOS;
        assertEquals(PrimitiveTypeName.INT64, t.getPrimitiveTypeName(), where);
        assertEquals(LogicalTypeAnnotation.timestampType(utc, nanos
            ? LogicalTypeAnnotation.TimeUnit.NANOS : LogicalTypeAnnotation.TimeUnit.MICROS),
            a, where);
        break;
      }
      case BINARY:
        assertEquals(PrimitiveTypeName.BINARY, t.getPrimitiveTypeName(), where);
        assertNull(a, where);
        break;
      case STRING:
        assertEquals(PrimitiveTypeName.BINARY, t.getPrimitiveTypeName(), where);
        assertEquals(LogicalTypeAnnotation.stringType(), a, where);
        break;
      case UUID:
        assertEquals(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, t.getPrimitiveTypeName(), where);
        assertEquals(16, t.getTypeLength(), where);
        assertEquals(LogicalTypeAnnotation.uuidType(), a, where);
        break;
      default:
        fail(where);
    }
  }

  // ================================================================== given: every primitive

  /** One shredded primitive field: values that fit its typed_value and values that do not. */
  private record Case(String field, String type, List<Object> typed, List<Object> residual) {}

  private static List<Case> primitiveCases() throws IOException {
    List<Case> cases = new ArrayList<>();
    cases.add(new Case("b", "boolean", List.of(true, false), List.of("true", 1)));
    cases.add(new Case("i8", "int8", List.of((byte) -128, (byte) 127, (short) 100, 5),
        List.of((short) 300, 1.5, "7", 128)));
    cases.add(new Case("i16", "int16", List.of((short) -32768, (short) 32767, (byte) 1),
        List.of(70000, "x", 32768L)));
    cases.add(new Case("i32", "int32",
        List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, (byte) 3, 2147483647L),
        List.of(5_000_000_000L, true, 2147483648L)));
    cases.add(new Case("i64", "int64", List.of(Long.MIN_VALUE, Long.MAX_VALUE, 12, (short) -4),
        List.of(2.0, "9", 1.5f)));
    cases.add(new Case("f", "float", List.of(1.5f, -0.0f, Float.NaN, Float.MAX_VALUE),
        List.of(1.5, 2, "1.5")));
    cases.add(new Case("d", "double", List.of(2.5, -1e300, Double.NaN, -0.0),
        List.of(2.5f, new BigDecimal("2.5"), 3)));
    // Decimals go to typed_value only at the column's own scale (text-exact): integers and
    // other scales, which would read back as 42.00 or -0.50, stay in value.
    cases.add(new Case("d4", "decimal(9,2)",
        List.of(new BigDecimal("1234567.89"), new BigDecimal("-0.50"),
            new BigDecimal("-9999999.99"), new BigDecimal("0.00")),
        List.of(new BigDecimal("0.125"), new BigDecimal("10000000.00"), 1.5, "1.00",
            new BigDecimal("-0.5"), 42)));
    cases.add(new Case("d8", "decimal(18,4)",
        List.of(new BigDecimal("12345678901234.5678"), new BigDecimal("-1.5000"),
            new BigDecimal("99999999999999.0000")),
        List.of(new BigDecimal("1.23456"), new BigDecimal("100000000000000.0000"), 7.0,
            new BigDecimal("4506.31"), 7L, new BigDecimal("99999999999999"))));
    cases.add(new Case("d16", "decimal(38,10)",
        List.of(new BigDecimal("1234567890123456789012345678.0123456789"),
            new BigDecimal("-0.0000000001"), new BigDecimal("1.5000000000"),
            new BigDecimal("-1.2345678900"),
            new BigDecimal("-9999999999999999999999999999.9999999999")),
        List.of(new BigDecimal("0.00000000001"), "big",
            new BigDecimal("10000000000000000000000000000"), Long.MAX_VALUE, Long.MIN_VALUE,
            new BigDecimal("1.5"))));
    cases.add(new Case("dt", "date",
        List.of(LocalDate.of(2024, 2, 29), LocalDate.of(1969, 12, 31), LocalDate.of(1, 1, 1)),
        List.of("2024-02-29", Instant.EPOCH, 19000)));
    cases.add(new Case("t", "time",
        List.of(LocalTime.of(23, 59, 59, 999_999_000), LocalTime.MIDNIGHT, LocalTime.NOON),
        List.of("12:00", LocalDateTime.of(2024, 1, 1, 12, 0), 0L)));
    cases.add(new Case("ts", "timestamp",
        List.of(Instant.parse("2024-01-02T03:04:05.123456Z"), Instant.EPOCH,
            Instant.parse("1900-01-01T00:00:00.000001Z")),
        List.of(Instant.parse("2024-01-02T03:04:05.123456789Z"),
            LocalDateTime.of(2024, 1, 2, 3, 4), "2024-01-02T03:04:05Z")));
    cases.add(new Case("tsntz", "timestamp_ntz",
        List.of(LocalDateTime.parse("2024-01-02T03:04:05.5"),
            LocalDateTime.parse("1960-06-01T00:00:00.000001")),
        List.of(Instant.EPOCH, LocalDateTime.parse("2024-01-02T03:04:05.000000001"),
            LocalDate.of(2024, 1, 2))));
    cases.add(new Case("tsn", "timestamp_nanos",
        List.of(Instant.parse("2024-01-02T03:04:05.123456789Z"),
            enc(e -> e.writeTimestampNanos(1_000L)),
            Instant.parse("1700-01-01T00:00:00.000000001Z").plusNanos(0)),
        List.of("2024", LocalDateTime.parse("2024-01-02T03:04:05.123456789"))));
    cases.add(new Case("tsnntz", "timestamp_ntz_nanos",
        List.of(LocalDateTime.parse("2024-01-02T03:04:05.123456789"),
            enc(e -> e.writeTimestampNtzNanos(-1L))),
        List.of(Instant.parse("2024-01-02T03:04:05.123456789Z"), "x")));
    UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    cases.add(new Case("u", "uuid", List.of(u, new UUID(-1L, 1L)),
        List.of(u.toString(), new byte[16])));
    cases.add(new Case("bin", "binary", List.of(new byte[] {1, 2, 3}, new byte[0],
        new byte[] {(byte) 0xff, 0}), List.of("AQID", 1)));
    cases.add(new Case("s", "string",
        List.of("hello", "", "ünïcødé 😀 日本", "x".repeat(100)),
        List.of(5, new byte[] {1}, json("{\"not\": \"a string\"}"))));
    return cases;
  }

  @Test
  void givenSchemaWithEveryPrimitiveMatchingAndNonMatching() throws Exception {
    List<Case> cases = primitiveCases();
    StringBuilder shred = new StringBuilder("v: {");
    int maxLen = 0;
    for (Case c : cases) {
      shred.append(shred.length() > 4 ? ", " : "").append(c.field()).append(": ").append(c.type());
      maxLen = Math.max(maxLen, c.typed().size() + c.residual().size() + 1);
    }
    shred.append('}');

    // Row i holds, per field, the i-th of: its typed values, its residual values, a variant
    // null (residual); rows beyond the list leave the field out (missing). Two more rows hold a
    // non-object (residual at the top) and one row has no variant at all (SQL NULL).
    int objectRows = maxLen + 3;
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < objectRows; i++) {
      Map<String, Object> v = new LinkedHashMap<>();
      for (Case c : cases) {
        List<Object> all = new ArrayList<>(c.typed());
        all.addAll(c.residual());
        if (i < all.size()) {
          v.put(c.field(), all.get(i));
        } else if (i == all.size()) {
          v.put(c.field(), null);
        }
      }
      v.put("extra", i); // never shredded: stays in the residual object
      Map<String, Object> row = new HashMap<>();
      row.put("id", (long) i);
      row.put("v", v);
      rows.add(row);
    }
    rows.add(Map.of("id", 1000L, "v", "a string, not an object"));
    rows.add(Map.of("id", 1001L, "v", List.of(1, 2)));
    rows.add(Map.of("id", 1002L));

    Path file = dir.resolve("primitives.parquet");
    ShreddingSchema schema = ShreddingSchema.parse(shred.toString());
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding(schema).build()) {
      for (Map<String, Object> r : rows) {
        w.write(r);
      }
      w.close();
      report = w.report();
    }

    // Counts computed from the input.
    assertEquals(rows.size(), report.rowsWritten());
    assertCounts(report, "v", objectRows, objectRows + 2, 0); // every object has "extra"
    for (Case c : cases) {
      int present = c.typed().size() + c.residual().size() + 1;
      assertCounts(report, "v." + c.field(), c.typed().size(), c.residual().size() + 1,
          objectRows - present);
    }
    assertEquals("given", report.columns().get("v").origin());

    // Footer: annotation, layout equal to the schema, spec types of each typed_value.
    MessageType footer = footer(file);
    GroupType v = variantGroup(footer, "v");
    assertVariantAnnotated(v);
    ShreddedType expectedType = schema.get("v");
    assertEquals(expectedType, VariantSchemas.shreddedTypeOf(v));
    GroupType typedGroup = v.getType("typed_value").asGroupType();
    for (Case c : cases) {
      GroupType field = typedGroup.getType(c.field()).asGroupType();
      assertEquals(Type.Repetition.REQUIRED, field.getRepetition(), c.field());
      assertSpecType(field.getType("typed_value").asPrimitiveType(),
          (ShreddedPrimitive) ShreddedType.parse(c.type()));
      PrimitiveType value = field.getType("value").asPrimitiveType();
      assertEquals(PrimitiveTypeName.BINARY, value.getPrimitiveTypeName());
      assertEquals(Type.Repetition.OPTIONAL, value.getRepetition());
    }
    assertEquals(schema.toString(), footerKeyValues(file).get("dendrite.shredding"));

    // Raw cells: layout rules, counts equal to the report, and each cell holds its input.
    RawCounts raw = checkAllRows(file, "v", expectedType);
    assertReportMatchesRaw(report, raw);
    List<Group> rawRows = rawRows(file);
    for (int i = 0; i < objectRows; i++) {
      Group vg = rawRows.get(i).getGroup("v", 0);
      VariantMetadata m = VariantMetadata.parse(vg.getBinary("metadata", 0).getBytes());
      Group typed = vg.getGroup("typed_value", 0);
      for (Case c : cases) {
        Group fg = typed.getGroup(c.field(), 0);
        String where = "row " + i + " field " + c.field();
        int present = c.typed().size() + c.residual().size();
        if (i < c.typed().size()) {
          assertTrue(isSet(fg, "typed_value"), where + " should be typed");
          assertEquals(norm(c.typed().get(i)),
              decodeTyped(fg, (ShreddedPrimitive) ShreddedType.parse(c.type())), where);
        } else if (i <= present) {
          assertTrue(isSet(fg, "value") && !isSet(fg, "typed_value"), where + " should be value");
          Object expected = i < present ? c.residual().get(i - c.typed().size()) : null;
          assertEquals(norm(expected), decodeVariant(m, fg.getBinary("value", 0).getBytes()),
              where);
        } else {
          assertFalse(isSet(fg, "value") || isSet(fg, "typed_value"), where + " is missing");
        }
      }
      // The residual object holds exactly the unshredded key.
      byte[] residual = vg.getBinary("value", 0).getBytes();
      assertEquals(1, VariantObjects.size(residual, 0));
      assertEquals("extra", VariantObjects.fieldKey(m, residual, 0, 0));
    }

    // Whole rows read back equal to the input (exact numerics compared by value).
    assertReadBack(file, rows, "v");
  }

  private static void assertReadBack(Path file, List<Map<String, Object>> rows, String column)
      throws IOException {
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        Object in = rows.get(i).get(column);
        VariantValue out = row.getVariant(column);
        if (in == null) {
          assertNull(out, "row " + i);
        } else {
          assertNotNull(out, "row " + i);
          assertEquals(norm(in), norm(out.toJava()), "row " + i);
        }
        i++;
      }
      assertEquals(rows.size(), i);
    }
  }

  // ================================================================== given: nested shapes

  @Test
  void givenSchemaWithNestedObjectsArraysAndValueOnlyFields() throws Exception {
    String shred = "v: {o: {x: int64, y: string}, arr: [int32], raw: variant,"
        + " objs: [{k: string}]}";
    List<String> values = List.of(
        // o fully shredded; arr all typed; raw present; objs with a partially shredded element
        "{\"o\": {\"x\": 1, \"y\": \"a\"}, \"arr\": [1, 2, 3], \"raw\": {\"q\": 1},"
            + " \"objs\": [{\"k\": \"a\"}, {\"k\": \"b\", \"z\": 1}]}",
        // o partially shredded (extra), x residual (string); arr with residual elements
        "{\"o\": {\"x\": \"one\", \"extra\": true}, \"arr\": [1, \"x\", null], \"raw\": 5}",
        // o empty object: typed with both fields missing; arr empty; objs element not object
        "{\"o\": {}, \"arr\": [], \"objs\": [\"s\", {\"k\": 5}]}",
        // o and arr not of their shapes: residual
        "{\"o\": \"str\", \"arr\": {\"a\": 1}, \"raw\": null, \"other\": 1}",
        // everything missing
        "{\"other\": [1]}",
        // not an object at the top
        "[{\"o\": {\"x\": 1}}]");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String s : values) {
      rows.add(Map.of("v", json(s)));
    }
    Path file = dir.resolve("nested.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").shredding(shred)
        .build()) {
      for (Map<String, Object> r : rows) {
        w.write(r);
      }
      w.close();
      report = w.report();
    }
    // Expected counts, row by row from the values above.
    assertCounts(report, "v", 5, 3, 0); // typed: objects 1-5; residual: 4, 5 (other), 6
    assertCounts(report, "v.o", 3, 2, 1); // typed rows 1-3; residual: row 2 (extra), row 4
    assertCounts(report, "v.o.x", 1, 1, 1); // row 1 typed, row 2 residual, row 3 missing
    assertCounts(report, "v.o.y", 1, 0, 2); // row 1 typed; rows 2, 3 missing
    assertCounts(report, "v.arr", 3, 1, 1); // rows 1-3 typed, row 4 residual, row 5 missing
    assertCounts(report, "v.arr[]", 4, 2, 0); // 1,2,3,1 typed; "x", null residual
    assertCounts(report, "v.raw", 0, 3, 2); // rows 1, 2, 4 (null) residual; rows 3, 5 missing
    assertCounts(report, "v.objs", 2, 0, 3);
    assertCounts(report, "v.objs[]", 3, 2, 0); // {k:a}, {k:b,z}, {k:5} typed; {z} and "s" value
    assertCounts(report, "v.objs[].k", 2, 1, 0); // "a", "b" typed; 5 residual

    MessageType footer = footer(file);
    GroupType v = variantGroup(footer, "v");
    assertVariantAnnotated(v);
    ShreddedType expected = ShreddingSchema.parse(shred).get("v");
    assertEquals(expected, VariantSchemas.shreddedTypeOf(v));
    GroupType arr = v.getType("typed_value").asGroupType().getType("arr").asGroupType()
        .getType("typed_value").asGroupType();
    assertEquals(LogicalTypeAnnotation.listType(), arr.getLogicalTypeAnnotation());
    assertEquals(Type.Repetition.REPEATED, arr.getType("list").getRepetition());
    assertEquals(Type.Repetition.REQUIRED,
        arr.getType("list").asGroupType().getType("element").getRepetition());
    GroupType raw = v.getType("typed_value").asGroupType().getType("raw").asGroupType();
    assertEquals(1, raw.getFieldCount(), "a value-only field has only value: " + raw);

    RawCounts rawCounts = checkAllRows(file, "v", expected);
    assertReportMatchesRaw(report, rawCounts);
    assertReadBack(file, rows, "v");
  }

  // ================================================================== inferred

  @Test
  void inferredShreddingIsWrittenAndDescribedInTheFooter() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      String body = i % 10 == 9
          ? "\"text\""
          : "{\"user\": \"u" + i + "\", \"n\": " + (i % 7 == 0 ? "\"seven\"" : i * 100)
              + ", \"tags\": [\"a\", \"b\"], \"price\": " + (i % 2 == 0 ? "1.25" : "3") + "}";
      lines.add("{\"id\": " + i + ", \"payload\": " + body + "}");
    }
    Path file = dir.resolve("inferred.parquet");
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, payload variant").build()) {
      w.writeJsonLines(new StringReader(String.join("\n", lines)));
      w.close();
      report = w.report();
    }
    // Independent expectation: 45 objects, 5 strings (i = 9, 19, ..., 49); n is "seven" for
    // i = 0, 7, ..., 42 (7 rows) and an int up to 4800 otherwise (38 rows: int16 dominates);
    // price is 1.25 (scale 2) for the 25 even i and 3 (an integer) for the 20 odd objects:
    // the decimals are the larger family -> decimal(9,2); the integers stay in value (they
    // would read back as 3.00).
    ShreddedType expected = ShreddedType.parse(
        "{n: int16, price: decimal(9,2), tags: [string], user: string}");
    ShreddingReport.ColumnReport column = report.columns().get("payload");
    assertEquals(expected, column.schema());
    assertTrue(column.origin().startsWith("inferred"), column.origin());

    MessageType footer = footer(file);
    GroupType g = variantGroup(footer, "payload");
    assertVariantAnnotated(g);
    assertEquals(expected, VariantSchemas.shreddedTypeOf(g));

    long objects = 45;
    long sevens = 0;
    for (int i = 0; i < 50; i++) {
      if (i % 10 != 9 && i % 7 == 0) {
        sevens++;
      }
    }
    assertCounts(report, "payload", objects, 5, 0);
    assertCounts(report, "payload.n", objects - sevens, sevens, 0);
    assertCounts(report, "payload.price", 25, objects - 25, 0);
    assertCounts(report, "payload.tags", objects, 0, 0);
    assertCounts(report, "payload.tags[]", objects * 2, 0, 0);
    assertCounts(report, "payload.user", objects, 0, 0);
    assertReportMatchesRaw(report, checkAllRows(file, "payload", expected));

    List<Map<String, Object>> rows = new ArrayList<>();
    for (String line : lines) {
      EncodedVariant whole = json(line);
      rows.add(Map.of("payload", VariantValue.of(whole).field("payload").toEncoded()));
    }
    assertReadBack(file, rows, "payload");
  }

  @Test
  void inferenceUsesOnlyTheSampleAndLaterRowsStillRoundTrip() throws Exception {
    // sampleRows 10: the first 10 rows are ints, later rows strings -> int shredding, strings
    // go to value.
    Path file = dir.resolve("sample.parquet");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rows.add(Map.of("v", Map.of("a", i < 10 ? (Object) i : "s" + i)));
    }
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .inferShredding(InferenceOptions.DEFAULTS.withSampleRows(10)).build()) {
      for (Map<String, Object> r : rows) {
        w.write(r);
      }
      w.close();
      report = w.report();
    }
    // Java Integers are variant int32.
    // Values 0..9 need one byte: inference picks int8 whatever width the Java value had.
    assertEquals(ShreddedType.parse("{a: int8}"), report.columns().get("v").schema());
    assertEquals("inferred from 10 rows", report.columns().get("v").origin());
    assertCounts(report, "v.a", 10, 20, 0);
    assertReportMatchesRaw(report, checkAllRows(file, "v", ShreddedType.parse("{a: int8}")));
    assertReadBack(file, rows, "v");
  }

  /**
   * Rows that differ in which optional shredded fields they have share one metadata, the
   * shredded names alone, and rows with unshredded keys one per set of such keys, whichever
   * path writes them (JSON lines, shredded straight from tokens or encoded first, and maps):
   * each row's own keys with the missing names appended made a metadata per combination, and
   * the metadata column's dictionary was given up on data with many optional fields. A row
   * with every shredded name keeps its own metadata (one per set of unshredded keys too).
   * Every metadata still holds every shredded name, and every row reads back as written.
   */
  @Test
  void rowsWithOptionalFieldsShareOneMetadataPerSetOfUnshreddedKeys() throws Exception {
    Random r = new Random(17);
    Set<String> names = Set.of("id", "a", "b", "c", "d", "e", "f", "o", "x");
    List<Map<String, Object>> rows = new ArrayList<>();
    // Per row: whether it has every shredded name, and its other keys: a metadata each.
    Set<String> expected = new HashSet<>();
    StringBuilder json = new StringBuilder();
    for (int i = 0; i < 600; i++) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("id", i);
      for (String k : List.of("a", "b", "c", "d", "e", "f")) {
        if (r.nextInt(3) > 0) {
          v.put(k, k + r.nextInt(5));
        }
      }
      if (r.nextBoolean()) {
        v.put("o", Map.of("x", r.nextInt(9)));
      }
      // From row 100 on (after the sample), now and then a key shredding does not know.
      if (i >= 100 && r.nextInt(10) == 0) {
        v.put(r.nextBoolean() ? "extra1" : "extra2", Map.of("deep", i));
      }
      rows.add(Map.of("v", v));
      Set<String> keys = new TreeSet<>(v.keySet());
      for (Object o : v.values()) {
        if (o instanceof Map<?, ?> m) {
          m.keySet().forEach(k -> keys.add((String) k));
        }
      }
      boolean all = keys.containsAll(names);
      keys.removeAll(names);
      expected.add(keys.isEmpty() ? "the names alone" : all + " " + keys);
      json.append(JSON.writeValueAsString(Map.of("v", v))).append('\n');
    }
    for (boolean fromJson : new boolean[] {true, false}) {
      Path file = dir.resolve("optional-" + fromJson + ".parquet");
      try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
          .inferShredding(InferenceOptions.DEFAULTS.withSampleRows(100)).build()) {
        if (fromJson) {
          w.writeJsonLines(new StringReader(json.toString()));
        } else {
          for (Map<String, Object> row : rows) {
            w.write(row);
          }
        }
      }
      Set<String> metadatas = new HashSet<>();
      for (Group g : rawRows(file)) {
        Binary b = g.getGroup("v", 0).getBinary("metadata", 0);
        VariantMetadata m = VariantMetadata.parse(b.getBytes());
        for (String name : names) {
          assertTrue(m.id(name) >= 0, name + " in " + m);
        }
        metadatas.add(Arrays.toString(b.getBytes()));
      }
      assertEquals(expected.size(), metadatas.size(), "from JSON " + fromJson + ": " + expected);
      assertTrue(expected.size() <= 5, expected.toString()); // of 600 rows
      assertReadBack(file, rows, "v");
    }
  }

  // ================================================================== unshredded

  @Test
  void unshreddedFileHasOnlyMetadataAndValue() throws Exception {
    Path file = dir.resolve("plain.parquet");
    List<Map<String, Object>> rows = List.of(
        Map.of("v", Map.of("a", 1, "b", "x")), Map.of("v", "s"), Map.of("v", List.of(1.5)));
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").unshredded()
        .build()) {
      for (Map<String, Object> r : rows) {
        w.write(r);
      }
      w.close();
      report = w.report();
    }
    GroupType g = variantGroup(footer(file), "v");
    assertVariantAnnotated(g);
    assertEquals(2, g.getFieldCount(), g.toString());
    PrimitiveType value = g.getType("value").asPrimitiveType();
    assertEquals(PrimitiveTypeName.BINARY, value.getPrimitiveTypeName());
    assertEquals(Type.Repetition.REQUIRED, value.getRepetition(),
        "LogicalTypes.md: value is required for unshredded variants");
    assertNull(VariantSchemas.shreddedTypeOf(g));
    assertNull(report.columns().get("v").schema());
    assertEquals("unshredded", report.columns().get("v").origin());
    assertTrue(report.columns().get("v").paths().isEmpty());
    assertFalse(footerKeyValues(file).containsKey("dendrite.shredding"));
    checkAllRows(file, "v", null);
    assertReadBack(file, rows, "v");
  }

  // ================================================================== pinned

  @Test
  void pinnedFileHasTheSameShreddingAsTheFileItWasPinnedFrom() throws Exception {
    Path first = dir.resolve("first.parquet");
    try (DendriteWriter w = DendriteWriter.builder(first)
        .schema("id int64, v variant, w variant").build()) {
      for (int i = 0; i < 20; i++) {
        w.write(Map.of("id", (long) i, "v", Map.of("a", i, "s", "x" + i),
            "w", List.of("t", "u")));
      }
    }
    // Data that would infer differently: a is a string, s absent, new field b.
    Path second = dir.resolve("second.parquet");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(Map.of("id", (long) i, "v", Map.of("a", "str" + i, "b", i), "w", 7));
    }
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(second).pinShredding(first).build()) {
      for (Map<String, Object> r : rows) {
        w.write(r);
      }
      w.close();
      report = w.report();
    }
    MessageType a = footer(first);
    MessageType b = footer(second);
    assertEquals(a, b, "pinned file schema\n" + b + "\ndiffers from\n" + a);
    assertEquals(ShreddingSchema.fromParquet(a), ShreddingSchema.fromParquet(b));
    ShreddedType v = VariantSchemas.shreddedTypeOf(variantGroup(b, "v"));
    // The first file's a values are 0..19: int8.
    assertEquals(ShreddedType.parse("{a: int8, s: string}"), v);
    assertEquals(ShreddedType.parse("[string]"),
        VariantSchemas.shreddedTypeOf(variantGroup(b, "w")));
    assertTrue(report.columns().get("v").origin().startsWith("pinned from"),
        report.columns().get("v").origin());
    assertCounts(report, "v.a", 0, 20, 0);
    assertCounts(report, "v.s", 0, 0, 20);
    assertCounts(report, "w", 0, 20, 0);
    assertReportMatchesRaw(report, checkAllRows(second, "v", v));
    assertReadBack(second, rows, "v");
    assertReadBack(second, rows, "w");
  }

  @Test
  void pinningFromAnUnshreddedFileWritesUnshredded() throws Exception {
    Path first = dir.resolve("u1.parquet");
    try (DendriteWriter w = DendriteWriter.builder(first).schema("v variant").unshredded()
        .build()) {
      w.write(Map.of("v", Map.of("a", 1)));
    }
    Path second = dir.resolve("u2.parquet");
    try (DendriteWriter w = DendriteWriter.builder(second).pinShredding(first).build()) {
      for (int i = 0; i < 10; i++) {
        w.write(Map.of("v", Map.of("a", i)));
      }
    }
    assertEquals(footer(first), footer(second));
    assertNull(VariantSchemas.shreddedTypeOf(variantGroup(footer(second), "v")));
  }

  // ================================================================== nested columns, names

  @Test
  void variantInsideAStructIsShreddedByItsPath() throws Exception {
    Path file = dir.resolve("struct.parquet");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      Map<String, Object> inner = new HashMap<>();
      inner.put("payload", Map.of("k", (long) i));
      inner.put("name", "n" + i);
      rows.add(Map.of("s", inner));
    }
    ShreddingReport report;
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("s struct<name string, payload variant>").shredding("s.payload: {k: int64}")
        .build()) {
      for (Map<String, Object> r : rows) {
        w.write(r);
      }
      w.close();
      report = w.report();
    }
    GroupType g = variantGroup(footer(file), "s", "payload");
    assertVariantAnnotated(g);
    assertEquals(ShreddedType.parse("{k: int64}"), VariantSchemas.shreddedTypeOf(g));
    assertCounts(report, "s.payload.k", 5, 0, 0);
    assertReportMatchesRaw(report, checkAllRows(file, "s.payload", ShreddedType.parse("{k: int64}")));
  }

  @Test
  void columnNamesThatNeedQuotingAreShredded() throws Exception {
    // A column name with a space is written `my payload` in schema and shredding texts.
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(Map.of("my payload", Map.of("x", (long) i)));
    }
    Path given = dir.resolve("quoted-given.parquet");
    try (DendriteWriter w = DendriteWriter.builder(given).schema("`my payload` variant")
        .shredding("`my payload`: {x: int64}").build()) {
      rows.forEach(w::write);
      w.close();
      // The report names the column by its canonical path, as shredding schemas do.
      assertEquals(List.of("`my payload`"), List.copyOf(w.report().columns().keySet()));
      assertCounts(w.report(), "`my payload`.x", 10, 0, 0);
    }
    assertEquals(ShreddedType.parse("{x: int64}"),
        VariantSchemas.shreddedTypeOf(variantGroup(footer(given), "my payload")));
    assertReadBack(given, rows, "my payload");

    Path inferred = dir.resolve("quoted-inferred.parquet");
    try (DendriteWriter w = DendriteWriter.builder(inferred).schema("`my payload` variant")
        .build()) {
      rows.forEach(w::write);
    }
    assertEquals(ShreddedType.parse("{x: int8}"),
        VariantSchemas.shreddedTypeOf(variantGroup(footer(inferred), "my payload")));
    assertReadBack(inferred, rows, "my payload");

    Path pinned = dir.resolve("quoted-pinned.parquet");
    try (DendriteWriter w = DendriteWriter.builder(pinned).pinShredding(given).build()) {
      rows.forEach(w::write);
    }
    assertEquals(footer(given), footer(pinned));
  }

  @Test
  void severalVariantColumnsEachGetTheirOwnLayout() throws Exception {
    Path file = dir.resolve("multi.parquet");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      rows.add(Map.of("a", Map.of("x", i), "b", "s" + i, "c", List.of(i)));
    }
    try (DendriteWriter w = DendriteWriter.builder(file).schema("a variant, b variant, c variant")
        .shredding("a: {x: int32}\nc: [int64]").build()) {
      rows.forEach(w::write);
      w.close();
      ShreddingReport report = w.report();
      assertCounts(report, "a.x", 6, 0, 0);
      // int32 elements fit an int64 column.
      assertCounts(report, "c[]", 6, 0, 0);
      assertNull(report.columns().get("b").schema());
    }
    MessageType footer = footer(file);
    assertEquals(ShreddedType.parse("{x: int32}"),
        VariantSchemas.shreddedTypeOf(variantGroup(footer, "a")));
    assertNull(VariantSchemas.shreddedTypeOf(variantGroup(footer, "b")));
    assertEquals(ShreddedType.parse("[int64]"),
        VariantSchemas.shreddedTypeOf(variantGroup(footer, "c")));
    for (String c : List.of("a", "b", "c")) {
      assertVariantAnnotated(variantGroup(footer, c));
      assertReadBack(file, rows, c);
    }
  }

  @Test
  void residualSubsetKeepsBytesOfUnshreddedFieldsIntact() throws Exception {
    // Many fields with a large dictionary: the residual object must reference the right keys.
    Map<String, Object> big = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      big.put("k" + i, i % 3 == 0 ? "v" + i : (Object) (long) i);
    }
    Path file = dir.resolve("wide.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .shredding("v: {k0: string, k150: string, k299: int64}").build()) {
      w.write(Map.of("v", big));
      w.close();
      assertCounts(w.report(), "v", 1, 1, 0);
    }
    Group vg = rawRows(file).get(0).getGroup("v", 0);
    VariantMetadata m = VariantMetadata.parse(vg.getBinary("metadata", 0).getBytes());
    byte[] residual = vg.getBinary("value", 0).getBytes();
    assertEquals(297, VariantObjects.size(residual, 0));
    checkAllRows(file, "v", ShreddedType.parse("{k0: string, k150: string, k299: int64}"));
    assertReadBack(file, List.of(Map.of("v", big)), "v");
  }

  @Test
  void shreddedFieldsAreFoundWhateverTheDictionaryOrder() throws Exception {
    // Keys U+E000 (UTF-8 EE 80 80) and U+1F600 (F0 9F 98 80; UTF-16 D83D DE00) sort one way by
    // UTF-8 bytes and the other way as Java Strings. The same object {E000: "x", 1F600: 7} is
    // built by hand over three dictionaries: UTF-8 sorted, sorted_strings=1 in legacy UTF-16
    // order (accepted on input), and unsorted. Its fields are in UTF-8 key order in all three
    // (spec), so only the ids differ.
    String a = "\uE000";
    String b = new String(Character.toChars(0x1F600));
    byte[] utf8Sorted = metadata(0x11, a, b);
    byte[] utf16Sorted = metadata(0x11, b, a);
    byte[] unsorted = metadata(0x01, b, a);
    // Object header 0x02: 1-byte ids and offsets; 2 fields; values "x" (short string) and int8 7.
    byte[] idsAb = {0x02, 2, 0, 1, 0, 2, 4, 0x05, 'x', 0x0C, 7};
    byte[] idsBa = {0x02, 2, 1, 0, 0, 2, 4, 0x05, 'x', 0x0C, 7};
    List<EncodedVariant> variants = List.of(EncodedVariant.of(utf8Sorted, idsAb),
        EncodedVariant.of(utf16Sorted, idsBa), EncodedVariant.of(unsorted, idsBa));
    Path file = dir.resolve("dictionary-orders.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .shredding("v: {`" + a + "`: string, `" + b + "`: int8}").build()) {
      // Interleaved, so consecutive rows never share a metadata.
      for (int i = 0; i < 9; i++) {
        w.write(Map.of("v", variants.get(i % 3)));
      }
      w.close();
      assertCounts(w.report(), "v." + a, 9, 0, 0);
      assertCounts(w.report(), "v." + b, 9, 0, 0);
    }
    for (Group row : rawRows(file)) {
      Group typed = row.getGroup("v", 0).getGroup("typed_value", 0);
      assertEquals("x", typed.getGroup(a, 0).getString("typed_value", 0));
      assertEquals(7, typed.getGroup(b, 0).getInteger("typed_value", 0));
      assertFalse(isSet(row.getGroup("v", 0), "value"), "nothing left for the residual");
    }
  }

  /** Metadata with 1-byte offsets over {@code keys}, header byte as given (0x11 sorted). */
  private static byte[] metadata(int header, String... keys) {
    java.io.ByteArrayOutputStream strings = new java.io.ByteArrayOutputStream();
    byte[] out = new byte[2 + keys.length + 1];
    out[0] = (byte) header;
    out[1] = (byte) keys.length;
    for (int i = 0; i < keys.length; i++) {
      out[2 + i] = (byte) strings.size();
      strings.writeBytes(keys[i].getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    out[2 + keys.length] = (byte) strings.size();
    byte[] all = java.util.Arrays.copyOf(out, out.length + strings.size());
    System.arraycopy(strings.toByteArray(), 0, all, out.length, strings.size());
    return all;
  }
}
