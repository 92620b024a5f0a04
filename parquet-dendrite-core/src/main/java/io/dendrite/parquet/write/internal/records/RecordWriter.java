package io.dendrite.parquet.write.internal.records;

import io.dendrite.parquet.write.internal.column.LevelRecorder;
import java.time.LocalDate;

/**
 * Records one Java record into a file's leaf columns ({@link LevelRecorder}'s leaf-addressed
 * writes); the subclass is generated per record type and schema ({@link RecordWriters}).
 *
 * <p>It checks nothing it need not: a null where the column is required, or a value its
 * conversion refuses, throws halfway through the record with part of it recorded. The caller
 * marks each row and takes it back on failure, then finds out what was wrong by normalizing
 * the record the interpreted way, whose errors name the field.
 */
public abstract class RecordWriter {
  protected final LevelRecorder rc;

  protected RecordWriter(LevelRecorder rc) {
    this.rc = rc;
  }

  /** Records {@code record}, an instance of the type this class was generated for. */
  public abstract void write(Object record);

  /** A DATE column's value: days since 1970-01-01, as the column's int32. */
  public static int epochDay(LocalDate date) {
    return Math.toIntExact(date.toEpochDay());
  }

  /** A null where the schema requires a value (its message is not shown: see the class). */
  public static RuntimeException nullRequired() {
    return new NullPointerException("null in a required column");
  }
}
