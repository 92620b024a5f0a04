package io.dendrite.parquet.write;

import io.dendrite.parquet.write.internal.column.ColumnFileWriter;
import io.dendrite.parquet.write.internal.column.StripedRows;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Rows of one file shredded and striped into leaf entries on the threads that parsed them
 * (issue 31, "one pass into columns"), so that the writing thread only moves the entries into
 * the row group ({@link ColumnFileWriter#append}). A thread stripes a chunk of rows with its own
 * copy of the file's {@link RowWriteSupport} (the same field writers and shredders, so the same
 * entries as on the writing thread) into a {@link StripedRows}; both are pooled, so a thread
 * holds one write support at a time and a chunk's buffers are reused once handed over.
 */
final class RowStriping {
  private final RowWriteSupport support;
  private final ColumnFileWriter file;
  private final ConcurrentLinkedQueue<RowWriteSupport> idleSupports =
      new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<StripedRows> idleRows = new ConcurrentLinkedQueue<>();

  RowStriping(RowWriteSupport support, ColumnFileWriter file) {
    this.support = support;
    this.file = file;
  }

  /** Starts striping a chunk's rows on the calling thread. */
  Batch start() {
    RowWriteSupport s = idleSupports.poll();
    if (s == null) {
      s = support.forAnotherThread();
    }
    StripedRows rows = idleRows.poll();
    if (rows == null) {
      rows = file.newStripedRows();
    }
    s.prepareForWrite(rows.recordConsumer());
    return new Batch(s, rows);
  }

  /** Takes back the buffers of a batch whose rows were all appended to the file. */
  void recycle(StripedRows rows) {
    rows.clear();
    idleRows.add(rows);
  }

  /** One chunk's rows being striped on one thread. */
  final class Batch {
    private final RowWriteSupport support;
    final StripedRows rows;
    private final JsonDirectRows direct;

    private Batch(RowWriteSupport support, StripedRows rows) {
      this.support = support;
      this.rows = rows;
      this.direct = new JsonDirectRows(support, rows);
    }

    /**
     * Stripes the next row; if that throws, the row's entries are abandoned and no row may
     * follow.
     */
    void add(Object[] row) {
      try {
        support.write(row);
      } catch (RuntimeException | Error e) {
        rows.abandonRow();
        throw e;
      }
      rows.endRow();
    }

    /**
     * Stripes the next row straight from its JSON line when {@code parser} can
     * ({@link JsonDirectRows#write}); false when it did not, with nothing recorded: the caller
     * parses the line and {@link #add}s its row.
     */
    boolean addDirect(JsonRecordParser parser, String text, byte[] b, int off, int len) {
      if (!direct.write(parser, text, b, off, len)) {
        return false;
      }
      rows.endRow();
      return true;
    }

    /** Ends the striping on this thread; the rows stay in {@link #rows} until appended. */
    void finish() {
      idleSupports.add(support);
    }
  }
}
