package io.dendrite.parquet.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Counters of the dataset suites, set (not accumulated) per operation: the size of the file
 * read or written and the records it holds. The report takes them per iteration.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class DatasetCounters {
  public long fileBytes;
  public long records;
}
