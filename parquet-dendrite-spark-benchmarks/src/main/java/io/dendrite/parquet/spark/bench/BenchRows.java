package io.dendrite.parquet.spark.bench;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The benchmark's rows, a pure function of their number: an id, three ordinary columns and a
 * VARIANT {@code v} built by {@code parse_json} from text made of the id alone.
 *
 * <p>{@code $.ts} grows with the id (clustered: row-group statistics can skip on it);
 * {@code $.user}, {@code $.a}, {@code $.score} and {@code $.tags} keep one type (a shredder
 * can type them); {@code $.mixed} is a number on even ids and a string on odd ones, so it
 * stays in the residual {@code value}; {@code $.note} is in one row of ten.
 */
final class BenchRows {
  /** {@code $.ts} of row 0; row i has {@code TS0 + i * TS_STEP}. */
  static final long TS0 = 1_700_000_000_000L;

  static final long TS_STEP = 1_000L;

  /** Written as this many part files (ids contiguous per file, so clustering survives). */
  static final int FILES = 4;

  /** Bump when the rows change, so that cached files of older rows are not read. */
  static final int GENERATION = 1;

  private BenchRows() {}

  static Dataset<Row> of(SparkSession spark, long rows) {
    return spark.sql("SELECT id,"
        + " concat('c', lpad(CAST(id % 16 AS STRING), 2, '0')) AS cat,"
        + " CAST(id % 100 AS INT) AS qty,"
        + " CAST((id * 37) % 10000 AS DOUBLE) / 100 AS price,"
        + " parse_json(concat("
        + "   '{\"ts\":', CAST(" + TS0 + " + id * " + TS_STEP + " AS STRING),"
        + "   ',\"user\":{\"id\":', CAST(id % 50000 AS STRING),"
        + "   ',\"name\":\"u', CAST(id % 50000 AS STRING),"
        + "   '\",\"tier\":', CAST(id % 3 AS STRING), '}',"
        + "   ',\"a\":{\"b\":', CAST((id * 7) % 1000 AS STRING),"
        + "   ',\"c\":\"s', CAST(id % 97 AS STRING), '\"}',"
        + "   ',\"score\":', CAST((id * 13) % 1000 AS STRING), '.5',"
        + "   ',\"mixed\":', CASE WHEN id % 2 = 0 THEN CAST(id % 1000 AS STRING)"
        + "                 ELSE concat('\"x', CAST(id % 1000 AS STRING), '\"') END,"
        + "   ',\"tags\":[\"t', CAST(id % 5 AS STRING), '\",\"t', CAST(id % 7 AS STRING), '\"]',"
        + "   CASE WHEN id % 10 = 0 THEN ',\"note\":{\"k\":\"rare\"}' ELSE '' END,"
        + "   '}')) AS v"
        + " FROM range(0, " + rows + ", 1, " + FILES + ")");
  }
}
