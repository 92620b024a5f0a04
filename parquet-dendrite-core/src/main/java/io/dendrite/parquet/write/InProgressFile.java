package io.dendrite.parquet.write;

import java.io.IOException;

/**
 * The Parquet file of one writer, from its creation under the target's temporary name to its
 * publication at the final path or its discard. While it may exist it is registered with
 * {@link InProgressFiles}, so that a JVM shutdown deletes it.
 */
final class InProgressFile {
  private final OutputTarget target;
  private RowSink sink;

  InProgressFile(OutputTarget target) {
    this.target = target;
  }

  /** Creates the temporary file; rows go to the writer returned. */
  RowSink create(RowWriteSupport support, WriterOptions options) throws IOException {
    // Registered before the temporary file exists, so an exit never misses it.
    InProgressFiles.register(target);
    sink = ParquetWriters.create(target, support, options);
    return sink;
  }

  /**
   * Finishes the file and publishes it at the final path ({@link OutputTarget#commit}). If this
   * throws, the caller {@link #discard()}s.
   */
  void publish(boolean overwrite) throws IOException {
    sink.close();
    target.commit(overwrite);
    InProgressFiles.deregister(target);
  }

  /** Closes the file if it was created and deletes it; throws nothing from closing. */
  void discard() {
    try {
      if (sink != null) {
        sink.abort();
      }
      target.discard();
    } finally {
      InProgressFiles.deregister(target);
    }
  }
}
