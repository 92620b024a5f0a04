package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source from SQL: a table of the session catalog ({@code CREATE TABLE ... USING dendrite
 * LOCATION}) and SQL on files ({@code dendrite.`path`}, through {@link DendritePathCatalog}),
 * each against the same SQL over Spark's own Parquet source on the same files.
 */
class DendriteSqlTest {
  private static final String COLUMNS = "id, s, day, price, addr, tags, attrs,"
      + " to_json(doc) AS doc_json, try_variant_get(doc, '$.a', 'int') AS doc_a";

  @TempDir static Path dir;
  private static Path table;

  @BeforeAll
  static void writeFiles() throws Exception {
    table = Files.createDirectories(dir.resolve("table"));
    TestFiles.write(table.resolve("part-0.parquet"), 0, 600, 5,
        b -> b.shredding(TestFiles.SHREDDING));
    TestFiles.write(table.resolve("part-1.parquet"), 600, 500, 6,
        DendriteWriter.Builder::unshredded);
  }

  private static SparkSession spark() {
    return LocalSpark.session();
  }

  private static List<Row> rows(String sql) {
    return spark().sql(sql).collectAsList();
  }

  private static String scanOf(Dataset<Row> df) {
    return df.queryExecution().explainString(
        org.apache.spark.sql.execution.ExplainMode.fromString("simple"));
  }

  /**
   * CREATE TABLE ... USING dendrite LOCATION: the schema comes from the files (Spark asks the
   * source), reads go through the source with pruning and pushed filters, and DROP TABLE
   * leaves the files (the table is external).
   */
  @Test
  void aTableCreatedUsingDendriteReadsAsSparksParquetTable() throws Exception {
    spark().sql("CREATE TABLE sql_dendrite USING dendrite LOCATION '" + table.toUri() + "'");
    spark().sql("CREATE TABLE sql_parquet USING parquet LOCATION '" + table.toUri() + "'");
    try {
      assertEquals(spark().table("sql_parquet").schema().simpleString(),
          spark().table("sql_dendrite").schema().simpleString());
      String query = "SELECT " + COLUMNS + " FROM %s ORDER BY id";
      assertEquals(rows(query.formatted("sql_parquet")), rows(query.formatted("sql_dendrite")));
      String filtered = "SELECT id, s, to_json(doc) FROM %s WHERE id BETWEEN 550 AND 700"
          + " AND s IS NOT NULL ORDER BY id";
      List<Row> expected = rows(filtered.formatted("sql_parquet"));
      assertFalse(expected.isEmpty());
      assertEquals(expected, rows(filtered.formatted("sql_dendrite")));
      String plan = scanOf(spark().sql(filtered.formatted("sql_dendrite")));
      assertTrue(plan.contains("DendriteScan [2 files, ReadColumns: struct<id:bigint,s:string,"
          + "doc:variant>, PushedFilter:"), plan);
      assertEquals(1100L, rows("SELECT count(*) FROM sql_dendrite").get(0).getLong(0));
      String described = spark().sql("DESCRIBE TABLE EXTENDED sql_dendrite").collectAsList()
          .toString();
      assertTrue(described.contains("[Type,EXTERNAL,") && described.contains("[Provider,dendrite,")
          && described.contains("[Location,file:" + table + ","),
          described);
    } finally {
      spark().sql("DROP TABLE IF EXISTS sql_dendrite");
      spark().sql("DROP TABLE IF EXISTS sql_parquet");
    }
    assertTrue(Files.exists(table.resolve("part-0.parquet"))
        && Files.exists(table.resolve("part-1.parquet")), "DROP TABLE deleted the files");
  }

