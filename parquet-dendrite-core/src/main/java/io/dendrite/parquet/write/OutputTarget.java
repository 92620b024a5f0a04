package io.dendrite.parquet.write;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.parquet.io.OutputFile;

/**
 * Where a file is written: first to a hidden temporary name beside the final path, then published
 * under the final name on success, so readers never see a half-written file at the final path
 * (and Hadoop and Spark ignore the hidden name while it exists).
 */
interface OutputTarget {
  /** The final path as users name it, for messages. */
  String displayName();

  /** Fails early if the final path exists and overwriting was not asked for. */
  void checkWritable(boolean overwrite) throws IOException;

  /** The temporary file Parquet writes to. */
  OutputFile temporaryFile() throws IOException;

  /**
   * Publishes the temporary file at the final path. Without {@code overwrite} this never replaces
   * a file that appeared there meanwhile: it throws {@link java.nio.file.FileAlreadyExistsException}
   * naming the final path, leaving that file as it is. On failure the temporary file may remain;
   * the caller discards it.
   */
  void commit(boolean overwrite) throws IOException;

  /** Deletes the temporary file if it exists; never throws. */
  void discard();

  /**
   * The Hadoop configuration the writer was given ({@code DendriteWriter.builder(Path,
   * Configuration)}), whose Parquet settings the writing honours; null when none was.
   */
  default Configuration jobConfiguration() {
    return null;
  }

  /** The failure of a publish without overwriting when the final path is taken. */
  static java.nio.file.FileAlreadyExistsException appearedMeanwhile(String displayName) {
    return new java.nio.file.FileAlreadyExistsException(displayName, null,
        "a file appeared at the output path while it was being written; it was left as it is "
            + "and nothing was written there (allow overwriting to replace it)");
  }

  static String temporaryName(String finalName) {
    return "." + finalName + "." + java.util.UUID.randomUUID() + ".inprogress";
  }

  /**
   * The target for a Hadoop path. Paths on the local file system are written as local files:
   * Hadoop's local rename replaces an existing file silently, which no-clobber cannot allow.
   */
  static OutputTarget of(org.apache.hadoop.fs.Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem) {
      java.nio.file.Path local = java.nio.file.Path.of(fs.makeQualified(path).toUri());
      return new LocalOutputTarget(local, path.toString(), true, conf);
    }
    return new HadoopOutputTarget(path, conf);
  }
}
