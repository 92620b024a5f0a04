package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.ColumnOrder.ColumnOrderName;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The min/max of our FLOAT and DOUBLE columns, record fields and shredded {@code typed_value}s,
 * as Spark 4.1 and its parquet-java 1.16 (1.17 under {@code -Pspark-4.2}) use them: the
 * type-defined column order, the bounds of each row group (zeros and a NaN by the spec's rules)
 * and Spark's row-group skipping on a double and a float filter. The writer runs in this JVM on
 * the same parquet-java, whose default order for floating point is the type-defined one; that
 * files written beside parquet-java 1.18 (the CLI, a plain Java job) declare it too is checked
 * on their footer bytes by core's {@code FloatingPointColumnOrderTest} and on such files by
 * {@code dev/interop-pyarrow}. Four row groups of 100 rows: values -50..49, 100.5..199.5,
 * -0.0/+0.0/2..99 and 300..399 with one NaN.
 */
class FloatStatisticsInOldReadersTest {
  private static final int GROUP_ROWS = 100;
  private static final int GROUPS = 4;
  private static final int NAN_GROUP = 3;

  @TempDir static Path dir;
  private static Path file;

  private static double value(int row) {
    int g = row / GROUP_ROWS;
    int i = row % GROUP_ROWS;
    switch (g) {
      case 0:
        return i - 50;
      case 1:
        return 100.5 + i;
      case 2:
        return i == 0 ? -0.0 : i == 1 ? 0.0 : i;
      default:
        return i == 50 ? Double.NaN : 300 + i;
    }
  }

  @BeforeAll
  static void writeFile() throws Exception {
    file = dir.resolve("floats.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, f float, d double, doc variant")
        .shredding("doc: {x: double}").rowGroupRows(GROUP_ROWS).build()) {
      for (int r = 0; r < GROUPS * GROUP_ROWS; r++) {
        double v = value(r);
        w.write(Map.of("id", (long) r, "f", (float) v, "d", v, "doc", Map.of("x", v)));
      }
    }
  }

  @Test
  void parquetJavaOfSparksClasspathSeesTypeDefinedOrderAndMinMax() throws Exception {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> groups = r.getFooter().getBlocks();
      assertEquals(GROUPS, groups.size());
      int checked = 0;
      for (int g = 0; g < GROUPS; g++) {
        for (ColumnChunkMetaData c : groups.get(g).getColumns()) {
          PrimitiveType type = c.getPrimitiveType();
          String where = "row group " + g + ", " + c.getPath();
          switch (type.getPrimitiveTypeName()) {
            case FLOAT:
            case DOUBLE:
              assertEquals(ColumnOrderName.TYPE_DEFINED_ORDER, type.columnOrder().getColumnOrderName(),
                  where);
              checkMinMax(g, c.getStatistics(), where);
              checked++;
              break;
            default:
              break;
          }
        }
      }
      assertEquals(GROUPS * 3, checked, "f, d and doc.typed_value.x.typed_value per row group");
    }
  }

  private static void checkMinMax(int group, Statistics<?> stats, String where) {
    if (group == NAN_GROUP) {
      // A NaN in the chunk: no min/max, or a reader would skip the group for a NaN filter.
      assertFalse(stats.hasNonNullValue(), where + ": " + stats);
      return;
    }
    assertTrue(stats.hasNonNullValue(), where + ": " + stats);
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < GROUP_ROWS; i++) {
      double v = value(group * GROUP_ROWS + i);
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    // The spec's rule for zeros: a zero min is -0.0, a zero max +0.0 (Math.min gives -0.0).
    assertEquals(min, ((Number) stats.genericGetMin()).doubleValue(), where);
    assertEquals(max, ((Number) stats.genericGetMax()).doubleValue(), where);
  }

  /**
   * Spark 4.1's reader skips the row groups whose double min/max exclude the filter (the scan
   * outputs only the rows of the groups it kept): group 1 matches, group 3 has a NaN and no
   * min/max and is kept, groups 0 and 2 are skipped.
   */
  @Test
  void sparkSkipsRowGroupsOnDoubleAndFloatFilters() {
    for (String filter : List.of("d > 150 and d < 160", "f > 150 and f < 160")) {
      Dataset<Row> df = LocalSpark.session().read().parquet(file.toString()).filter(filter)
          .select("id");
      List<Row> rows = df.collectAsList();
      assertEquals(10, rows.size(), filter);
      assertEquals(2L * GROUP_ROWS, scannedRows(df), filter);
    }
  }

  private static long scannedRows(Dataset<Row> df) {
    SparkPlan plan = df.queryExecution().executedPlan();
    if (plan instanceof AdaptiveSparkPlanExec adaptive) {
      plan = adaptive.executedPlan();
    }
    long rows = 0;
    int scans = 0;
    for (SparkPlan leaf : CollectionConverters.asJava(plan.collectLeaves())) {
      rows += (Long) leaf.metrics().apply("numOutputRows").value();
      scans++;
    }
    assertEquals(1, scans, plan.toString());
    return rows;
  }
}
