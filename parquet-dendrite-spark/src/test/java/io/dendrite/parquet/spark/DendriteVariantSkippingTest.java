package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Function1;

/**
 * Row-group skipping on variant paths through {@link DendriteExtensions}: random predicates on
 * variant paths over shredded files ({@link VariantFiles}) return through
 * {@code format("dendrite")} with the extension the rows {@code spark.read.parquet} returns,
 * and a selective range on the clustered path skips at least the row groups that the data
 * written proves hold no match (clean row groups whose {@code k} range misses it), never one
 * holding a match; without the extension nothing changes.
 */
class DendriteVariantSkippingTest {
  private static final int FILES = 3;
  private static final int GROUPS = 12;
  private static final String[] OPS = {"=", "<>", "<", "<=", ">", ">="};

  @TempDir static Path dir;
  private static String table;
  private static final List<VariantFiles.Group> groups = new ArrayList<>();
  private static SparkSession withExtension;

  @BeforeAll
  static void setUp() throws Exception {
    Path t = Files.createDirectories(dir.resolve("table"));
    for (int f = 0; f < FILES; f++) {
      groups.addAll(List.of(VariantFiles.write(t.resolve("part-" + f + ".parquet"),
          (long) f * GROUPS * VariantFiles.GROUP_ROWS, GROUPS, 320 + f)));
    }
    table = t.toString();
    SparkSession plain = LocalSpark.session();
    // A second session on the same SparkContext, made as spark.sql.extensions makes it.
    withExtension = org.apache.spark.sql.classic.SparkSession.builder()
        .withExtensions(new DendriteExtensions()).create();
    withExtension.conf().set("spark.sql.session.timeZone", "UTC");
    SparkSession.setActiveSession(plain);
    SparkSession.setDefaultSession(plain);
  }

  @AfterAll
  static void tearDown() {
    SparkSession.setActiveSession(LocalSpark.session());
  }

  /** Spark's own reader's ids where {@code where} holds, and ours through {@code session}. */
  private static ExecutedScan compare(SparkSession session, String where) {
    List<Long> expected = LocalSpark.session().read().parquet(table).where(where).select("id")
        .collectAsList().stream().map(r -> r.getLong(0)).sorted().toList();
    ExecutedScan ours = ExecutedScan.run(session.read().format("dendrite").load(table)
        .where(where).select("id"));
    List<Long> got = ours.rows().stream().map(r -> r.getLong(0)).sorted().toList();
    assertEquals(expected, got, where + " (" + ours.description() + ")");
    return ours;
  }

  @Test
  void randomPredicatesOnVariantPathsReturnSparksRows() {
    Random r = new Random(3232);
    int skipping = 0;
    int skippedSome = 0;
    for (int n = 0; n < 40; n++) {
      String where = predicate(r, 2);
      ExecutedScan scan = compare(withExtension, where);
      assertTrue(scan.sparkFilters(), "Spark keeps its Filter: " + where);
      skipping += scan.description().contains("VariantSkipping") ? 1 : 0;
      long skipped = scan.metric(ScanMetrics.VARIANT_ROW_GROUPS_SKIPPED);
      skippedSome += skipped > 0 ? 1 : 0;
      assertTrue(skipped <= groupsWithoutMatch(scan), where + ": skipped " + skipped);
    }
    // The comparison means something only if predicates reached the scan and skipped.
    assertTrue(skipping > 15, "predicates handed to the scan: " + skipping);
    assertTrue(skippedSome > 5, "predicates that skipped row groups: " + skippedSome);
  }

  @Test
  void aSelectiveRangeOnTheClusteredPathSkipsWhatTheDataProves() {
    Random r = new Random(77);
    for (int n = 0; n < 6; n++) {
      long lo = r.nextInt(FILES * GROUPS * VariantFiles.GROUP_ROWS * 3);
      long hi = lo + r.nextInt(400);
      String where = r.nextBoolean()
          ? "variant_get(v, '$.k', 'bigint') BETWEEN " + lo + " AND " + hi
          : "try_variant_get(v, '$.k', 'bigint') >= " + lo + " AND try_variant_get(v, '$.k',"
              + " 'bigint') < " + hi;
      ExecutedScan scan = compare(withExtension, where);
      long skipped = scan.metric(ScanMetrics.VARIANT_ROW_GROUPS_SKIPPED);
      long proven = groups.stream().filter(g -> !g.dirty() && (g.maxK() < lo || g.minK() > hi))
          .count();
      assertTrue(proven > 0, "a selective range: " + where);
      assertTrue(skipped >= proven, where + ": skipped " + skipped + ", proven " + proven
          + " (" + scan.description() + ")");
      assertTrue(skipped <= groupsWithoutMatch(scan), where + ": skipped " + skipped);
      assertTrue(scan.description().contains("VariantSkipping: v.k as bigint >= " + lo),
          scan.description());
      assertEquals(skipped * VariantFiles.GROUP_ROWS,
          scan.metric(ScanMetrics.VARIANT_ROWS_SKIPPED), where);
    }
  }

