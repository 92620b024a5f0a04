package io.dendrite.parquet.write;

import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.write.internal.column.RewindableRows;
import java.util.Map;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Records given as maps whose top-level VARIANT values are shredded straight from the Java
 * values into the column engine's recorder (issue 31, "one pass into columns";
 * {@link VariantColumnShredder#writeJava}): typed parts go to their leaves and only residual
 * values are encoded; the other columns are normalized and written as ever. A record that
 * would not make the same row that way (a variant whose keys are not the last one's, an invalid
 * value) is taken back, to be written the ordinary way, which reports what is wrong with it.
 */
final class DirectMaps {
  /** A slot of the row whose column was written straight into the recorder. */
  private static final Object WRITTEN = new Object();

  private final RowWriteSupport support;
  private final RewindableRows buffers;
  private final RecordCoercer coercer;
  private final String[] names;
  private final DirectAttempts attempts;

  DirectMaps(RowWriteSupport support, RewindableRows buffers) {
    this.support = support;
    this.buffers = buffers;
    this.coercer = new RecordCoercer(support.recordSchema());
    this.names = support.recordSchema().fields().stream().map(f -> f.name())
        .toArray(String[]::new);
    this.attempts = new DirectAttempts(true);
  }

  /**
   * Records {@code record} as the next row when its VARIANT values can be shredded directly;
   * the caller then ends the row. False, with nothing recorded, when it did not.
   */
  boolean write(Map<String, ?> record) {
    if (!attempts.worthTrying()) {
      return false;
    }
    RecordConsumer rc = support.consumer();
    buffers.markRow();
    boolean written;
    try {
      rc.startMessage();
      written = writeFields(rc, record);
      if (written) {
        rc.endMessage();
      }
    } catch (RuntimeException e) {
      written = false; // written again the ordinary way, which reports it
    }
    attempts.outcome(written);
    if (!written) {
      buffers.rollBackRow();
      support.undoCounts();
      return false;
    }
    support.keepCounts();
    return true;
  }

  /** Rows written directly, for tests. */
  long rows() {
    return attempts.rows();
  }

  private boolean writeFields(RecordConsumer rc, Map<String, ?> record) {
    Object[] row = new Object[names.length];
    int position = 0;
    for (Map.Entry<String, ?> e : record.entrySet()) {
      Object key = e.getKey();
      int i = coercer.fieldAt(key, position++);
      if (i < 0) {
        return false;
      }
      Object v = e.getValue();
      if (v == null) {
        continue;
      }
      VariantColumnShredder s = support.topVariant(i);
      if (s != null && s.shreds() && s.canShredDirect()
          && !(v instanceof EncodedVariant || v instanceof VariantValue)) {
        rc.startField(names[i], i);
        if (!s.writeJava(rc, v)) {
          return false;
        }
        rc.endField(names[i], i);
        row[i] = WRITTEN;
      } else {
        row[i] = coercer.coerceField(i, v);
      }
    }
    coercer.checkRequired(row);
    for (int i = 0; i < row.length; i++) {
      if (row[i] == WRITTEN) {
        row[i] = null;
      }
    }
    support.writeFields(row);
    return true;
  }
}
