package io.dendrite.parquet.spark.example;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The job's output directory on any Hadoop file system. A non-empty directory is refused unless
 * overwriting, and overwriting deletes only files this job writes (never a directory tree some
 * mistyped {@code --out} pointed at).
 */
final class OutputDir {
  /** Our part files, and the checksum files Hadoop's local file system keeps beside them. */
  private static final Pattern PART = Pattern.compile("part-\\d{5}\\.parquet");
  private static final Pattern OURS = Pattern.compile("\\.?part-\\d{5}\\.parquet(\\.crc)?");

  private OutputDir() {}

  /** Makes {@code dir} an empty directory; throws IllegalStateException saying why it cannot. */
  static void prepare(String dir, boolean overwrite, Configuration conf) throws IOException {
    Path path = new Path(dir);
    FileSystem fs = path.getFileSystem(conf);
    if (fs.exists(path)) {
      if (!fs.getFileStatus(path).isDirectory()) {
        throw new IllegalStateException(dir + " exists and is not a directory");
      }
      FileStatus[] entries = fs.listStatus(path);
      if (entries.length > 0 && !overwrite) {
        throw new IllegalStateException(dir + " is not empty (" + entries.length
            + " entries); pass --overwrite to replace this job's earlier output");
      }
      List<String> foreign = new ArrayList<>();
      for (FileStatus e : entries) {
        if (e.isDirectory() || !OURS.matcher(e.getPath().getName()).matches()) {
          foreign.add(e.getPath().getName());
        }
      }
      if (!foreign.isEmpty()) {
        throw new IllegalStateException(dir + " holds entries this job does not write, not"
            + " deleting them: " + foreign.subList(0, Math.min(5, foreign.size()))
            + (foreign.size() > 5 ? " and " + (foreign.size() - 5) + " more" : ""));
      }
      for (FileStatus e : entries) {
        if (!fs.delete(e.getPath(), false) && fs.exists(e.getPath())) {
          throw new IOException("could not delete " + e.getPath());
        }
      }
    } else if (!fs.mkdirs(path)) {
      throw new IOException("could not create directory " + dir);
    }
  }

  /** The part files in {@code dir}, sorted by name. */
  static List<String> partFiles(String dir, Configuration conf) throws IOException {
    Path path = new Path(dir);
    FileStatus[] files = path.getFileSystem(conf)
        .listStatus(path, p -> PART.matcher(p.getName()).matches());
    return Arrays.stream(files).map(f -> f.getPath().toString()).sorted().toList();
  }
}
