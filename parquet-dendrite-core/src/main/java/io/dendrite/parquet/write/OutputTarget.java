package io.dendrite.parquet.write;

import java.io.IOException;
import org.apache.parquet.io.OutputFile;

/**
 * Where a file is written: first to a hidden temporary name beside the final path, then renamed
 * into place on success, so readers never see a half-written file at the final path (and Hadoop
 * and Spark ignore the hidden name while it exists).
 */
interface OutputTarget {
  /** The final path as users name it, for messages. */
  String displayName();

  /** Fails if the final path exists and overwriting was not asked for. */
  void checkWritable(boolean overwrite) throws IOException;

  /** The temporary file Parquet writes to. */
  OutputFile temporaryFile() throws IOException;

  /** Moves the temporary file to the final path. */
  void commit(boolean overwrite) throws IOException;

  /** Deletes the temporary file if it exists; never throws. */
  void discard();

  static String temporaryName(String finalName) {
    return "." + finalName + "." + java.util.UUID.randomUUID() + ".inprogress";
  }
}
