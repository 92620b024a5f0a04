package io.dendrite.parquet.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Auxiliary counters of the file suites, reported beside the times: the size of the file a
 * method wrote or read, and how many projected values a reader failed to return (DESIGN.md
 * section 3.5: parquet-java's lean schema on an unshredded file loses every value). Each is
 * set, not accumulated, per operation; the report prints the per-iteration value (JMH itself
 * prints the sum over iterations).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class FileCounters {
  public long fileBytes;
  public long valuesLost;
}
