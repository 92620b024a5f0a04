package io.dendrite.parquet.spark;

import java.io.Serializable;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Whether a scan hands Spark columnar batches ({@link BatchReader}) or rows ({@link RowReader}),
 * and how many rows a batch holds. Decided once per scan, from its read schema alone: Spark
 * requires every input partition of a scan to give the same answer
 * ({@code BatchScanExec} fails on a mix), so nothing about one file (its layout, an INT96
 * column) may change it; a column a file stores so that it cannot be copied array to array is
 * converted value by value into the same vector ({@link ColumnFill}).
 *
 * @param enabled the read's option {@value #OPTION} (default true)
 * @param batchRows rows per batch: the read's option {@value #BATCH_SIZE_OPTION}, else Spark's
 *     {@code spark.sql.parquet.columnarReaderBatchSize} (default 4096)
 */
record ColumnarReads(boolean enabled, int batchRows) implements Serializable {
  /** The read's option that turns batches off ({@code false}), e.g. to compare with rows. */
  static final String OPTION = "columnar";
  /** The read's option for rows per batch. */
  static final String BATCH_SIZE_OPTION = "batchSize";

  ColumnarReads {
    if (batchRows < 1) {
      throw new IllegalArgumentException("dendrite: option " + BATCH_SIZE_OPTION
          + " must be at least 1, got " + batchRows);
    }
  }

  /** From a read's options and the active session's settings (on the driver). */
  static ColumnarReads of(CaseInsensitiveStringMap options) {
    int sparkBatch = SparkSession.active().sessionState().conf()
        .parquetVectorizedReaderBatchSize();
    int batchRows;
    try {
      batchRows = options.getInt(BATCH_SIZE_OPTION, sparkBatch);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("dendrite: option " + BATCH_SIZE_OPTION
          + " must be a number of rows, got " + options.get(BATCH_SIZE_OPTION), e);
    }
    return new ColumnarReads(options.getBoolean(OPTION, true), batchRows);
  }

  /**
   * Whether a scan of these columns reads batches: enabled, at least one column (a
   * {@code count()} reads the footers' row counts or filtered rows holding nothing), and every
   * column one that {@link ColumnFill} fills: the primitive types, strings, binaries, decimals,
   * dates, timestamps and whole variants, and a column of served variant extractions whose
   * fields are all of those types. Structs, arrays and maps (also as an extraction's type) are
   * read as rows: assembling them into Spark's nested vectors is not done yet.
   *
   * @param extractions the served extractions (null: none), whose columns the schema holds as
   *     structs of their fields
   */
  boolean serves(StructType readSchema, PushedExtractions extractions) {
    if (!enabled || readSchema.isEmpty()) {
      return false;
    }
    for (StructField f : readSchema.fields()) {
      boolean extracted = extractions != null && extractions.of(f.name()) != null;
      if (extracted) {
        for (StructField e : ((StructType) f.dataType()).fields()) {
          if (!ColumnFill.fills(e.dataType())) {
            return false;
          }
        }
      } else if (!ColumnFill.fills(f.dataType())) {
        return false;
      }
    }
    return true;
  }
}
