package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random predicates over random clustered data ({@link ClusteredFiles}: a directory of a
 * shredded and an unshredded file) return the same rows through {@code format("dendrite")} as
 * through {@code spark.read.parquet}, whatever is pushed; and on the clustered {@code id} the
 * scan skips exactly the row groups that hold no matching row (counted by the scan's metrics,
 * the oracle being Spark's rows), for predicates where min/max statistics prove that: a
 * comparison, its negation, or an OR of them (of an AND, each part may match somewhere in a
 * row group where together they match nowhere).
 */
class DendriteSourceDifferentialTest {
  private static final int ROWS_PER_FILE = 1500;
  private static final int GROUPS_PER_FILE = ROWS_PER_FILE / ClusteredFiles.ROW_GROUP_ROWS;
  private static final String[] OPS = {"=", "<>", "<", "<=", ">", ">="};
  private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern(
      "yyyy-MM-dd HH:mm:ss.SSSSSS");

  @TempDir static Path dir;
  private static String table;

  @BeforeAll
  static void writeFiles() throws Exception {
    Path t = Files.createDirectories(dir.resolve("table"));
    ClusteredFiles.write(t.resolve("part-0.parquet"), 0, ROWS_PER_FILE, 21,
        b -> b.shredding(ClusteredFiles.SHREDDING));
    ClusteredFiles.write(t.resolve("part-1.parquet"), ROWS_PER_FILE, ROWS_PER_FILE, 22,
        DendriteWriter.Builder::unshredded);
    table = t.toString();
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  /** Spark's ids of the rows where {@code where} is true, and ours, with our scan. */
  private static ExecutedScan compare(String where) {
    List<Long> expected = spark().read().parquet(table).where(where).select("id")
        .orderBy("id").collectAsList().stream().map(r -> r.getLong(0)).toList();
    ExecutedScan ours = ExecutedScan.run(spark().read().format("dendrite").load(table)
        .where(where).select("id"));
    List<Long> got = ours.rows().stream().map(r -> r.getLong(0)).sorted().toList();
    assertEquals(expected, got, where + " (" + ours.description() + ")");
    return ours;
  }

  @Test
  void randomPredicatesReturnSparksRows() {
    randomPredicatesReturnSparksRows(new Random(32), 60);
  }

  @Test
  void rowGroupsWithoutAMatchingIdAreSkipped() {
    rowGroupsWithoutAMatchingIdAreSkipped(new Random(33), 25);
  }

  /**
   * Both again with every file read in about five parts (spark.sql.files.maxPartitionBytes):
   * each part is filtered by the core as a whole file is, so Spark keeps none of the pushed
   * predicates, and the parts' metrics add up to the files' row groups.
   */
  @Test
  void partsOfSplitFilesAreFilteredAsWholeFilesAre() throws Exception {
    long smaller = Math.min(Files.size(Path.of(table, "part-0.parquet")),
        Files.size(Path.of(table, "part-1.parquet")));
    spark().conf().set("spark.sql.files.maxPartitionBytes", Long.toString(smaller / 5));
    try {
      // Each of the two files is at least five times the split size: five parts or more each.
      int parts = spark().read().format("dendrite").load(table).rdd().getNumPartitions();
      assertTrue(parts >= 10, "partitions: " + parts);
      randomPredicatesReturnSparksRows(new Random(34), 30);
      rowGroupsWithoutAMatchingIdAreSkipped(new Random(35), 15);
    } finally {
      spark().conf().unset("spark.sql.files.maxPartitionBytes");
    }
  }

  private static void randomPredicatesReturnSparksRows(Random r, int total) {
    int pushed = 0;
    for (int n = 0; n < total; n++) {
      ExecutedScan scan = compare(predicate(r, 2, DendriteSourceDifferentialTest::anyLeaf));
      pushed += scan.description().contains("PushedFilter") ? 1 : 0;
    }
    // The comparison means something only if most predicates reached the core.
    assertTrue(pushed > total / 2, "pushed " + pushed + " of " + total);
  }

  /** Predicates on id only, all pushed: Spark keeps no Filter, the metrics count every group. */
  private static void rowGroupsWithoutAMatchingIdAreSkipped(Random r, int total) {
    int skippedSome = 0;
    for (int n = 0; n < total; n++) {
      String where = switch (r.nextInt(3)) {
        case 0 -> idLeaf(r);
        case 1 -> "NOT (" + idLeaf(r) + ")";
        default -> idLeaf(r) + " OR " + idLeaf(r) + (r.nextBoolean() ? "" : " OR " + idLeaf(r));
      };
      ExecutedScan scan = compare(where);
      assertFalse(scan.sparkFilters(), where + ": " + scan.description());
      Set<Long> groupsWithMatches = new HashSet<>();
      scan.rows().forEach(row -> groupsWithMatches.add(row.getLong(0)
          / ClusteredFiles.ROW_GROUP_ROWS));
      long expectSkipped = 2L * GROUPS_PER_FILE - groupsWithMatches.size();
      assertEquals(expectSkipped, scan.metric(ScanMetrics.ROW_GROUPS_SKIPPED), where);
      assertEquals(groupsWithMatches.size(), scan.metric(ScanMetrics.ROW_GROUPS_READ), where);
      skippedSome += expectSkipped > 0 ? 1 : 0;
    }
    assertTrue(skippedSome > total / 5, "predicates that skip: " + skippedSome);
  }

  /** A random predicate of {@code leaf}s under NOT, AND and OR, at most {@code depth} deep. */
  private static String predicate(Random r, int depth, Function<Random, String> leaf) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return leaf.apply(r);
    }
    return switch (r.nextInt(4)) {
      case 0 -> "NOT (" + predicate(r, depth - 1, leaf) + ")";
      case 1 -> "(" + predicate(r, depth - 1, leaf) + " OR " + predicate(r, depth - 1, leaf) + ")";
      default -> "(" + predicate(r, depth - 1, leaf) + " AND " + predicate(r, depth - 1, leaf)
          + ")";
    };
  }

  private static String idLeaf(Random r) {
    long k = r.nextInt(2 * ROWS_PER_FILE + 20) - 10;
    return switch (r.nextInt(4)) {
      case 0 -> k + " " + OPS[r.nextInt(OPS.length)] + " id"; // the literal on the left
      case 1 -> "id IN (" + k + ", " + (k + r.nextInt(500)) + ")";
      default -> "id " + OPS[r.nextInt(OPS.length)] + " " + k;
    };
  }

  /** A comparison, IS [NOT] NULL or IN on a column, a struct field or a variant path. */
  private static String anyLeaf(Random r) {
    String op = OPS[r.nextInt(OPS.length)];
    switch (r.nextInt(16)) {
      case 0:
        return idLeaf(r);
      case 1:
        return "i " + op + " " + (r.nextInt(110) - 55);
      case 2:
        return "l " + op + " " + (r.nextInt(2001) - 1000) * 1_000_000_007L;
      case 3:
        return "s " + op + " " + sql(ClusteredFiles.word(r));
      case 4:
        return "day " + op + " DATE '" + ClusteredFiles.date(r) + "'";
      case 5:
      case 6: {
        // A stored value, or one microsecond off it.
        long micros = ClusteredFiles.timestampMicros(r) + r.nextInt(3) - 1;
        String text = LocalDateTime.ofInstant(ClusteredFiles.instant(micros), ZoneOffset.UTC)
            .format(TS);
        return (r.nextBoolean() ? "ts " + op + " TIMESTAMP '" : "ntz " + op + " TIMESTAMP_NTZ '")
            + text + "'";
      }
      case 7:
        return "price " + op + " " + ClusteredFiles.decimal(r);
      case 8:
        return r.nextBoolean() ? "b" : "b = false";
      case 9:
        return "d " + op + " " + r.nextGaussian();
      case 10:
        return "addr.city " + op + " " + sql(ClusteredFiles.word(r));
      case 11:
        return "addr.zip " + op + " " + r.nextInt(100);
      case 12: {
        String[] columns = {"i", "s", "day", "ts", "price", "d", "b", "addr", "addr.zip", "v"};
        return columns[r.nextInt(columns.length)] + (r.nextBoolean() ? " IS NULL"
            : " IS NOT NULL");
      }
      case 13:
        return "s IN (" + sql(ClusteredFiles.word(r)) + ", " + sql(ClusteredFiles.word(r)) + ")";
      case 14:
        return "try_variant_get(v, '$.a', 'int') " + op + " " + (r.nextInt(220) - 110);
      default:
        return r.nextBoolean() ? "try_variant_get(v, '$.b', 'string') = "
            + sql(ClusteredFiles.word(r)) : "try_variant_get(v, '$.c.d', 'int') IS NULL";
    }
  }

  private static String sql(String s) {
    return "'" + s.replace("'", "\\'") + "'";
  }
}
