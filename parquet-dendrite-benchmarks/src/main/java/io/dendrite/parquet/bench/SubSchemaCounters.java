package io.dendrite.parquet.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Counters of {@link DatasetSubSchemaBenchmark}, set per operation: the file's size, how many
 * columns the query selects, the compressed bytes of the Parquet column chunks the read
 * requests (all of them, and the largest column's), and the records read.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class SubSchemaCounters {
  public long fileBytes;
  public long columns;
  public long selectedBytes;
  public long largestColumnBytes;
  public long records;
}
