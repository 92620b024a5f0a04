package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantObjects;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantConverters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by this library are read back by parquet-java 1.18.1's own Variant
 * implementation ({@link VariantConverters}, {@link VariantBuilder}), which reassembles every
 * row's Variant from whatever layout the file has. The reassembled Variants must equal what was
 * written.
 */
class ParquetJavaInteropTest {

  private static final String SCHEMA = "id int64 not null, payload variant";
  private static final String GIVEN = "payload: {id: int64, user: {name: string, age: int32,"
      + " emails: [string]}, amount: decimal(12,3), ts: timestamp, ts_ns: timestamp_nanos,"
      + " local: timestamp_ntz, day: date, at: time, tags: [string],"
      + " items: [{sku: string, qty: int64}], `ключ`: string, `日本`: int32, `😀`: boolean,"
      + " `Ａ`: float, uuid: uuid, bin: binary, ratio: double}";

  @TempDir Path dir;

  // ================================================================== parquet-java read side

  /** One row as parquet-java sees it: id and the reassembled Variant (null for SQL NULL). */
  private record JavaRow(Long id, Variant payload) {}

  /** A ReadSupport whose VARIANT columns are reassembled by parquet-java's VariantConverters. */
  private static final class VariantReadSupport extends ReadSupport<JavaRow> {
    @Override
    public ReadContext init(InitContext context) {
      return new ReadContext(context.getFileSchema());
    }

    @Override
    public RecordMaterializer<JavaRow> prepareForRead(Configuration conf,
        Map<String, String> keyValueMetaData, MessageType fileSchema, ReadContext context) {
      RootConverter root = new RootConverter(context.getRequestedSchema());
      return new RecordMaterializer<>() {
        @Override
        public JavaRow getCurrentRecord() {
          return new JavaRow(root.id, root.variant.current);
        }

        @Override
        public GroupConverter getRootConverter() {
          return root;
        }
      };
    }
  }

  private static final class RootConverter extends GroupConverter {
    private final Converter[] converters;
    final VariantColumn variant;
    Long id;

    RootConverter(MessageType schema) {
      converters = new Converter[schema.getFieldCount()];
      VariantColumn found = null;
      for (int i = 0; i < converters.length; i++) {
        Type t = schema.getType(i);
        if (t.getName().equals("id")) {
          converters[i] = new PrimitiveConverter() {
            @Override
            public void addLong(long value) {
              id = value;
            }
          };
        } else {
          found = new VariantColumn(t.asGroupType());
          converters[i] = found;
        }
      }
      variant = found;
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return converters[fieldIndex];
    }

    @Override
    public void start() {
      id = null;
      variant.current = null; // stays null when the column is null in this row
    }

    @Override
    public void end() {}
  }

  /**
   * Adapts parquet-java's Variant converter: it reports the row's metadata through the consumer
   * and appends the value to the builder handed out by {@link #build}; at the end of the group
   * the builder produces the row's Variant.
   */
  private static final class VariantColumn extends GroupConverter
      implements VariantConverters.ParentConverter<VariantBuilder> {
    private final GroupConverter delegate;
    private VariantBuilder builder;
    Variant current;

    VariantColumn(GroupType group) {
      delegate = VariantConverters.newVariantConverter(group, this::metadata, this);
    }

    private void metadata(ByteBuffer metadata) {
      builder = new VariantBuilder(new ImmutableMetadata(metadata));
    }

    @Override
    public void build(Consumer<VariantBuilder> consumer) {
      consumer.accept(builder);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return delegate.getConverter(fieldIndex);
    }

    @Override
    public void start() {
      builder = null;
      delegate.start();
    }

    @Override
    public void end() {
      delegate.end();
      assertNotNull(builder, "no metadata in a non-null VARIANT group");
      builder.appendNullIfEmpty();
      current = builder.build();
    }
  }

