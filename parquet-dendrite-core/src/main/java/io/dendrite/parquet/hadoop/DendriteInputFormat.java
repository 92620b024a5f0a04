package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteReadSupport;
import io.dendrite.parquet.read.DendriteRow;
import org.apache.parquet.hadoop.ParquetInputFormat;

/**
 * A mapreduce InputFormat reading {@link DendriteRow}s (values; keys are null), split by row
 * group like any Parquet input. Each file is planned on its own layout. Configuration keys:
 * {@value DendriteReadSupport#SELECT} (comma-separated paths; absent reads every column) and
 * {@value DendriteReadSupport#STRICT_CASTS}.
 */
public class DendriteInputFormat extends ParquetInputFormat<DendriteRow> {
  public DendriteInputFormat() {
    super(DendriteReadSupport.class);
  }
}
