package io.dendrite.parquet.duckdb;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.testing.JsonTrees;
import io.dendrite.parquet.variant.VariantValue;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * DuckDB 2.0 as the oracle for one Parquet file's VARIANT column: per row id, the whole value as
 * JSON ({@code CAST(doc AS JSON)}) and, per path, whether it exists, its value as JSON, its type
 * ({@code variant_typeof}) and, for the paths chosen for casts, {@code TRY_CAST} to VARCHAR,
 * BIGINT, INTEGER, DOUBLE, BOOLEAN and DECIMAL(38,10); compared with what our reader returns
 * for the same file. (Each DuckDB operation on a VARIANT costs microseconds, so casts are made
 * on one path per kind of place only.)
 *
 * <p>Rules of the comparison:
 * <ul>
 *   <li>Values are compared as JSON trees ({@link JsonTrees#same}: key order is free; numbers by
 *       value, doubles as doubles) and, at each path, by type: DuckDB's {@code variant_typeof}
 *       against ours ({@code INT32} = int32, {@code DECIMAL(p, s)} = decimal4/8/16,
 *       {@code VARCHAR} = string, {@code BOOL_TRUE}/{@code BOOL_FALSE} = boolean,
 *       {@code OBJECT(...)} = object, {@code ARRAY(n)} = array, {@code VARIANT_NULL} = JSON
 *       null).
 *   <li>Missing and JSON null are told apart as DuckDB does ({@code variant_exists} and
 *       {@code variant_array_length} say whether the path exists): a missing path must be
 *       missing for us ({@link DendriteRow#isMissing}, {@code getVariant} null), a JSON null a
 *       variant whose {@code isNull()} is true. A SQL NULL row has no paths.
 *   <li>Typed getters are compared with {@code TRY_CAST} where DuckDB's cast means what
 *       {@code variant_get}'s does: {@code getString} for strings, integers and booleans;
 *       {@code getLong}/{@code getInt} for integers and booleans; {@code getDouble} for every
 *       number and booleans; {@code getBoolean} for booleans, integers and doubles;
 *       {@code getDecimal} (rounded half-up to scale 10) for integers and decimals; every getter
 *       for missing paths and JSON nulls (both null). Not compared, because the engines' rules
 *       differ: DuckDB rounds a DOUBLE to BIGINT half-to-even ({@code 2.5} to 2) where
 *       variant_get truncates; prints doubles as {@code 1.5e+300} and keeps a decimal's
 *       trailing zeros ({@code 39534.40}) in VARCHAR; casts objects and arrays to VARCHAR in
 *       its own struct syntax ({@code {'a': 1}}); parses strings with its own number rules.
 * </ul>
 */
final class DuckDbOracle {
  /** A DuckDB cast target, our getter for it, and the DuckDB value types compared. */
  private record Cast(String sqlType, BiFunction<DendriteRow, String, Object> getter,
      Set<String> sourceTypes) {}

  private static final Set<String> INTEGERS = Set.of("INT8", "INT16", "INT32", "INT64");
  private static final int DECIMAL_SCALE = 10;
  private static final List<Cast> CASTS = List.of(
      new Cast("VARCHAR", DendriteRow::getString, union(INTEGERS, "VARCHAR", "BOOLEAN")),
      new Cast("BIGINT", DendriteRow::getLong, union(INTEGERS, "BOOLEAN")),
      new Cast("INTEGER", DendriteRow::getInt, union(INTEGERS, "BOOLEAN")),
      new Cast("DOUBLE", DendriteRow::getDouble,
          union(INTEGERS, "BOOLEAN", "DOUBLE", "FLOAT", "DECIMAL")),
      new Cast("BOOLEAN", DendriteRow::getBoolean, union(INTEGERS, "BOOLEAN", "DOUBLE")),
      new Cast("DECIMAL(38," + DECIMAL_SCALE + ")", (row, p) -> {
        BigDecimal d = row.getDecimal(p);
        return d == null ? null : d.setScale(DECIMAL_SCALE, RoundingMode.HALF_UP);
      }, union(INTEGERS, "DECIMAL")));
  /** A path, whether its casts are compared, and its first column in DuckDB's rows. */
  private record Probe(DuckDbPath path, boolean casts, int column) {}

  private static final AtomicInteger TABLES = new AtomicInteger();

  private final Path file;
  private final String column;
  private final List<Probe> probes = new ArrayList<>();
  private final Map<Long, Object[]> duckRows = new HashMap<>();
  private final Map<String, List<String>> examples = new TreeMap<>();
  private final Map<String, Integer> mismatches = new TreeMap<>();
  private final Map<String, Map<String, Integer>> byPath = new TreeMap<>();
  private final Map<String, Integer> compared = new TreeMap<>();

  /**
   * Runs DuckDB over {@code file} for {@code column} and the JSONPath-form {@code paths}, with
   * casts for those also in {@code castPaths}. Each path's value and existence is computed
   * once, one temporary table per path depth (a shared prefix is extracted once).
   */
  DuckDbOracle(DuckDb db, Path file, String column, List<String> paths, List<String> castPaths)
      throws SQLException {
    this.file = file;
    this.column = column;
    if (!paths.containsAll(castPaths)) {
      throw new IllegalArgumentException("cast paths " + castPaths + " not all in " + paths);
    }
    Map<String, String> aliases = new HashMap<>(Map.of("$", "v0"));
    List<List<String>> columnsByDepth = new ArrayList<>();
    StringBuilder sql = new StringBuilder("SELECT id, whole");
    int next = 2;
    for (String p : paths) {
      DuckDbPath path = DuckDbPath.of(p);
      String v = define(path, aliases, columnsByDepth);
      boolean casts = castPaths.contains(p);
      probes.add(new Probe(path, casts, next));
      sql.append(",\n e").append(v.substring(1)).append(", CAST(CAST(").append(v)
          .append(" AS JSON) AS VARCHAR), variant_typeof(").append(v).append(")");
      next += 3;
      for (Cast c : casts ? CASTS : List.<Cast>of()) {
        sql.append(", TRY_CAST(").append(v).append(" AS ").append(c.sqlType).append(")");
        next++;
      }
    }
    String table = "oracle_" + TABLES.incrementAndGet();
    db.execute("CREATE OR REPLACE TEMP TABLE " + table + "_0 AS SELECT id, " + column
        + " AS v0, " + column + " IS NOT NULL AS e0, CAST(CAST(" + column
        + " AS JSON) AS VARCHAR) AS whole FROM read_parquet(" + DuckDb.quote(file.toString())
        + ")");
    for (int d = 1; d <= columnsByDepth.size(); d++) {
      db.execute("CREATE OR REPLACE TEMP TABLE " + table + "_" + d + " AS SELECT *, "
          + String.join(", ", columnsByDepth.get(d - 1)) + " FROM " + table + "_" + (d - 1));
    }
    sql.append("\nFROM ").append(table).append("_").append(columnsByDepth.size());
    for (Object[] r : db.rows(sql.toString())) {
      duckRows.put(((Number) r[0]).longValue(), r);
    }
    for (int d = 0; d <= columnsByDepth.size(); d++) {
      db.execute("DROP TABLE " + table + "_" + d);
    }
  }

  /**
   * Gives {@code path} and its parents aliases {@code vN} (value) and {@code eN} (exists),
   * defined at their depth.
   */
  private static String define(DuckDbPath path, Map<String, String> aliases,
      List<List<String>> columnsByDepth) {
    String alias = aliases.get(path.jsonPath);
    if (alias != null) {
      return alias;
    }
    String parent = define(path.parent, aliases, columnsByDepth);
    int depth = depth(path);
    while (columnsByDepth.size() < depth) {
      columnsByDepth.add(new ArrayList<>());
    }
    alias = "v" + aliases.size();
    aliases.put(path.jsonPath, alias);
    columnsByDepth.get(depth - 1).add(path.value(parent) + " AS " + alias);
    columnsByDepth.get(depth - 1).add(path.exists(parent, "e" + parent.substring(1))
        + " AS e" + alias.substring(1));
    return alias;
  }

  private static int depth(DuckDbPath path) {
    return path.parent == null ? 0 : 1 + depth(path.parent);
  }

  int rows() {
    return duckRows.size();
  }

  /** What our reader selects for the paths: {@code id}, then each path. */
  List<String> selection() {
    List<String> out = new ArrayList<>(List.of("id"));
    probes.forEach(p -> out.add(p.path().selection(column)));
    return out;
  }

  /** DuckDB's JSON of the whole value of row {@code id} (null for SQL NULL). */
  String wholeJson(long id) {
    return (String) row(id)[1];
  }

  /** Our whole value of row {@code id} as JSON text (null for SQL NULL) against DuckDB's. */
  void checkWhole(long id, String ours) {
    String duck = wholeJson(id);
    count("whole");
    if (!JsonTrees.same(JsonTrees.parse(duck), JsonTrees.parse(ours))) {
      mismatch("whole", "$", "id " + id + ": DuckDB " + duck + ", ours " + ours);
    }
  }

  /** One row our reader returned for {@link #selection()}, checked path by path. */
  void checkPaths(DendriteRow ours) {
    long id = (Long) ours.get("id");
    Object[] duck = row(id);
    boolean rowIsNull = duck[1] == null;
    for (Probe probe : probes) {
      String p = probe.path().selection(column);
      try {
        checkPath(ours, p, duck, probe, rowIsNull, "id " + id + " " + p);
      } catch (RuntimeException e) {
        mismatch("exception", p, "id " + id + " " + p + ": " + e);
      }
    }
  }

  /** Path {@code p} of our row against DuckDB's columns of the probe. */
  private void checkPath(DendriteRow ours, String p, Object[] duck, Probe probe,
      boolean rowIsNull, String at) {
    int col = probe.column();
    boolean exists = Boolean.TRUE.equals(duck[col]);
    String json = (String) duck[col + 1];
    String type = (String) duck[col + 2];
    VariantValue v = ours.getVariant(p);
    if (!exists) {
      count("missing");
      if (v != null || (!rowIsNull && !ours.isMissing(p))) {
        mismatch("missing", p, at + ": DuckDB has no value, ours " + describe(v)
            + " (isMissing " + ours.isMissing(p) + ")");
      }
    } else if (json == null) {
      count("json null");
      if (v == null || !v.isNull()) {
        mismatch("json null", p, at + ": DuckDB JSON null, ours " + describe(v)
            + " (isMissing " + ours.isMissing(p) + ")");
      }
    } else {
      count("value");
      if (v == null || !JsonTrees.same(JsonTrees.parse(json), JsonTrees.parse(v.toJson()))) {
        mismatch("value", p, at + ": DuckDB " + json + ", ours " + describe(v)
            + " (isMissing " + ours.isMissing(p) + ")");
      } else if (!duckTypeName(type).equals(duckTypeName(v))) {
        mismatch("type", p, at + ": DuckDB " + type + ", ours " + v.type() + " " + v.toJson());
      }
    }
    String family = exists && json != null ? duckTypeName(type) : null;
    for (int c = 0; probe.casts() && c < CASTS.size(); c++) {
      Cast cast = CASTS.get(c);
      if (family != null && !cast.sourceTypes.contains(family)) {
        continue;
      }
      Object want = duck[col + 3 + c];
      Object got = cast.getter.apply(ours, p);
      count(cast.sqlType);
      boolean same = want instanceof BigDecimal && got instanceof BigDecimal
          ? ((BigDecimal) want).compareTo((BigDecimal) got) == 0
          : Objects.equals(want, got);
      if (!same) {
        mismatch(cast.sqlType, p, at + ": " + json + " (" + type + ") as " + cast.sqlType
            + ": DuckDB " + want + ", ours " + got);
      }
    }
  }

  /** Values compared of a kind ("whole", "value", "missing", "json null", a SQL type). */
  int compared(String kind) {
    return compared.getOrDefault(kind, 0);
  }

  void assertNoMismatches() {
    StringBuilder b = new StringBuilder(file.getFileName().toString()).append(", column ")
        .append(column).append(": compared ").append(compared);
    mismatches.forEach((kind, n) -> b.append("\n").append(kind).append(": ").append(n)
        .append(" mismatches ").append(byPath.get(kind)).append(", e.g.\n  ")
        .append(String.join("\n  ", examples.get(kind))));
    assertTrue(mismatches.isEmpty(), b.toString());
  }

  /**
   * DuckDB's type name without its parameters ({@code DECIMAL(9, 2)} is {@code DECIMAL}),
   * {@code BOOL_TRUE} and {@code BOOL_FALSE} as {@code BOOLEAN}.
   */
  private static String duckTypeName(String duckType) {
    if (duckType.startsWith("BOOL_")) {
      return "BOOLEAN";
    }
    int paren = duckType.indexOf('(');
    return paren < 0 ? duckType : duckType.substring(0, paren);
  }

  /** Our value's type by DuckDB's name for it. */
  private static String duckTypeName(VariantValue v) {
    switch (v.type()) {
      case NULL:
        return "VARIANT_NULL";
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return "DECIMAL";
      case STRING:
        return "VARCHAR";
      case BINARY:
        return "BLOB";
      default:
        return v.type().name();
    }
  }

  private static String describe(VariantValue v) {
    return v == null ? "no value" : v.type() + " " + v.toJson();
  }

  private Object[] row(long id) {
    Object[] r = duckRows.get(id);
    assertNotNull(r, "DuckDB has no row with id " + id + " in " + file);
    return r;
  }

  private void count(String kind) {
    compared.merge(kind, 1, Integer::sum);
  }

  private void mismatch(String kind, String path, String example) {
    mismatches.merge(kind, 1, Integer::sum);
    byPath.computeIfAbsent(kind, k -> new TreeMap<>()).merge(path, 1, Integer::sum);
    List<String> list = examples.computeIfAbsent(kind, k -> new ArrayList<>());
    if (list.size() < 8) {
      list.add(example);
    }
  }

  private static Set<String> union(Set<String> a, String... more) {
    Set<String> out = new HashSet<>(a);
    out.addAll(List.of(more));
    return Set.copyOf(out);
  }
}
