package io.dendrite.parquet.write;

import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.write.internal.column.RewindableRows;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Rows written straight from their JSON lines into the column engine's recorder (issue 31, "one
 * pass into columns"; {@link JsonRecordParser#parseDirect}): a worker's chunk of striped rows,
 * or the file on the writing thread. The recorder's buffers can take a row back, which is how a
 * line that is no row, or whose variants' keys were not the predicted ones, leaves nothing
 * behind before it is parsed again the ordinary way.
 */
final class JsonDirectRows implements JsonRecordParser.DirectTarget {
  private final RowWriteSupport support;
  private final RewindableRows buffers;

  /** {@code support} writes into {@code buffers}' recorder ({@link RowWriteSupport#consumer()}). */
  JsonDirectRows(RowWriteSupport support, RewindableRows buffers) {
    this.support = support;
    this.buffers = buffers;
  }

  /**
   * Records the row of a line, its text or when that is null its UTF-8 bytes {@code b[off, off +
   * len)}, when {@code parser} can write it straight from its tokens; the caller then ends the
   * row. False when it did not, with nothing recorded: the caller parses the line into a row
   * (which reports what is wrong with it, or that a blank line is none) and writes that.
   */
  boolean write(JsonRecordParser parser, String text, byte[] b, int off, int len) {
    if (JsonLinePipeline.isBlank(text, b, off, len) || !parser.directWorthTrying()) {
      return false;
    }
    RecordConsumer rc = support.consumer();
    buffers.markRow();
    Object[] row;
    try {
      rc.startMessage();
      row = parser.parseDirect(text, b, off, len, this);
      if (row != null) {
        support.writeFields(row);
        rc.endMessage();
      }
    } catch (RuntimeException e) {
      row = null; // written again the ordinary way, which reports it
    }
    parser.directOutcome(row != null);
    if (row == null) {
      buffers.rollBackRow();
      support.undoCounts();
      return false;
    }
    support.keepCounts();
    return true;
  }

  @Override
  public RecordConsumer consumer() {
    return support.consumer();
  }

  @Override
  public VariantColumnShredder jsonShredder(int i) {
    VariantColumnShredder s = support.topVariant(i);
    return s != null && s.canShredDirect() ? s : null;
  }
}
