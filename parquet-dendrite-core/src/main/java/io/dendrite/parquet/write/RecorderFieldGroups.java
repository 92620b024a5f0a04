package io.dendrite.parquet.write;

import io.dendrite.parquet.shred.internal.FieldGroups;
import io.dendrite.parquet.write.internal.column.LevelRecorder;

/** The column engine recorder's one-call writes, for the shredders (which cannot see it). */
final class RecorderFieldGroups implements FieldGroups {
  private final LevelRecorder recorder;

  RecorderFieldGroups(LevelRecorder recorder) {
    this.recorder = recorder;
  }

  @Override
  public void groupLong(int field, int child, long v) {
    recorder.groupLong(field, child, v);
  }

  @Override
  public void groupInteger(int field, int child, int v) {
    recorder.groupInteger(field, child, v);
  }

  @Override
  public void groupBoolean(int field, int child, boolean v) {
    recorder.groupBoolean(field, child, v);
  }

  @Override
  public void groupBytes(int field, int child, byte[] b, int off, int len) {
    recorder.groupBytes(field, child, b, off, len);
  }

  @Override
  public void emptyGroup(int field) {
    recorder.emptyGroup(field);
  }
}
