package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.read.internal.engine.RecordMapping;
import io.dendrite.parquet.read.internal.engine.RowShape;
import io.dendrite.parquet.read.internal.records.RecordAssemblers;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import io.dendrite.parquet.testing.RandomTables;
import io.dendrite.parquet.testing.RandomTables.Table;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated record assembly against the interpreted path, on the random tables of
 * {@link ReadDifferentialTest}: for each table, Java records declaring its typed columns
 * (structs as nested records, lists, maps; primitives and boxes, and some components of other
 * types than the column's, which take the cast rules) are written as source, compiled, and
 * read from the file twice: {@code select(Class)} (records built by generated code) and
 * {@code select(paths)} with {@code row.as(Class)} (rows, then the interpreted mapping). Every
 * record must be equal, and a row that one path cannot build the other cannot either.
 *
 * <p>The records are compiled into a class loader of their own, which the library's cannot
 * see: the generated code then calls their constructors through method handles (records the
 * library can name, such as the benchmark datasets', are built with {@code new}).
 */
class GeneratedRecordsDifferentialTest {
  private static final int TABLES = 40;
  @TempDir
  static Path dir;
  /** Per seed, the file and the record type read from it. */
  private static final Map<Long, Path> FILES = new LinkedHashMap<>();
  private static final Map<Long, Class<?>> RECORDS = new LinkedHashMap<>();
  /** Rows both paths failed to build, alike. */
  private int failures;

  @BeforeAll
  static void writeTablesAndCompileRecords() throws Exception {
    Path src = Files.createDirectories(dir.resolve("src"));
    List<String> sources = new ArrayList<>();
    Map<Long, String> names = new LinkedHashMap<>();
    for (long seed = 1; seed <= TABLES; seed++) {
      Random r = new Random(seed * 104729);
      Table table = RandomTables.generate(seed, RandomTables.Writer.GROUP, 50 + r.nextInt(400));
      Path file = dir.resolve("table-" + seed + ".parquet");
      MessageType schema = table.writeWithGroups(file, ReadDifferentialTest.options(r,
          table.rows().size()), r.nextLong());
      String pkg = "gen" + seed;
      RecordSource records = new RecordSource(pkg, r);
      if (!records.top(schema)) {
        continue; // no typed column a record can declare
      }
      Path out = Files.createDirectories(src.resolve(pkg)).resolve("Records.java");
      Files.writeString(out, records.text());
      sources.add(out.toString());
      FILES.put(seed, file);
      names.put(seed, pkg + ".Records$Row");
    }
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertNotNull(javac, "the tests run on a JDK");
    List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-nowarn"));
    args.addAll(sources);
    assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])),
        "the generated record sources compile");
    URLClassLoader loader = new URLClassLoader(new java.net.URL[] {classes.toUri().toURL()},
        GeneratedRecordsDifferentialTest.class.getClassLoader());
    for (Map.Entry<Long, String> e : names.entrySet()) {
      RECORDS.put(e.getKey(), loader.loadClass(e.getValue()));
    }
  }

  @Test
  void generatedRecordsEqualTheInterpretedOnes() throws IOException {
    assertTrue(RECORDS.size() >= TABLES * 3 / 4, "most tables have typed columns: "
        + RECORDS.size());
    int rows = 0;
    for (Map.Entry<Long, Class<?>> e : RECORDS.entrySet()) {
      Path file = FILES.get(e.getKey());
      Class<?> type = e.getValue();
      String context = "seed " + e.getKey() + ", " + type.getName() + " "
          + Arrays.toString(type.getRecordComponents());
      List<String> paths = RecordMapping.paths(type);
      try (DendriteReader r = DendriteReader.builder(file).select(type).build()) {
        // The records declare typed columns only: generated code reads every one of them from
        // the leaves, none from a path reader's vector.
        RecordAssemblers.Factory f = RecordAssemblers.forLayout(type, r.requestedSchema(),
            new RowShape(paths, new ShreddedPrimitive[paths.size()], new boolean[paths.size()],
                false), false);
        assertNotNull(f, context);
        assertEquals(0, f.slots().length, "components read from vectors, " + context + "\n"
            + r.requestedSchema());
        assertTrue(f.leafColumns() > 0, context);
      }
      rows += compare(read(file, type, paths, null), read(file, type, null, null), context);
      // A filtered read: records from the vectors the filter tested, as rows would be.
      String where = paths.get(0) + " is not null";
      rows += compare(read(file, type, paths, where),
          read(file, type, null, where), context + ", where " + where);
    }
    assertTrue(rows > 0 && failures < rows, rows + " rows, " + failures + " failed alike");
  }

  /** Records of {@code type}: by {@code select(Class)}, or by {@code select(paths)} and as. */
  private static List<Object> read(Path file, Class<?> type, List<String> paths, String where)
      throws IOException {
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (paths == null) {
      b.select(type);
    } else {
      b.select(paths);
    }
    if (where != null) {
      b.where(where);
    }
    List<Object> out = new ArrayList<>();
    try (DendriteReader r = b.build()) {
      for (DendriteRow row : r) {
        out.add(build(row, type));
      }
    }
    return out;
  }

  /** Compares two reads record by record; returns how many records were compared. */
  private int compare(List<Object> interpreted, List<Object> generated, String context) {
    assertEquals(interpreted.size(), generated.size(), context);
    for (int i = 0; i < generated.size(); i++) {
      Object g = generated.get(i);
      Object in = interpreted.get(i);
      if (in instanceof Failed || g instanceof Failed) {
        assertTrue(in instanceof Failed && g instanceof Failed, "row " + i + " of " + context
            + ": interpreted " + in + ", generated " + g);
        failures++;
      } else if (!deepEquals(in, g)) {
        fail("row " + i + " of " + context + "\ninterpreted " + in + "\ngenerated   " + g);
      }
    }
    return generated.size();
  }

  /** What a row that cannot be built compares as. */
  private record Failed(String message) {}

  private static Object build(DendriteRow row, Class<?> type) {
    try {
      return row.as(type);
    } catch (IllegalArgumentException e) {
      return new Failed(e.getMessage());
    }
  }

  /** Equality of records, lists, maps and arrays by content (byte[] components too). */
  private static boolean deepEquals(Object a, Object b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a instanceof Record && a.getClass() == b.getClass()) {
      for (RecordComponent c : a.getClass().getRecordComponents()) {
        try {
          c.getAccessor().setAccessible(true);
          if (!deepEquals(c.getAccessor().invoke(a), c.getAccessor().invoke(b))) {
            return false;
          }
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
      }
      return true;
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!deepEquals(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      if (!deepEquals(new ArrayList<>(x.keySet()), new ArrayList<>(y.keySet()))) {
        return false;
      }
      return deepEquals(new ArrayList<>(x.values()), new ArrayList<>(y.values()));
    }
    return Objects.deepEquals(a, b);
  }

  /**
   * Java source of records declaring a file schema's typed columns: nested records for
   * structs, {@code List} for 3-level lists, {@code Map<Object, V>} for maps; VARIANT columns,
   * legacy lists and repeated fields, and names that are not Java identifiers left out.
   */
  private static final class RecordSource {
    private final String pkg;
    private final Random r;
    private final StringBuilder records = new StringBuilder();
    private int next;

    RecordSource(String pkg, Random r) {
      this.pkg = pkg;
      this.r = r;
    }

    /** Declares the top record {@code Row}; false when no column can be declared. */
    boolean top(MessageType schema) {
      return record("Row", schema, true) != null;
    }

    String text() {
      return "package " + pkg + ";\n\npublic final class Records {\n" + records + "}\n";
    }

    /** Declares a record for a group's declarable fields; its name, or null for none. */
    private String record(String name, GroupType g, boolean top) {
      List<String> components = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      for (Type f : g.getFields()) {
        String java = javaType(f, top);
        if (java != null && SourceVersion.isIdentifier(f.getName())
            && !SourceVersion.isKeyword(f.getName()) && seen.add(f.getName())) {
          components.add(java + " " + f.getName());
        }
      }
      if (components.isEmpty()) {
        return null;
      }
      records.append("  record ").append(name).append('(')
          .append(String.join(", ", components)).append(") {}\n");
      return name;
    }

    /** The Java type of a field (not repeated itself), or null when not declarable. */
    private String javaType(Type f, boolean component) {
      if (f.isRepetition(Type.Repetition.REPEATED)) {
        return null;
      }
      if (f.isPrimitive()) {
        return scalar(f.asPrimitiveType(), component);
      }
      GroupType g = f.asGroupType();
      if (VariantSchemas.isVariantGroup(g) || holdsVariant(g)) {
        return null;
      }
      LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
      if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
        if (g.getFieldCount() != 1 || g.getType(0).isPrimitive()
            || g.getType(0).asGroupType().getFieldCount() != 1) {
          return null; // a legacy list
        }
        String element = javaType(g.getType(0).asGroupType().getType(0), false);
        return element == null ? null : "java.util.List<" + element + ">";
      }
      if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
          || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
        GroupType kv = g.getType(0).asGroupType();
        if (kv.getFieldCount() != 2) {
          return null;
        }
        String value = javaType(kv.getType(1), false);
        return value == null ? null : "java.util.Map<Object, " + value + ">";
      }
      if (a != null) {
        return null;
      }
      return record("R" + next++, g, false);
    }

    /** Whether a group holds a VARIANT group anywhere below. */
    private static boolean holdsVariant(GroupType g) {
      for (Type t : g.getFields()) {
        if (!t.isPrimitive() && (VariantSchemas.isVariantGroup(t.asGroupType())
            || holdsVariant(t.asGroupType()))) {
          return true;
        }
      }
      return false;
    }

    /**
     * A primitive column's Java type: mostly the class rows hold (a primitive for a required
     * column, sometimes), sometimes another that the cast rules convert to, else Object.
     */
    private String scalar(PrimitiveType p, boolean component) {
      LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
      boolean primitive = component && p.isRepetition(Type.Repetition.REQUIRED)
          && r.nextInt(3) > 0;
      int pick = r.nextInt(6);
      switch (p.getPrimitiveTypeName()) {
        case INT64:
          if (a == null) {
            return pick == 0 ? "String" : pick == 1 ? "Object" : primitive ? "long" : "Long";
          }
          break;
        case INT32:
          if (a == null) {
            return pick == 0 ? "Long" : pick == 1 ? "String" : primitive ? "int" : "Integer";
          }
          break;
        case DOUBLE:
          return pick == 0 ? "String" : primitive ? "double" : "Double";
        case FLOAT:
          return primitive ? "float" : "Float";
        case BOOLEAN:
          return pick == 0 ? "String" : primitive ? "boolean" : "Boolean";
        case BINARY:
          if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
            return "String";
          }
          break;
        default:
          break;
      }
      return "Object";
    }
  }
}