  /**
   * A schema given in CREATE TABLE is refused, as load() refuses .schema(...). A table without
   * LOCATION is made by Spark alone (an empty managed directory in the warehouse; the source is
   * not asked): it reads as no rows and no columns, as load() of an empty directory does, and
   * can be dropped (Spark loads it, asking the source for its schema, before dropping it).
   */
  @Test
  void aGivenSchemaIsRefusedAndATableWithoutLocationIsEmpty() throws Exception {
    Exception e = assertThrows(Exception.class, () -> spark().sql(
        "CREATE TABLE sql_given (id bigint) USING dendrite LOCATION '" + table.toUri() + "'"));
    assertTrue(e.getMessage().contains("EXTERNAL_METADATA_UNSUPPORTED"), e.getMessage());
    assertFalse(spark().catalog().tableExists("sql_given"));
    spark().sql("CREATE TABLE sql_nowhere USING dendrite");
    assertEquals(List.of(), rows("SELECT * FROM sql_nowhere"));
    assertEquals(0, spark().table("sql_nowhere").schema().size());
    spark().sql("DROP TABLE sql_nowhere");
    assertFalse(spark().catalog().tableExists("sql_nowhere"));
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertEquals(0, spark().read().format("dendrite").load(empty.toString()).count());
  }

  /**
   * A table whose files are gone fails to read, naming the path, and can still be dropped: the
   * source lists the files and reads the footers when a query needs the schema, not when Spark
   * loads the table (which it does to drop it).
   */
  @Test
  void aTableWhoseFilesAreGoneFailsToReadAndCanBeDropped() throws Exception {
    Path gone = Files.createDirectories(dir.resolve("gone"));
    Files.copy(table.resolve("part-1.parquet"), gone.resolve("part-1.parquet"));
    spark().sql("CREATE TABLE sql_gone USING dendrite LOCATION '" + gone.toUri() + "'");
    assertEquals(500L, rows("SELECT count(*) FROM sql_gone").get(0).getLong(0));
    Files.delete(gone.resolve("part-1.parquet"));
    Files.delete(gone);
    String missing = "dendrite: path does not exist: file:" + gone;
    Exception read = assertThrows(Exception.class, () -> rows("SELECT * FROM sql_gone"));
    assertTrue(String.valueOf(read.getMessage()).contains(missing), read::toString);
    spark().sql("DROP TABLE sql_gone");
    assertFalse(spark().catalog().tableExists("sql_gone"));
    assertFalse(Files.exists(gone));
  }

  /**
   * SQL on files: Spark's own rule refuses a V2 source (it takes V1 FileFormat sources only),
   * so {@code dendrite.`path`} needs the catalog; with it, the rows are those of
   * {@code parquet.`path`}. One test: the catalog, once used, stays loaded in the session.
   */
  @Test
  void sqlOnFilesGoesThroughThePathCatalog() {
    String path = table.toString();
    AnalysisException refused = assertThrows(AnalysisException.class,
        () -> spark().sql("SELECT id FROM dendrite.`" + path + "`"));
    assertTrue(refused.getMessage().contains("UNSUPPORTED_DATASOURCE_FOR_DIRECT_QUERY"),
        refused.getMessage());

    spark().conf().set("spark.sql.catalog.dendrite", DendritePathCatalog.class.getName());
    String query = "SELECT " + COLUMNS + " FROM %s.`" + path + "` WHERE id %% 3 = 1 ORDER BY id";
    List<Row> expected = rows(query.formatted("parquet"));
    assertEquals(367, expected.size()); // ids 1, 4, ..., 1099
    assertEquals(expected, rows(query.formatted("dendrite")));
    String plan = scanOf(spark().sql(query.formatted("dendrite")));
    assertTrue(plan.contains("DendriteScan [2 files"), plan);
    // One file, and a missing path: the error names it.
    assertEquals(rows("SELECT id, s FROM parquet.`" + table.resolve("part-1.parquet") + "`"),
        rows("SELECT id, s FROM dendrite.`" + table.resolve("part-1.parquet") + "`"));
    Exception missing = assertThrows(Exception.class,
        () -> rows("SELECT * FROM dendrite.`" + dir.resolve("nothing-here") + "`"));
    assertTrue(String.valueOf(missing.getMessage()).contains("path does not exist"),
        missing::toString);
  }
}
