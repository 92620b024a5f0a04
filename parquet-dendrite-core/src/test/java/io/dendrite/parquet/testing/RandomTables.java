package io.dendrite.parquet.testing;

import static org.apache.parquet.schema.LogicalTypeAnnotation.bsonType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.dateType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.decimalType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.enumType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.intType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.jsonType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.stringType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.timeType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.timestampType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.uuidType;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FLOAT;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.testing.VariantShapes.Shape;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.JulianFields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Random tables (a schema and its rows) for differential read tests: nested structs, 3-level
 * LISTs and MAPs, optional and required at every level, every Parquet primitive and logical
 * type the reader maps to a Java type, and VARIANT columns at the top level, in structs, as
 * list elements and as map values; rows with nulls at every level (and whole columns of
 * nulls), empty lists and maps, unicode including astral characters, long strings and extreme
 * numbers. The same seed gives the same table.
 *
 * <p>Rows are the Java values {@link io.dendrite.parquet.read.DendriteReader} documents (a
 * struct is a map without its null fields; variants are {@link EncodedVariant}s), so they can
 * be written by {@link DendriteWriter} ({@link #writeWithDendrite}: unshredded, inferred or
 * given shredding) or cell by cell through parquet-java's example Group writer
 * ({@link #writeWithGroups}: any page version, encoding and codec; variants anywhere unshredded
 * or shredded, the variant group's fields in any order).
 *
 * <pre>{@code
 * RandomTables.Table t = RandomTables.generate(7, RandomTables.Writer.GROUP, 500);
 * t.writeWithGroups(file, RawParquetFiles.Options.DEFAULTS.v2Pages(true), 7);
 * }</pre>
 */
public final class RandomTables {
  private static final String[] NAMES = {"id", "a", "b", "c", "name", "s", "tags", "m", "v",
      "payload", "x_1", "n2", "odd name", "é", "日本", "\uD83D\uDE00", "x.y", "Z", "list",
      "element", "key"};
  private static final String[] MAP_KEYS = {"k0", "k1", "k2", "k3", "é", "\uD83D\uDE00",
      "odd key", "x.y", ""};
  private static final Pattern BARE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

  private RandomTables() {}

  /** Which writer a table is for, which decides its column types and values. */
  public enum Writer {
    /**
     * DendriteWriter ({@link Table#writeWithDendrite}): only types the record schema text form
     * declares, and no timestamp within a second of the smallest 64-bit count of its unit
     * (DendriteWriter rejects those, as of this writing, though the type holds them).
     */
    DENDRITE,
    /**
     * The Group writer ({@link Table#writeWithGroups}): every Parquet type the reader maps to a
     * Java type, every value.
     */
    GROUP
  }

  /**
   * A primitive column's Parquet type, as the Java value the reader gives for it. The first
   * group is what the record schema text declares; the others are annotations, units and legacy
   * types other writers use, which the reader maps to the same Java types.
   */
  public enum Flavor {
    BOOLEAN, INT32, INT64, FLOAT, DOUBLE, STRING, BINARY, DATE, TIMESTAMP, TIMESTAMP_NTZ,
    TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS, TIME, UUID,
    /** DECIMAL on INT32, INT64 or FIXED_LEN_BYTE_ARRAY as the precision needs. */
    DECIMAL,

    INT8, INT16, UINT8, UINT16, SIGNED_INT32, SIGNED_INT64, ENUM, JSON, BSON,
    /** TIME(MICROS) with isAdjustedToUTC true. */
    TIME_UTC,
    /** DECIMAL on INT64, any precision up to 18. */
    DECIMAL_INT64,
    /** DECIMAL on BINARY, minimal or sign-extended two's complement. */
    DECIMAL_BINARY,
    /** DECIMAL on FIXED_LEN_BYTE_ARRAY as long as needed or up to 3 bytes longer. */
    DECIMAL_FLBA,
    /** Legacy INT96 timestamp: nanoseconds of the day and Julian day, little-endian. */
    INT96,

    TIMESTAMP_MILLIS, TIMESTAMP_NTZ_MILLIS, TIME_MILLIS, TIME_NANOS, UINT32,
    /** INT(64, unsigned): a 20-digit decimal, as Spark reads it. */
    UINT64,
    /** FIXED_LEN_BYTE_ARRAY without annotation. */
    FIXED;

    /** Declared by the record schema text form (so DendriteWriter writes it). */
    public boolean inRecordSchema() {
      return ordinal() <= DECIMAL.ordinal();
    }

  }

  // ================================================================== the schema tree

  /** A column type. */
  sealed interface Node permits Prim, Struct, ListOf, MapOf, VariantNode {}

  record Field(String name, Node node, boolean optional, double nullRate) {}

  record Prim(Flavor flavor, int precision, int scale, int length) implements Node {}

  record Struct(List<Field> fields) implements Node {}

  record ListOf(Node element, boolean elementOptional) implements Node {}

  record MapOf(Prim key, Node value, boolean valueOptional) implements Node {}

  record VariantNode(Shape shape, boolean sortedDictionary) implements Node {}

  /** A generated table: its columns and rows. */
  public static final class Table {
    private final long seed;
    private final List<Field> columns;
    private final List<Map<String, Object>> rows;

    Table(long seed, List<Field> columns, List<Map<String, Object>> rows) {
      this.seed = seed;
      this.columns = columns;
      this.rows = rows;
    }

    public long seed() {
      return seed;
    }

    /** The rows as written: every column's name to its Java value (null for null). */
    public List<Map<String, Object>> rows() {
      return rows;
    }

    /** Whether the record schema text form declares this table's columns. */
    public boolean inRecordSchema() {
      return columns.stream().allMatch(c -> inRecordSchema(c.node()));
    }

    private static boolean inRecordSchema(Node n) {
      if (n instanceof Prim p) {
        return p.flavor().inRecordSchema();
      }
      if (n instanceof Struct s) {
        return s.fields().stream().allMatch(f -> inRecordSchema(f.node()));
      }
      if (n instanceof ListOf l) {
        return inRecordSchema(l.element());
      }
      if (n instanceof MapOf m) {
        return inRecordSchema(m.key()) && inRecordSchema(m.value());
      }
      return true;
    }

    /**
     * The record schema in its text form; for a table that is not {@link #inRecordSchema()},
     * a description with the other types by their flavor names.
     */
    public String recordSchema() {
      return columns.stream().map(RandomTables::fieldText).collect(Collectors.joining(",\n"));
    }

    /**
     * The shredding to give DendriteWriter: every VARIANT column reachable through structs
     * shredded as its values' shape (the writer leaves variants in lists and maps unshredded).
     */
    public String shredding() {
      List<String> out = new ArrayList<>();
      for (Field f : columns) {
        shreddingOf(f, VariantShapes.quote(f.name()), out);
      }
      return String.join(";\n", out);
    }

    private static void shreddingOf(Field f, String path, List<String> out) {
      if (f.node() instanceof VariantNode v) {
        out.add(path + ": " + v.shape().shredding());
      } else if (f.node() instanceof Struct s) {
        for (Field c : s.fields()) {
          shreddingOf(c, path + "." + VariantShapes.quote(c.name()), out);
        }
      }
    }

    /** How DendriteWriter stores the table's VARIANT columns. */
    public enum Shredding { UNSHREDDED, INFERRED, GIVEN }

    /** Writes the table with DendriteWriter (a {@link #inRecordSchema()} table only). */
    public Path writeWithDendrite(Path file, Shredding shredding, Codec codec,
        long rowGroupBytes, int pageBytes) throws IOException {
      return writeWithDendrite(file, shredding, codec, rowGroupBytes, pageBytes, 1);
    }

    /** As above, with data pages of {@code pageVersion} (1 or 2). */
    public Path writeWithDendrite(Path file, Shredding shredding, Codec codec,
        long rowGroupBytes, int pageBytes, int pageVersion) throws IOException {
      DendriteWriter.Builder b = DendriteWriter.builder(file).schema(recordSchema())
          .codec(codec).rowGroupSize(rowGroupBytes).pageSize(pageBytes).overwrite(true)
          .pageVersion(pageVersion);
      String given = shredding();
      if (shredding == Shredding.UNSHREDDED || (shredding == Shredding.GIVEN && given.isEmpty())) {
        b.unshredded();
      } else if (shredding == Shredding.GIVEN) {
        b.shredding(given);
      }
      try (DendriteWriter w = b.build()) {
        for (Map<String, Object> row : rows) {
          w.write(row);
        }
      }
      return file;
    }

    /**
     * Writes the table cell by cell with parquet-java's example Group writer. Each VARIANT
     * column, wherever it is, is unshredded or shredded as its values' shape (by the library's
     * shredder; in some rows of some columns whole in {@code value}), and its group's fields
     * come in spec order or shuffled, as {@code layoutSeed} picks.
     *
     * @return the Parquet schema written
     */
    public MessageType writeWithGroups(Path file, RawParquetFiles.Options options,
        long layoutSeed) throws IOException {
      Random layout = new Random(layoutSeed);
      Map<VariantNode, ShreddedType> shredding = new IdentityHashMap<>();
      List<Type> fields = new ArrayList<>();
      for (Field f : columns) {
        fields.add(parquetType(f.name(), f.node(), repetition(f.optional()), layout, shredding));
      }
      MessageType schema = new MessageType("table", fields);
      GroupWriter writer = new GroupWriter(shredding, layout);
      RawParquetFiles.write(file, schema, options, factory -> {
        List<Group> groups = new ArrayList<>(rows.size());
        for (Map<String, Object> row : rows) {
          Group g = factory.newGroup();
          for (Field f : columns) {
            writer.add(g, f.name(), f.node(), row.get(f.name()));
          }
          groups.add(g);
        }
        return groups;
      });
      return schema;
    }

    /**
     * Paths to select: every column, every struct field, list elements in and out of range,
     * map keys, and paths into variants (their shapes' fields and elements, and keys no value
     * has), through structs, lists and maps.
     */
    public List<String> paths() {
      List<String> out = new ArrayList<>();
      for (Field f : columns) {
        String p = quotePath(f.name());
        out.add(p);
        paths(f.node(), p, 0, out);
      }
      return out;
    }

    private static void paths(Node node, String prefix, int depth, List<String> out) {
      if (depth > 4) {
        return;
      }
      if (node instanceof Struct s) {
        for (Field f : s.fields()) {
          String p = prefix + "." + quotePath(f.name());
          out.add(p);
          paths(f.node(), p, depth + 1, out);
        }
      } else if (node instanceof ListOf l) {
        out.add(prefix + "[0]");
        out.add(prefix + "[3]");
        paths(l.element(), prefix + "[0]", depth + 1, out);
      } else if (node instanceof MapOf m && m.key().flavor() != Flavor.BINARY) {
        String key = m.key().flavor() == Flavor.STRING ? quotePath(MAP_KEYS[depth % 3 + 1])
            : Integer.toString(depth % 3);
        out.add(prefix + "." + key);
        paths(m.value(), prefix + "." + key, depth + 1, out);
      } else if (node instanceof VariantNode v) {
        for (String p : VariantShapes.paths(v.shape())) {
          out.add(prefix + p);
        }
      }
    }

    @Override
    public String toString() {
      return "table of seed " + seed + ", " + rows.size() + " rows:\n" + recordSchema();
    }
  }

  /** A selection path segment: bare when it is an identifier, else back-quoted. */
  public static String quotePath(String name) {
    return BARE.matcher(name).matches() ? name : "`" + name.replace("`", "``") + "`";
  }

  // ================================================================== generation

  /**
   * A random table of {@code rows} rows.
   *
   * @param writer the writer it is for
   */
  public static Table generate(long seed, Writer writer, int rows) {
    Random r = new Random(seed);
    int n = 3 + r.nextInt(6);
    List<Field> columns = new ArrayList<>();
    List<String> used = new ArrayList<>();
    while (columns.size() < n) {
      String name = NAMES[r.nextInt(NAMES.length)];
      if (!used.contains(name)) {
        used.add(name);
        // Most tables get a variant column at the top, many one in a list, map or struct.
        Node node = columns.isEmpty() && r.nextInt(4) > 0 ? variant(r)
            : columns.size() == 1 && r.nextBoolean() ? nestedVariant(r, writer)
            : node(r, writer, 0);
        columns.add(field(r, name, node));
      }
    }
    List<Map<String, Object>> out = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (Field f : columns) {
        row.put(f.name(), fieldValue(r, f, writer));
      }
      out.add(row);
    }
    return new Table(seed, List.copyOf(columns), out);
  }

  /** A table of one optional column of one primitive type, for checking types one at a time. */
  public static Table single(long seed, String column, Flavor flavor, int rows) {
    Random r = new Random(seed);
    Field f = new Field(column, prim(r, flavor), true, 0.1);
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put(column, fieldValue(r, f, Writer.GROUP));
      out.add(row);
    }
    return new Table(seed, List.of(f), out);
  }

  private static VariantNode variant(Random r) {
    return new VariantNode(VariantShapes.randomColumnShape(r), r.nextInt(5) > 0);
  }

  /** A list of variants, a map to variants, or a struct holding a variant and something else. */
  private static Node nestedVariant(Random r, Writer writer) {
    return switch (r.nextInt(3)) {
      case 0 -> new ListOf(variant(r), r.nextBoolean());
      case 1 -> new MapOf(prim(r, Flavor.STRING), variant(r), r.nextBoolean());
      default -> new Struct(List.of(field(r, "v", variant(r)), field(r, "n", node(r, writer, 1))));
    };
  }

  private static Field field(Random r, String name, Node node) {
    boolean optional = r.nextInt(4) > 0;
    double nullRate = !optional ? 0 : new double[] {0, 0.05, 0.3, 0.3, 1.0}[r.nextInt(5)];
    return new Field(name, node, optional, nullRate);
  }

  private static Node node(Random r, Writer writer, int depth) {
    // Containers mostly near the top, so that most tables nest something.
    int roll = r.nextInt(100) + 8 * depth;
    if (depth < 3 && roll < 14) {
      List<Field> fields = new ArrayList<>();
      List<String> used = new ArrayList<>();
      int n = 1 + r.nextInt(4);
      while (fields.size() < n) {
        String name = NAMES[r.nextInt(NAMES.length)];
        if (!used.contains(name)) {
          used.add(name);
          fields.add(field(r, name, node(r, writer, depth + 1)));
        }
      }
      return new Struct(List.copyOf(fields));
    }
    if (depth < 3 && roll < 25) {
      return new ListOf(node(r, writer, depth + 1), r.nextInt(5) < 3);
    }
    if (depth < 3 && roll < 33) {
      Flavor key = writer == Writer.GROUP && r.nextInt(6) == 0 ? Flavor.BINARY
          : new Flavor[] {Flavor.STRING, Flavor.STRING, Flavor.INT32, Flavor.INT64}[r.nextInt(4)];
      return new MapOf(prim(r, key), node(r, writer, depth + 1), r.nextInt(5) < 3);
    }
    if (roll < 45) {
      return variant(r);
    }
    Flavor[] all = Flavor.values();
    Flavor f;
    do {
      f = all[r.nextInt(all.length)];
    } while (writer == Writer.DENDRITE && !f.inRecordSchema());
    return prim(r, f);
  }

  private static Prim prim(Random r, Flavor f) {
    switch (f) {
      case DECIMAL:
      case DECIMAL_BINARY: {
        int precision = 1 + r.nextInt(38);
        return new Prim(f, precision, r.nextInt(precision + 1), 0);
      }
      case DECIMAL_INT64: {
        int precision = 1 + r.nextInt(18);
        return new Prim(f, precision, r.nextInt(precision + 1), 0);
      }
      case DECIMAL_FLBA: {
        int precision = 1 + r.nextInt(38);
        int length = Math.min(16, minimalBytes(precision) + r.nextInt(4));
        return new Prim(f, precision, r.nextInt(precision + 1), length);
      }
      case FIXED:
        return new Prim(f, 0, 0, 1 + r.nextInt(20));
      default:
        return new Prim(f, 0, 0, 0);
    }
  }

  private static Object fieldValue(Random r, Field f, Writer writer) {
    if (f.optional() && r.nextDouble() < f.nullRate()) {
      return null;
    }
    return value(r, f.node(), writer);
  }

  private static Object value(Random r, Node node, Writer writer) {
    if (node instanceof Prim p) {
      return primitive(r, p);
    }
    if (node instanceof VariantNode v) {
      return VariantShapes.value(r, v.shape(), v.sortedDictionary());
    }
    if (node instanceof Struct s) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (Field f : s.fields()) {
        Object v = fieldValue(r, f, writer);
        if (v != null) {
          m.put(f.name(), v);
        }
      }
      return m;
    }
    if (node instanceof ListOf l) {
      int n = r.nextInt(8) == 0 ? 0 : r.nextInt(30) == 0 ? 20 + r.nextInt(40) : r.nextInt(5);
      List<Object> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(l.elementOptional() && r.nextInt(6) == 0 ? null : value(r, l.element(), writer));
      }
      return out;
    }
    MapOf m = (MapOf) node;
    int n = r.nextInt(8) == 0 ? 0 : r.nextInt(5);
    Map<Object, Object> out = new LinkedHashMap<>();
    List<Object> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Object key = mapKey(r, m.key());
      if (keys.stream().noneMatch(k -> JavaValues.difference(k, key) == null)) {
        keys.add(key);
        out.put(key, m.valueOptional() && r.nextInt(6) == 0 ? null : value(r, m.value(), writer));
      }
    }
    return out;
  }

  /** Keys from a small pool, so that selected keys exist in some rows. */
  private static Object mapKey(Random r, Prim key) {
    return switch (key.flavor()) {
      case STRING -> MAP_KEYS[r.nextInt(MAP_KEYS.length)];
      case INT32 -> r.nextInt(6) - 1;
      case INT64 -> (long) r.nextInt(6) - 1;
      default -> new byte[] {(byte) r.nextInt(4)};
    };
  }

  /** A Java value of the type the reader gives for this Parquet type. */
  private static Object primitive(Random r, Prim p) {
    long units = RandomValues.longValue(r);
    switch (p.flavor()) {
      case BOOLEAN: return r.nextBoolean();
      case INT32: case SIGNED_INT32: return RandomValues.intValue(r);
      case INT8: return RandomValues.intIn(r, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case INT16: return RandomValues.intIn(r, Short.MIN_VALUE, Short.MAX_VALUE);
      case UINT8: return RandomValues.intIn(r, 0, 255);
      case UINT16: return RandomValues.intIn(r, 0, 65535);
      case UINT32: return Integer.toUnsignedLong(RandomValues.intValue(r));
      case UINT64: return new BigDecimal(Long.toUnsignedString(RandomValues.longValue(r)));
      case INT64: case SIGNED_INT64: return RandomValues.longValue(r);
      case FLOAT: return RandomValues.floatValue(r);
      case DOUBLE: return RandomValues.doubleValue(r);
      case STRING: case ENUM: return RandomValues.string(r);
      case JSON: return "{\"a\": " + RandomValues.intValue(r) + ", \"b\": " + r.nextInt(9) + "}";
      case BINARY: case BSON: return RandomValues.bytes(r);
      case FIXED: {
        byte[] b = new byte[p.length()];
        r.nextBytes(b);
        return b;
      }
      case DATE: return LocalDate.ofEpochDay(RandomValues.intValue(r));
      case TIMESTAMP: return Instant.EPOCH.plus(units, ChronoUnit.MICROS);
      case TIMESTAMP_NANOS: return Instant.EPOCH.plus(units, ChronoUnit.NANOS);
      case TIMESTAMP_MILLIS: return Instant.EPOCH.plus(units, ChronoUnit.MILLIS);
      case TIMESTAMP_NTZ: return EPOCH.plus(units, ChronoUnit.MICROS);
      case TIMESTAMP_NTZ_NANOS: return EPOCH.plus(units, ChronoUnit.NANOS);
      case TIMESTAMP_NTZ_MILLIS: return EPOCH.plus(units, ChronoUnit.MILLIS);
      case TIME: case TIME_UTC: return LocalTime.ofNanoOfDay(RandomValues.timeMicros(r) * 1000);
      case TIME_MILLIS: return LocalTime.ofNanoOfDay(RandomValues.timeMicros(r) / 1000 * 1_000_000);
      case TIME_NANOS:
        return LocalTime.ofNanoOfDay(RandomValues.timeMicros(r) * 1000 + r.nextInt(1000));
      case UUID: return new UUID(r.nextLong(), r.nextLong());
      case INT96: {
        LocalDate day = LocalDate.EPOCH.with(JulianFields.JULIAN_DAY, RandomValues.intValue(r));
        long nanos = RandomValues.timeMicros(r) * 1000 + r.nextInt(1000);
        return day.atStartOfDay(ZoneOffset.UTC).toInstant().plusNanos(nanos);
      }
      default: // the decimals
        return new BigDecimal(RandomValues.unscaled(r, p.precision()), p.scale());
    }
  }

  // ================================================================== the record schema text

  private static String fieldText(Field f) {
    return quotePath(f.name()) + " " + typeText(f.node()) + (f.optional() ? "" : " not null");
  }

  private static String typeText(Node node) {
    if (node instanceof Prim p) {
      return switch (p.flavor()) {
        case DECIMAL -> "decimal(" + p.precision() + "," + p.scale() + ")";
        case FLOAT -> "float";
        default -> p.flavor().name().toLowerCase(java.util.Locale.ROOT);
      };
    }
    if (node instanceof VariantNode) {
      return "variant";
    }
    if (node instanceof Struct s) {
      return s.fields().stream().map(RandomTables::fieldText)
          .collect(Collectors.joining(", ", "struct<", ">"));
    }
    if (node instanceof ListOf l) {
      return "list<" + typeText(l.element()) + (l.elementOptional() ? "" : " not null") + ">";
    }
    MapOf m = (MapOf) node;
    return "map<" + typeText(m.key()) + ", " + typeText(m.value())
        + (m.valueOptional() ? "" : " not null") + ">";
  }

  // ================================================================== the Parquet schema

  private static Repetition repetition(boolean optional) {
    return optional ? Repetition.OPTIONAL : Repetition.REQUIRED;
  }

  private static Type parquetType(String name, Node node, Repetition rep, Random layout,
      Map<VariantNode, ShreddedType> shredding) {
    if (node instanceof Prim p) {
      return primitiveType(name, p, rep);
    }
    if (node instanceof Struct s) {
      List<Type> fields = new ArrayList<>();
      for (Field f : s.fields()) {
        fields.add(parquetType(f.name(), f.node(), repetition(f.optional()), layout, shredding));
      }
      return new GroupType(rep, name, fields);
    }
    if (node instanceof ListOf l) {
      Type element = parquetType("element", l.element(), repetition(l.elementOptional()),
          layout, shredding);
      return Types.buildGroup(rep).as(LogicalTypeAnnotation.listType())
          .addField(Types.repeatedGroup().addField(element).named("list")).named(name);
    }
    if (node instanceof MapOf m) {
      Type key = primitiveType("key", m.key(), Repetition.REQUIRED);
      Type value = parquetType("value", m.value(), repetition(m.valueOptional()), layout,
          shredding);
      return Types.buildGroup(rep).as(LogicalTypeAnnotation.mapType())
          .addField(Types.repeatedGroup().addField(key).addField(value).named("key_value"))
          .named(name);
    }
    VariantNode v = (VariantNode) node;
    ShreddedType shredded =
        layout.nextInt(4) > 0 ? ShreddedType.parse(v.shape().shredding()) : null;
    shredding.put(v, shredded);
    GroupType g = VariantSchemas.variantGroup(name, rep, shredded);
    if (layout.nextInt(4) == 0) {
      List<Type> fields = new ArrayList<>(g.getFields());
      Collections.shuffle(fields, layout);
      g = g.withNewFields(fields);
    }
    return g;
  }

  private static Type primitiveType(String name, Prim p, Repetition rep) {
    return switch (p.flavor()) {
      case BOOLEAN -> type(name, rep, BOOLEAN, 0, null);
      case INT32 -> type(name, rep, INT32, 0, null);
      case INT64 -> type(name, rep, INT64, 0, null);
      case FLOAT -> type(name, rep, FLOAT, 0, null);
      case DOUBLE -> type(name, rep, DOUBLE, 0, null);
      case STRING -> type(name, rep, BINARY, 0, stringType());
      case ENUM -> type(name, rep, BINARY, 0, enumType());
      case JSON -> type(name, rep, BINARY, 0, jsonType());
      case BSON -> type(name, rep, BINARY, 0, bsonType());
      case BINARY -> type(name, rep, BINARY, 0, null);
      case DATE -> type(name, rep, INT32, 0, dateType());
      case TIMESTAMP -> type(name, rep, INT64, 0, timestampType(true, TimeUnit.MICROS));
      case TIMESTAMP_NTZ -> type(name, rep, INT64, 0, timestampType(false, TimeUnit.MICROS));
      case TIMESTAMP_NANOS -> type(name, rep, INT64, 0, timestampType(true, TimeUnit.NANOS));
      case TIMESTAMP_NTZ_NANOS -> type(name, rep, INT64, 0, timestampType(false, TimeUnit.NANOS));
      case TIMESTAMP_MILLIS -> type(name, rep, INT64, 0, timestampType(true, TimeUnit.MILLIS));
      case TIMESTAMP_NTZ_MILLIS -> type(name, rep, INT64, 0, timestampType(false, TimeUnit.MILLIS));
      case TIME -> type(name, rep, INT64, 0, timeType(false, TimeUnit.MICROS));
      case TIME_UTC -> type(name, rep, INT64, 0, timeType(true, TimeUnit.MICROS));
      case TIME_MILLIS -> type(name, rep, INT32, 0, timeType(false, TimeUnit.MILLIS));
      case TIME_NANOS -> type(name, rep, INT64, 0, timeType(false, TimeUnit.NANOS));
      case UUID -> type(name, rep, FIXED_LEN_BYTE_ARRAY, 16, uuidType());
      case INT8 -> type(name, rep, INT32, 0, intType(8, true));
      case INT16 -> type(name, rep, INT32, 0, intType(16, true));
      case UINT8 -> type(name, rep, INT32, 0, intType(8, false));
      case UINT16 -> type(name, rep, INT32, 0, intType(16, false));
      case UINT32 -> type(name, rep, INT32, 0, intType(32, false));
      case UINT64 -> type(name, rep, INT64, 0, intType(64, false));
      case SIGNED_INT32 -> type(name, rep, INT32, 0, intType(32, true));
      case SIGNED_INT64 -> type(name, rep, INT64, 0, intType(64, true));
      case INT96 -> type(name, rep, PrimitiveTypeName.INT96, 0, null);
      case FIXED -> type(name, rep, FIXED_LEN_BYTE_ARRAY, p.length(), null);
      case DECIMAL -> p.precision() <= 9 ? type(name, rep, INT32, 0, decimal(p))
          : p.precision() <= 18 ? type(name, rep, INT64, 0, decimal(p))
          : type(name, rep, FIXED_LEN_BYTE_ARRAY, minimalBytes(p.precision()), decimal(p));
      case DECIMAL_INT64 -> type(name, rep, INT64, 0, decimal(p));
      case DECIMAL_BINARY -> type(name, rep, BINARY, 0, decimal(p));
      case DECIMAL_FLBA -> type(name, rep, FIXED_LEN_BYTE_ARRAY, p.length(), decimal(p));
    };
  }

  private static Type type(String name, Repetition rep, PrimitiveTypeName physical, int length,
      LogicalTypeAnnotation annotation) {
    Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> b =
        Types.primitive(physical, rep);
    if (length > 0) {
      b = b.length(length);
    }
    return (annotation == null ? b : b.as(annotation)).named(name);
  }

  private static LogicalTypeAnnotation decimal(Prim p) {
    return decimalType(p.scale(), p.precision());
  }

  /** The fewest bytes whose two's complement holds every {@code precision}-digit number. */
  private static int minimalBytes(int precision) {
    return (BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).bitLength() + 1 + 7) / 8;
  }

  // ================================================================== Java values to cells

  /**
   * Writes Java values into Groups; shreds variants with one shredder per column, except that
   * in some columns shredded as a primitive some rows keep the variant in {@code value} with a
   * null {@code typed_value} even when it has the shredded type (the spec allows any value
   * there; not for objects and arrays, which must go to a shredded {@code typed_value}).
   */
  private static final class GroupWriter {
    private final Map<VariantNode, ShreddedType> shredding;
    private final Map<VariantNode, VariantColumnShredder> shredders = new IdentityHashMap<>();
    private final Map<VariantNode, Double> wholeRates = new IdentityHashMap<>();
    private final Random layout;

    GroupWriter(Map<VariantNode, ShreddedType> shredding, Random layout) {
      this.shredding = shredding;
      this.layout = layout;
    }

    void add(Group parent, String name, Node node, Object v) {
      if (v == null) {
        return;
      }
      if (node instanceof Prim p) {
        addPrimitive(parent, name, p, v);
      } else if (node instanceof Struct s) {
        Group g = parent.addGroup(name);
        Map<?, ?> m = (Map<?, ?>) v;
        for (Field f : s.fields()) {
          add(g, f.name(), f.node(), m.get(f.name()));
        }
      } else if (node instanceof ListOf l) {
        Group g = parent.addGroup(name);
        for (Object e : (List<?>) v) {
          add(g.addGroup("list"), "element", l.element(), e);
        }
      } else if (node instanceof MapOf m) {
        Group g = parent.addGroup(name);
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          Group kv = g.addGroup("key_value");
          add(kv, "key", m.key(), e.getKey());
          add(kv, "value", m.value(), e.getValue());
        }
      } else {
        VariantNode n = (VariantNode) node;
        EncodedVariant ev = (EncodedVariant) v;
        ShreddedType type = shredding.get(n);
        double whole = wholeRates.computeIfAbsent(n, k -> layout.nextBoolean() ? 0.0 : 0.25);
        if (type == null || (type instanceof ShreddedPrimitive && layout.nextDouble() < whole)) {
          parent.addGroup(name).append("metadata", Binary.fromConstantByteArray(ev.metadata()))
              .append("value", Binary.fromConstantByteArray(ev.value()));
        } else {
          VariantColumnShredder shredder = shredders.computeIfAbsent(n,
              k -> VariantColumnShredder.create(name, type));
          shredder.write(new GroupRecordConsumer(parent, name), ev);
        }
      }
    }

    private static void addPrimitive(Group g, String name, Prim p, Object v) {
      switch (p.flavor()) {
        case BOOLEAN -> g.add(name, (Boolean) v);
        case INT32, SIGNED_INT32, INT8, INT16, UINT8, UINT16 -> g.add(name, (Integer) v);
        case UINT32 -> g.add(name, (int) (long) (Long) v);
        case UINT64 -> g.add(name, ((BigDecimal) v).toBigIntegerExact().longValue());
        case INT64, SIGNED_INT64 -> g.add(name, (Long) v);
        case FLOAT -> g.add(name, (Float) v);
        case DOUBLE -> g.add(name, (Double) v);
        case STRING, ENUM, JSON -> g.add(name, Binary.fromString((String) v));
        case BINARY, BSON, FIXED -> g.add(name, Binary.fromConstantByteArray((byte[]) v));
        case DATE -> g.add(name, Math.toIntExact(((LocalDate) v).toEpochDay()));
        case TIMESTAMP -> g.add(name, units((Instant) v, 1_000_000));
        case TIMESTAMP_NANOS -> g.add(name, units((Instant) v, 1_000_000_000));
        case TIMESTAMP_MILLIS -> g.add(name, units((Instant) v, 1_000));
        case TIMESTAMP_NTZ -> g.add(name, units(utc((LocalDateTime) v), 1_000_000));
        case TIMESTAMP_NTZ_NANOS -> g.add(name, units(utc((LocalDateTime) v), 1_000_000_000));
        case TIMESTAMP_NTZ_MILLIS -> g.add(name, units(utc((LocalDateTime) v), 1_000));
        case TIME, TIME_UTC -> g.add(name, ((LocalTime) v).toNanoOfDay() / 1000);
        case TIME_MILLIS -> g.add(name, (int) (((LocalTime) v).toNanoOfDay() / 1_000_000));
        case TIME_NANOS -> g.add(name, ((LocalTime) v).toNanoOfDay());
        case UUID -> {
          UUID u = (UUID) v;
          g.add(name, Binary.fromConstantByteArray(ByteBuffer.allocate(16)
              .putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array()));
        }
        case INT96 -> {
          Instant i = (Instant) v;
          LocalDate day = i.atOffset(ZoneOffset.UTC).toLocalDate();
          long nanosOfDay = i.atOffset(ZoneOffset.UTC).toLocalTime().toNanoOfDay();
          g.add(name, Binary.fromConstantByteArray(ByteBuffer.allocate(12)
              .order(ByteOrder.LITTLE_ENDIAN).putLong(nanosOfDay)
              .putInt(Math.toIntExact(day.getLong(JulianFields.JULIAN_DAY))).array()));
        }
        default -> addDecimal(g, name, p, (BigDecimal) v);
      }
    }

    private static void addDecimal(Group g, String name, Prim p, BigDecimal d) {
      BigInteger unscaled = d.unscaledValue();
      boolean int32 = p.flavor() == Flavor.DECIMAL && p.precision() <= 9;
      boolean int64 = p.flavor() == Flavor.DECIMAL_INT64
          || (p.flavor() == Flavor.DECIMAL && p.precision() <= 18);
      if (int32) {
        g.add(name, unscaled.intValueExact());
      } else if (int64) {
        g.add(name, unscaled.longValueExact());
      } else if (p.flavor() == Flavor.DECIMAL_BINARY) {
        byte[] minimal = unscaled.toByteArray();
        // Now and then sign-extended by a byte: still the same two's complement number.
        g.add(name, Binary.fromConstantByteArray(minimal.length % 3 == 0
            ? signExtend(minimal, minimal.length + 1) : minimal));
      } else {
        int length = p.flavor() == Flavor.DECIMAL ? minimalBytes(p.precision()) : p.length();
        g.add(name, Binary.fromConstantByteArray(signExtend(unscaled.toByteArray(), length)));
      }
    }

    private static byte[] signExtend(byte[] b, int length) {
      byte[] out = new byte[length];
      byte fill = (byte) (b[0] < 0 ? 0xff : 0);
      java.util.Arrays.fill(out, 0, length - b.length, fill);
      System.arraycopy(b, 0, out, length - b.length, b.length);
      return out;
    }

    /** A wall-clock time as the instant of the same reading in UTC (how NTZ counts are kept). */
    private static Instant utc(LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC);
    }

    /** {@code i} in units of 1/{@code perSecond} s since the epoch, rounded down. */
    private static long units(Instant i, long perSecond) {
      return BigInteger.valueOf(i.getEpochSecond()).multiply(BigInteger.valueOf(perSecond))
          .add(BigInteger.valueOf(i.getNano() / (1_000_000_000 / perSecond))).longValueExact();
    }
  }

}