  private static List<JavaRow> readWithParquetJava(Path file) throws IOException {
    List<JavaRow> rows = new ArrayList<>();
    try (ParquetReader<JavaRow> r = ParquetReader.builder(new VariantReadSupport(),
        new org.apache.hadoop.fs.Path(file.toUri())).build()) {
      JavaRow row;
      while ((row = r.read()) != null) {
        rows.add(row);
      }
    }
    return rows;
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  /** parquet-java's Variant as ours, through its metadata and value buffers. */
  private static VariantValue ours(Variant v) {
    return VariantValue.of(bytes(v.getMetadataBuffer()), bytes(v.getValueBuffer()));
  }

  // ================================================================== comparison

  /**
   * A comparable form of a variant that treats the spec's exact numerics (int8..int64,
   * decimal4/8/16) as one class compared by numeric value, and compares everything else by
   * variant type and value. Objects compare as key sets (independent of field order), read by
   * field index so that a writer's sort order cannot hide fields.
   */
  private static Object norm(VariantMetadata m, byte[] v, int pos) {
    switch (VariantBinary.type(v, pos)) {
      case OBJECT: {
        Map<String, Object> out = new HashMap<>();
        int n = VariantObjects.size(v, pos);
        for (int i = 0; i < n; i++) {
          Object prev = out.put(VariantObjects.fieldKey(m, v, pos, i),
              norm(m, v, VariantObjects.fieldValuePos(v, pos, i)));
          assertNull(prev, "duplicate key");
        }
        return out;
      }
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        int n = VariantArrays.size(v, pos);
        for (int i = 0; i < n; i++) {
          out.add(norm(m, v, VariantArrays.elementPos(v, pos, i)));
        }
        return out;
      }
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return BigDecimal.valueOf(VariantBinary.getLong(v, pos)).stripTrailingZeros();
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16: {
        BigDecimal d = VariantBinary.getDecimal(v, pos);
        return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
      }
      default: {
        Object java = VariantJava.toJava(m, v, pos);
        return List.of(VariantBinary.type(v, pos).name(),
            java instanceof byte[] b ? ByteBuffer.wrap(b) : String.valueOf(java));
      }
    }
  }

  private static Object norm(VariantValue v) {
    return norm(v.metadata(), v.valueBytes(), v.pos());
  }

  private static Object norm(EncodedVariant v) {
    return norm(v.parsedMetadata(), v.value(), 0);
  }

  // ================================================================== input data

  private static EncodedVariant encode(Object java) {
    VariantEncoder e = new VariantEncoder();
    VariantJava.write(java, e);
    return e.finish();
  }

  private static Map<String, Object> payload(int i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", (long) i);
    Map<String, Object> user = new LinkedHashMap<>();
    user.put("name", "user " + i);
    user.put("age", 20 + i % 50);
    user.put("emails", List.of("u" + i + "@example.org", "ü" + i + "@例え.jp"));
    if (i % 4 == 0) {
      user.put("nickname", "n" + i); // unshredded field of a shredded object
    }
    m.put("user", i % 7 == 3 ? "anonymous" : user); // minority: not an object
    m.put("amount", i % 5 == 2 ? "n/a" : new BigDecimal(i + ".125").negate());
    m.put("ts", Instant.parse("2024-01-01T00:00:00Z").plusSeconds(i * 3601L).plusNanos(i * 1000L));
    m.put("ts_ns", Instant.parse("2024-01-01T00:00:00Z").plusNanos(i * 1_000_000_007L));
    m.put("local", LocalDateTime.parse("1999-12-31T23:59:59.000001").plusMinutes(i));
    m.put("day", LocalDate.of(2024, 2, 28).plusDays(i));
    m.put("at", LocalTime.of(i % 24, 30, 0, 123_456_000));
    m.put("tags", i % 6 == 1 ? List.of() : List.of("a", "b" + i, i % 3 == 0 ? "c" : 3));
    List<Object> items = new ArrayList<>();
    items.add(Map.of("sku", "S" + i, "qty", (long) i));
    items.add(Map.of("sku", "T", "qty", 2L, "note", "partially shredded element"));
    if (i % 3 == 0) {
      items.add("not an object");
    }
    m.put("items", items);
    m.put("ключ", "значение " + i);
    m.put("日本", i);
    m.put("😀", i % 2 == 0);
    m.put("Ａ", 1.5f * i);
    m.put("uuid", new UUID(i, -i));
    m.put("bin", new byte[] {(byte) i, 0, (byte) 0xff});
    m.put("ratio", i / 3.0);
    if (i % 11 == 0) {
      m.put("nothing", null);
      m.put("deep", Map.of("a", Map.of("b", Map.of("c", List.of(Map.of("d", i))))));
    }
    if (i % 9 == 4) {
      m.remove("ts"); // missing shredded field
    }
    return m;
  }