  /**
   * Spark's variant extraction pushdown (on by default) rewrites {@code variant_get} into a field
   * of the scan's output; the rule runs before that, so the same predicate skips with the
   * pushdown and without it.
   */
  @Test
  void skipsWithAndWithoutTheExtractionPushed() {
    String where = "variant_get(v, '$.k', 'bigint') BETWEEN 4000 AND 4100";
    List<Row> expected = LocalSpark.session().read().parquet(table).where(where)
        .selectExpr("id", "try_variant_get(v, '$.a', 'int') AS a").collectAsList();
    for (boolean pushed : new boolean[] {true, false}) {
      withExtension.conf().set("spark.sql.variant.pushVariantIntoScan", Boolean.toString(pushed));
      try {
        Dataset<Row> df = withExtension.read().format("dendrite").load(table).where(where)
            .selectExpr("id", "try_variant_get(v, '$.a', 'int') AS a");
        ExecutedScan scan = ExecutedScan.run(df);
        assertEquals(sorted(expected), sorted(scan.rows()));
        assertEquals(pushed, scan.description().contains("VariantExtractions: v: ["),
            scan.description());
        assertTrue(scan.description().contains("VariantSkipping: v.k as bigint >= 4000"),
            scan.description());
        assertTrue(scan.metric(ScanMetrics.VARIANT_ROW_GROUPS_SKIPPED) > 0, scan.description());
        String plan = df.queryExecution().explainString(
            org.apache.spark.sql.execution.ExtendedMode$.MODULE$);
        assertTrue(plan.contains("VariantSkipping"), plan);
      } finally {
        withExtension.conf().unset("spark.sql.variant.pushVariantIntoScan");
      }
    }
  }

  /** The clustered boolean: {@code = false} skips the clean row groups where it is true. */
  @Test
  void aBooleanPathSkipsWhereTheDataProves() {
    ExecutedScan scan = compare(withExtension, "try_variant_get(v, '$.b', 'boolean') = false");
    long proven = 0;
    for (int i = 0; i < groups.size(); i++) {
      proven += !groups.get(i).dirty() && i % GROUPS < VariantFiles.TRUE_GROUPS ? 1 : 0;
    }
    long skipped = scan.metric(ScanMetrics.VARIANT_ROW_GROUPS_SKIPPED);
    assertTrue(proven > 0 && skipped >= proven, "skipped " + skipped + ", proven " + proven);
    assertTrue(skipped <= groupsWithoutMatch(scan), "skipped " + skipped);
  }

  /** A leaf shredded as int64 asked for as {@code int} may overflow to null: not pushed. */
  @Test
  void aNarrowerTypeThanTheLeafIsNotUsed() {
    ExecutedScan scan = compare(withExtension,
        "try_variant_get(v, '$.k', 'int') BETWEEN 4000 AND 4100");
    assertTrue(scan.description().contains("VariantSkipping: v.k as int"), scan.description());
    assertEquals(0, scan.metric(ScanMetrics.VARIANT_ROW_GROUPS_SKIPPED));
  }

  @Test
  void withoutTheExtensionNothingChanges() {
    ExecutedScan scan = compare(LocalSpark.session(),
        "variant_get(v, '$.k', 'bigint') BETWEEN 4000 AND 4100");
    assertFalse(scan.description().contains("VariantSkipping"), scan.description());
    assertEquals(0, scan.metric(ScanMetrics.VARIANT_ROW_GROUPS_SKIPPED));
    assertEquals(FILES, LocalSpark.session().read().format("dendrite").load(table)
        .where("variant_get(v, '$.k', 'bigint') BETWEEN 4000 AND 4100").rdd()
        .getNumPartitions());
  }

