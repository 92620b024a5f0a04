package io.dendrite.parquet.spark;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The files a read covers: the {@code path} option ({@code load(path)}) or the {@code paths}
 * option ({@code load(p1, p2)}, a JSON array), each a file or a directory of files. Names are
 * returned fully qualified ({@code file:/...}, {@code hdfs://...}), in a stable order, with the
 * files' lengths from the same listing.
 */
final class InputFiles {
  private static final ObjectMapper JSON = new ObjectMapper();

  private InputFiles() {}

  static boolean isPathOption(String key) {
    return key.equalsIgnoreCase("path") || key.equalsIgnoreCase("paths");
  }

  static List<SourceFile> resolve(CaseInsensitiveStringMap options, Configuration conf) {
    List<String> given = new ArrayList<>();
    if (options.containsKey("paths")) {
      try {
        given.addAll(JSON.readValue(options.get("paths"), new TypeReference<List<String>>() {}));
      } catch (IOException e) {
        throw new IllegalArgumentException("dendrite: option paths is not a JSON array of "
            + "strings: " + options.get("paths"), e);
      }
    }
    if (options.containsKey("path")) {
      given.add(options.get("path"));
    }
    if (given.isEmpty()) {
      throw new IllegalArgumentException(
          "dendrite: no path given: use spark.read.format(\"dendrite\").load(path)");
    }
    List<SourceFile> files = new ArrayList<>();
    for (String p : given) {
      files.addAll(list(new Path(p), conf));
    }
    // Empty directories are a read of no rows (and no columns: FileSchemas), not an error: the
    // directory of a catalog table made without LOCATION is empty, and Spark loads the table
    // (asking for its schema) even to drop it.
    return files;
  }

  /**
   * One file, or the data files of a directory. Files Spark and Hadoop treat as hidden
   * ({@code _SUCCESS}, {@code .crc}) are skipped; a subdirectory is an error rather than
   * silently left out, as partitioned layouts ({@code k=v/}) are not read yet.
   */
  private static List<SourceFile> list(Path path, Configuration conf) {
    try {
      FileSystem fs = path.getFileSystem(conf);
      FileStatus status;
      try {
        status = fs.getFileStatus(path);
      } catch (FileNotFoundException e) {
        throw new IllegalArgumentException("dendrite: path does not exist: "
            + fs.makeQualified(path), e);
      }
      if (!status.isDirectory()) {
        return List.of(new SourceFile(status.getPath().toString(), status.getLen()));
      }
      List<SourceFile> out = new ArrayList<>();
      FileStatus[] children = fs.listStatus(path);
      Arrays.sort(children, Comparator.comparing(s -> s.getPath().getName()));
      for (FileStatus child : children) {
        String name = child.getPath().getName();
        if (name.startsWith("_") || name.startsWith(".")) {
          continue;
        }
        if (child.isDirectory()) {
          throw new IllegalArgumentException("dendrite: " + status.getPath()
              + " holds a directory (" + name + "): partitioned or nested directories are not"
              + " read yet; load the files or directories of files themselves");
        }
        out.add(new SourceFile(child.getPath().toString(), child.getLen()));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("dendrite: cannot list " + path + ": " + e.getMessage(), e);
    }
  }
}