  /** The input variants, in row order; null means the column is SQL NULL in that row. */
  private static List<EncodedVariant> inputs() throws IOException {
    List<EncodedVariant> out = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      out.add(encode(payload(i)));
    }
    out.add(encode("a string at the top"));
    out.add(encode(List.of(1, "two", 3.0, Map.of("four", 4))));
    out.add(encode(null)); // variant null
    out.add(null); // SQL NULL
    out.add(VariantJson.parse("{\"only\": {\"unshredded\": [true, false, null]}}"));
    out.add(VariantJson.parse("{}"));
    return out;
  }

  private Path write(String name, UnaryOperator<DendriteWriter.Builder> configure,
      List<EncodedVariant> inputs) throws IOException {
    Path file = dir.resolve(name);
    try (DendriteWriter w = configure.apply(DendriteWriter.builder(file).schema(SCHEMA))
        .build()) {
      for (int i = 0; i < inputs.size(); i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", (long) i);
        row.put("payload", inputs.get(i));
        w.write(row);
      }
    }
    return file;
  }

  private static MessageType footer(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    }
  }

  /** Reads with parquet-java and compares every row to the input. */
  private static void assertParquetJavaReadsBack(Path file, List<EncodedVariant> inputs,
      boolean strict) throws IOException {
    List<JavaRow> rows = readWithParquetJava(file);
    assertEquals(inputs.size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JavaRow row = rows.get(i);
      assertEquals((long) i, row.id());
      EncodedVariant in = inputs.get(i);
      if (in == null) {
        assertNull(row.payload(), "row " + i + " should be SQL NULL");
        continue;
      }
      assertNotNull(row.payload(), "row " + i);
      VariantValue out = ours(row.payload());
      assertEquals(norm(in), norm(out), "row " + i + ": parquet-java read " + out.toJson()
          + "\nwritten: " + in.toJson());
      if (strict) {
        assertTrue(VariantEquality.equal(in.parsedMetadata(), in.value(), 0, out.metadata(),
                out.valueBytes(), out.pos()),
            "row " + i + ": " + VariantEquality.describeDifference(in.parsedMetadata(),
                in.value(), 0, out.metadata(), out.valueBytes(), out.pos()));
        assertEquals(in.toJson(), out.toJson(), "row " + i);
      }
    }
  }

  private static void assertVariantColumnPrinted(MessageType footer) {
    // What parquet-cli's "schema" command prints is MessageType.toString().
    String printed = footer.toString();
    assertTrue(printed.contains("group payload (VARIANT(1)) {"), printed);
    assertTrue(footer.getType("payload").getLogicalTypeAnnotation()
        instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation);
  }

  // ================================================================== tests

  @Test
  void unshreddedFileReadsIdenticallyInParquetJava() throws Exception {
    List<EncodedVariant> inputs = inputs();
    Path file = write("unshredded.parquet", DendriteWriter.Builder::unshredded, inputs);
    MessageType footer = footer(file);
    assertVariantColumnPrinted(footer);
    assertNull(VariantSchemas.shreddedTypeOf(footer.getType("payload").asGroupType()));
    // Nothing is reassembled: parquet-java must return exactly what was written.
    assertParquetJavaReadsBack(file, inputs, true);
  }

  @Test
  void givenShreddingReadsBackInParquetJava() throws Exception {
    List<EncodedVariant> inputs = inputs();
    Path file = write("given.parquet", b -> b.shredding(GIVEN), inputs);
    MessageType footer = footer(file);
    assertVariantColumnPrinted(footer);
    GroupType payload = footer.getType("payload").asGroupType();
    assertEquals(io.dendrite.parquet.schema.ShreddingSchema.parse(GIVEN).get("payload"),
        VariantSchemas.shreddedTypeOf(payload));
    assertTrue(footer.toString().contains("typed_value (DECIMAL(12,3))"), footer.toString());
    assertParquetJavaReadsBack(file, inputs, false);
  }

  @Test
  void inferredShreddingReadsBackInParquetJava() throws Exception {
    List<EncodedVariant> inputs = inputs();
    Path file = write("inferred.parquet", b -> b, inputs);
    MessageType footer = footer(file);
    assertVariantColumnPrinted(footer);
    ShreddedType inferred = VariantSchemas.shreddedTypeOf(footer.getType("payload").asGroupType());
    assertNotNull(inferred, "the sample is mostly objects: something must be shredded");
    // The dominant shapes of the sample are shredded, nested ones included.
    String text = inferred.toString();
    for (String expected : List.of("user: {", "emails: [string]", "items: [{", "qty: int8",
        "tags: [string]", "ts: timestamp", "ts_ns: timestamp_nanos", "`😀`: boolean",
        "Ａ: float", "uuid: uuid", "ключ: string", "日本: int8", "at: time",
        "local: timestamp_ntz", "day: date", "bin: binary", "ratio: double")) {
      assertTrue(text.contains(expected), expected + " not in " + text);
    }
    assertParquetJavaReadsBack(file, inputs, false);
  }

  @Test
  void unannotatedFilesReassembleInParquetJava() throws Exception {
    // variantAnnotation(false) leaves plain groups, which parquet-java's VariantConverters
    // reassemble all the same: old-reader files lose nothing for new readers.
    List<EncodedVariant> inputs = inputs();
    Path unshredded = write("plain-unshredded.parquet",
        b -> b.unshredded().variantAnnotation(false), inputs);
    Path shredded = write("plain-given.parquet",
        b -> b.shredding(GIVEN).variantAnnotation(false), inputs);
    for (Path file : List.of(unshredded, shredded)) {
      GroupType payload = footer(file).getType("payload").asGroupType();
      assertNull(payload.getLogicalTypeAnnotation(), file + ": " + payload);
      assertTrue(VariantSchemas.isVariantGroup(payload), payload.toString());
    }
    assertParquetJavaReadsBack(unshredded, inputs, true);
    assertParquetJavaReadsBack(shredded, inputs, false);
  }

  @Test
  void parquetJavaAccessorsSeeTheWrittenValues() throws Exception {
    List<EncodedVariant> inputs = inputs();
    Path file = write("accessors.parquet", b -> b.shredding(GIVEN), inputs);
    List<JavaRow> rows = readWithParquetJava(file);
    for (int i = 0; i < 60; i++) {
      Variant v = rows.get(i).payload();
      assertEquals(Variant.Type.OBJECT, v.getType());
      assertEquals(i, v.getFieldByKey("id").getLong());
      assertEquals("значение " + i, v.getFieldByKey("ключ").getString());
      assertEquals(i % 2 == 0, v.getFieldByKey("😀").getBoolean());
      assertEquals(1.5f * i, v.getFieldByKey("Ａ").getFloat());
      assertEquals(new UUID(i, -i), v.getFieldByKey("uuid").getUUID());
      Variant amount = v.getFieldByKey("amount");
      if (i % 5 == 2) {
        assertEquals("n/a", amount.getString());
      } else {
        assertEquals(0, new BigDecimal(i + ".125").negate().compareTo(amount.getDecimal()));
      }
      Variant ts = v.getFieldByKey("ts");
      if (i % 9 == 4) {
        assertNull(ts, "row " + i + ": missing field must stay missing");
      } else {
        assertEquals(Variant.Type.TIMESTAMP_TZ, ts.getType());
        Instant expected = Instant.parse("2024-01-01T00:00:00Z").plusSeconds(i * 3601L)
            .plusNanos(i * 1000L);
        assertEquals(expected.getEpochSecond() * 1_000_000L + expected.getNano() / 1000,
            ts.getLong());
      }
      Variant items = v.getFieldByKey("items");
      assertEquals(Variant.Type.ARRAY, items.getType());
      assertEquals(i % 3 == 0 ? 3 : 2, items.numArrayElements());
      assertEquals("partially shredded element",
          items.getElementAtIndex(1).getFieldByKey("note").getString());
      assertEquals(2L, items.getElementAtIndex(1).getFieldByKey("qty").getLong());
    }
    assertEquals("a string at the top", rows.get(60).payload().getString());
    assertEquals(Variant.Type.NULL, rows.get(62).payload().getType());
    assertNull(rows.get(63).payload());
    assertEquals(0, rows.get(65).payload().numObjectElements());
  }

  @Test
  void ourReaderAgreesWithParquetJava() throws Exception {
    List<EncodedVariant> inputs = inputs();
    Path file = write("both.parquet", b -> b.shredding(GIVEN), inputs);
    List<JavaRow> theirs = readWithParquetJava(file);
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      int i = 0;
      for (DendriteRow row : r) {
        VariantValue mine = row.getVariant("payload");
        Variant their = theirs.get(i).payload();
        if (their == null) {
          assertNull(mine, "row " + i);
        } else {
          assertEquals(norm(ours(their)), norm(mine), "row " + i);
        }
        i++;
      }
      assertEquals(inputs.size(), i);
    }
  }

  @Test
  void decimalsOfEveryWidthReadBackInParquetJava() throws Exception {
    List<EncodedVariant> inputs = new ArrayList<>();
    String[] values = {"1.5", "-99999.9999", "12345678901234.5678", "-0.0001",
        "1234567890123456789012345678901234.5678", "0", "7"};
    for (String s : values) {
      inputs.add(encode(Map.of("d4", new BigDecimal(s).scale() <= 4
              && new BigDecimal(s).precision() <= 9 ? new BigDecimal(s) : "too wide",
          "d8", new BigDecimal(s), "d16", new BigDecimal(s))));
    }
    Path file = write("decimals.parquet",
        b -> b.shredding("payload: {d4: decimal(9,4), d8: decimal(18,4), d16: decimal(38,4)}"),
        inputs);
    MessageType footer = footer(file);
    GroupType typed = footer.getType("payload").asGroupType().getType("typed_value")
        .asGroupType();
    assertEquals(PrimitiveTypeName.INT32, typed.getType("d4").asGroupType()
        .getType("typed_value").asPrimitiveType().getPrimitiveTypeName());
    assertEquals(PrimitiveTypeName.INT64, typed.getType("d8").asGroupType()
        .getType("typed_value").asPrimitiveType().getPrimitiveTypeName());
    assertEquals(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, typed.getType("d16").asGroupType()
        .getType("typed_value").asPrimitiveType().getPrimitiveTypeName());
    assertParquetJavaReadsBack(file, inputs, false);
    List<JavaRow> rows = readWithParquetJava(file);
    for (int i = 0; i < values.length; i++) {
      BigDecimal d16 = rows.get(i).payload().getFieldByKey("d16").getDecimal();
      assertEquals(0, new BigDecimal(values[i]).compareTo(d16), values[i] + " vs " + d16);
    }
  }
}