  @Test
  void theRuleLeavesOtherPlansAndItsOwnResultAlone() {
    VariantSkippingRule rule = new VariantSkippingRule();
    // A bigint literal: the analyzed plan has not folded casts of literals yet.
    String where = "variant_get(v, '$.k', 'bigint') > 100L";
    LogicalPlan parquet = LocalSpark.session().read().parquet(table).where(where)
        .queryExecution().analyzed();
    assertSame(parquet, rule.apply(parquet));
    LogicalPlan noVariantFilter = LocalSpark.session().read().format("dendrite").load(table)
        .where("id > 5").queryExecution().analyzed();
    assertSame(noVariantFilter, rule.apply(noVariantFilter));
    LogicalPlan ours = LocalSpark.session().read().format("dendrite").load(table).where(where)
        .queryExecution().analyzed();
    LogicalPlan once = rule.apply(ours);
    assertNotSame(ours, once);
    assertSame(once, rule.apply(once)); // idempotent
  }

  /** What {@code spark.sql.extensions} does with the class name: make it, apply it. */
  @Test
  void spark_sql_extensionsMakesTheExtensionByName() throws Exception {
    Object made = Class.forName("io.dendrite.parquet.spark.DendriteExtensions")
        .getDeclaredConstructor().newInstance();
    SparkSessionExtensions extensions = new SparkSessionExtensions();
    @SuppressWarnings("unchecked")
    Function1<SparkSessionExtensions, ?> f = (Function1<SparkSessionExtensions, ?>) made;
    f.apply(extensions);
    var rules = extensions.buildPreCBORules(withExtension);
    assertEquals(1, rules.size());
    assertNotNull(rules.head());
    assertTrue(rules.head() instanceof VariantSkippingRule);
  }

  /** Row groups (by the ids they hold) without a row of the query's result. */
  private static long groupsWithoutMatch(ExecutedScan scan) {
    Set<Long> withMatch = new HashSet<>();
    scan.rows().forEach(row -> withMatch.add(row.getLong(0) / VariantFiles.GROUP_ROWS));
    return groups.size() - withMatch.size();
  }

  private static List<String> sorted(List<Row> rows) {
    return rows.stream().map(Row::toString).sorted().toList();
  }

  private static String predicate(Random r, int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return leaf(r);
    }
    return switch (r.nextInt(4)) {
      case 0 -> "NOT (" + predicate(r, depth - 1) + ")";
      case 1 -> "(" + predicate(r, depth - 1) + " OR " + predicate(r, depth - 1) + ")";
      default -> "(" + predicate(r, depth - 1) + " AND " + predicate(r, depth - 1) + ")";
    };
  }

  /** A predicate on one variant path (or on id, or on two paths), with a random literal. */
  private static String leaf(Random r) {
    String op = OPS[r.nextInt(OPS.length)];
    long k = r.nextInt(FILES * GROUPS * VariantFiles.GROUP_ROWS * 3 + 20) - 10;
    int a = r.nextInt(111) - 55;
    return switch (r.nextInt(16)) {
      case 0, 1 -> "variant_get(v, '$.k', 'bigint') " + op + " " + k;
      case 2 -> "variant_get(v, '$.k', 'bigint') BETWEEN " + k + " AND " + (k + r.nextInt(600));
      case 3 -> "try_variant_get(v, '$.k', 'int') " + op + " " + k;
      case 4 -> "try_variant_get(v, '$.a', 'int') " + op + " " + a;
      case 5 -> "try_variant_get(v, '$.a', 'int') IN (" + a + ", " + (a + 3) + ", " + (a - 7)
          + ")";
      case 6 -> "try_variant_get(v, '$.s', 'string') " + op + " '"
          + VariantFiles.word(r).replace("'", "''") + "'";
      case 7 -> "try_variant_get(v, '$.o.x', 'bigint') " + op + " " + k / 30;
      case 8 -> "try_variant_get(v, '$.k', 'bigint') IS " + (r.nextBoolean() ? "" : "NOT ")
          + "NULL";
      case 9 -> "try_variant_get(v, '$.a', 'int') " + op + " " + a + "L"; // a widening cast
      case 10 -> "try_variant_get(v, '$.arr[0]', 'int') " + op + " " + r.nextInt(5);
      case 11 -> "try_variant_get(v, '$.dec', 'decimal(9,2)') " + op + " "
          + (r.nextInt(2000) - 1000) / 100.0;
      case 12 -> "id % 7 " + op + " 3";
      case 13 -> "try_variant_get(v, '$.a', 'int') = try_variant_get(v, '$.o.x', 'int')";
      case 14 -> r.nextBoolean() ? "try_variant_get(v, '$.a', 'double') " + op + " " + a
          : "try_variant_get(v, '$.b', 'boolean') " + (r.nextBoolean() ? "=" : "<>") + " "
              + r.nextBoolean();
      default -> "try_variant_get(v, '$.k', 'bigint') " + op + " " + k;
    };
  }
}
