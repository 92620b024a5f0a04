package io.dendrite.parquet.write;

import java.io.IOException;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * The Parquet file of one writer, from its creation under the target's temporary name to its
 * publication at the final path or its discard. While it may exist it is registered with
 * {@link InProgressFiles}, so that a JVM shutdown deletes it.
 */
final class InProgressFile {
  private final OutputTarget target;
  private ParquetWriter<Object[]> writer;

  InProgressFile(OutputTarget target) {
    this.target = target;
  }

  /** Creates the temporary file; rows go to the writer returned. */
  ParquetWriter<Object[]> create(RowWriteSupport support, WriterOptions options)
      throws IOException {
    // Registered before the temporary file exists, so an exit never misses it.
    InProgressFiles.register(target);
    writer = ParquetWriters.create(target, support, options, support.schema());
    return writer;
  }

  /**
   * Finishes the file and publishes it at the final path ({@link OutputTarget#commit}). If this
   * throws, the caller {@link #discard()}s.
   */
  void publish(boolean overwrite) throws IOException {
    writer.close();
    target.commit(overwrite);
    InProgressFiles.deregister(target);
  }

  /** Closes the file if it was created and deletes it; throws nothing from closing. */
  void discard() {
    try {
      if (writer != null) {
        try {
          writer.close();
        } catch (IOException | RuntimeException ignored) {
          // The file is being discarded; the original failure is what matters.
        }
      }
      target.discard();
    } finally {
      InProgressFiles.deregister(target);
    }
  }
}
