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
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The files a read covers: the {@code path} option ({@code load(path)}) or the {@code paths}
 * option ({@code load(p1, p2)}, a JSON array), each a file, a directory of files, or a directory
 * of Hive-style partition directories ({@link PartitionedListing}). Names are returned fully
 * qualified ({@code file:/...}, {@code hdfs://...}) as Hadoop {@code Path} strings, in a stable
 * order, with the files' lengths from the same listing.
 */
final class InputFiles {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Spark's option naming the directory where partition directories begin. */
  private static final String BASE_PATH = "basePath";

  private InputFiles() {}

  static boolean isPathOption(String key) {
    return key.equalsIgnoreCase("path") || key.equalsIgnoreCase("paths");
  }

  /**
   * The files of the paths given, with their partition columns: when a directory holds
   * subdirectories (or {@code basePath} is given), Spark's partition discovery lists them
   * ({@link PartitionedListing}); otherwise the files are listed here, unpartitioned.
   */
  static PartitionedListing resolve(CaseInsensitiveStringMap options, Configuration conf) {
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
    boolean nested = options.containsKey(BASE_PATH);
    for (String p : given) {
      Listed listed = list(new Path(p), conf);
      files.addAll(listed.files());
      nested |= listed.nested();
    }
    if (nested) {
      return PartitionedListing.discover(given.stream().map(Path::new).toList(),
          options.asCaseSensitiveMap());
    }
    // Empty directories are a read of no rows (and no columns: FileSchemas), not an error: the
    // directory of a catalog table made without LOCATION is empty, and Spark loads the table
    // (asking for its schema) even to drop it.
    return new PartitionedListing(new StructType(), List.copyOf(files));
  }

  /** The files of a path, and whether it holds a (visible) subdirectory. */
  private record Listed(List<SourceFile> files, boolean nested) {}

  /**
   * One file, or the data files of a directory. Files Spark and Hadoop treat as hidden
   * ({@code _SUCCESS}, {@code .crc}) are skipped; a subdirectory makes the read one of
   * partitioned directories, listed again by Spark's discovery.
   */
  private static Listed list(Path path, Configuration conf) {
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
        return new Listed(List.of(new SourceFile(status.getPath().toString(), status.getLen())),
            false);
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
          return new Listed(List.of(), true);
        }
        out.add(new SourceFile(child.getPath().toString(), child.getLen()));
      }
      return new Listed(out, false);
    } catch (IOException e) {
      throw new UncheckedIOException("dendrite: cannot list " + path + ": " + e.getMessage(), e);
    }
  }
}
