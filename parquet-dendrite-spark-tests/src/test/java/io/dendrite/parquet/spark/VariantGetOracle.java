package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteRow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Spark as the oracle for variant paths: per row id, {@code to_json(variant_get(col, path))}
 * and {@code try_variant_get(col, path, type)} for each SQL type our typed getters cover,
 * compared with what our reader's {@code select} returns for the same path.
 */
final class VariantGetOracle {
  /** A SQL type of {@code try_variant_get} and our getter for it. */
  private static final class Cast {
    final String sqlType;
    final BiFunction<DendriteRow, String, Object> getter;

    Cast(String sqlType, BiFunction<DendriteRow, String, Object> getter) {
      this.sqlType = sqlType;
      this.getter = getter;
    }
  }

  private static final int DECIMAL_SCALE = 10;
  private static final List<Cast> CASTS = List.of(
      new Cast("string", DendriteRow::getString),
      new Cast("bigint", DendriteRow::getLong),
      new Cast("int", DendriteRow::getInt),
      new Cast("double", DendriteRow::getDouble),
      // Spark's decimal target has a scale; ours is exact, rounded here the way Spark rounds.
      new Cast("decimal(38," + DECIMAL_SCALE + ")", (row, p) -> {
        BigDecimal d = row.getDecimal(p);
        return d == null ? null : d.setScale(DECIMAL_SCALE, RoundingMode.HALF_UP);
      }),
      new Cast("boolean", DendriteRow::getBoolean),
      new Cast("date", DendriteRow::getLocalDate),
      new Cast("timestamp", DendriteRow::getInstant));

  private final Map<Long, Row> sparkRows = new HashMap<>();
  private final String column;
  private final List<String> paths;
  private final Map<String, List<String>> mismatches = new java.util.TreeMap<>();
  private final Map<String, Integer> counts = new HashMap<>();
  private int nonNullTyped;

  /**
   * Runs Spark over {@code table} (a temporary view name) for the given variant column and
   * JSONPath-style paths ({@code $.a.b[0]}).
   */
  VariantGetOracle(SparkSession spark, String table, String column, List<String> paths) {
    this.column = column;
    this.paths = paths;
    StringBuilder sql = new StringBuilder("SELECT id, to_json(").append(column).append(")");
    for (String p : paths) {
      sql.append(", to_json(variant_get(").append(column).append(", '").append(p).append("'))");
      for (Cast c : CASTS) {
        sql.append(", try_variant_get(").append(column).append(", '").append(p).append("', '")
            .append(c.sqlType).append("')");
      }
    }
    Dataset<Row> result = spark.sql(sql.append(" FROM ").append(table).toString());
    for (Row r : result.collectAsList()) {
      sparkRows.put(r.getLong(0), r);
    }
  }

  int rows() {
    return sparkRows.size();
  }

  /** Spark's to_json of the whole column for this row (null for SQL NULL). */
  String wholeJson(long id) {
    return row(id).getString(1);
  }

  /** Our selection paths for the column: {@code $.a[0]} becomes {@code col.a[0]}. */
  List<String> selection() {
    List<String> out = new ArrayList<>();
    out.add("id");
    out.add(column);
    for (String p : paths) {
      out.add(ours(p));
    }
    return out;
  }

  String ours(String sparkPath) {
    return column + sparkPath.substring(1);
  }

  /**
   * Checks one row our reader returned for {@link #selection()} against Spark. Disagreements
   * are collected (see {@link #assertNoMismatches()}) so one run shows all of them.
   */
  void check(DendriteRow ours, String where) {
    long id = (Long) ours.get("id");
    Row spark = row(id);
    int col = 2;
    for (String p : paths) {
      String at = where + " id " + id + " " + ours(p);
      String variantJson = spark.getString(col++);
      try {
        SparkJson.assertSame(SparkJson.parse(variantJson),
            SparkJson.tree(ours.getVariant(ours(p))), at);
      } catch (AssertionError e) {
        mismatch("variant", e.getMessage());
      }
      for (Cast c : CASTS) {
        Object want = spark.get(col++);
        if (want != null) {
          nonNullTyped++;
        }
        Object got = c.getter.apply(ours, ours(p));
        boolean same = want instanceof BigDecimal && got instanceof BigDecimal
            ? ((BigDecimal) want).compareTo((BigDecimal) got) == 0
            : java.util.Objects.equals(want, got);
        if (!same) {
          mismatch(c.sqlType, at + ": " + variantJson + " as " + c.sqlType + ": Spark " + want
              + ", ours " + got);
        }
      }
    }
  }

  /** Typed values Spark returned non-null: shows the comparison had something to compare. */
  int nonNullTyped() {
    return nonNullTyped;
  }

  void assertNoMismatches() {
    StringBuilder b = new StringBuilder();
    mismatches.forEach((kind, examples) -> b.append("\n").append(kind).append(": ")
        .append(counts.get(kind)).append(" mismatches, e.g.\n  ")
        .append(String.join("\n  ", examples)));
    assertTrue(mismatches.isEmpty(), b.toString());
  }

  private void mismatch(String kind, String example) {
    counts.merge(kind, 1, Integer::sum);
    List<String> examples = mismatches.computeIfAbsent(kind, k -> new ArrayList<>());
    if (examples.size() < 8) {
      examples.add(example);
    }
  }

  private Row row(long id) {
    Row r = sparkRows.get(id);
    assertNotNull(r, "Spark has no row with id " + id);
    return r;
  }
}
