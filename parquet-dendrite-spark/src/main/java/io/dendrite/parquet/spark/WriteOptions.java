package io.dendrite.parquet.spark;

import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.execution.datasources.DataSourceUtils;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The options of {@code df.write.format("dendrite")}, checked on the driver before anything is
 * written. Names are case-insensitive; an unknown name is an error naming the known ones, so a
 * misspelt option never goes unnoticed. Keys starting with {@code fs.}, {@code dfs.},
 * {@code hadoop.} or {@code mapreduce.} are Hadoop settings for the output file system and the
 * commit, as on the read side. The file settings travel to the tasks with this object.
 * {@code partitionBy}'s columns arrive as the option Spark sets for them and are decoded here
 * (checked against the DataFrame by {@link PartitionColumns}); {@code clusterBy} is refused.
 * {@code maxRecordsPerFile} and {@code partitionOverwriteMode} take Spark's names and fall back
 * to the session's settings of the same meaning.
 */
final class WriteOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String SHREDDING = "shredding";
  static final String SAMPLE_ROWS = "shreddingSampleRows";
  static final String COMPRESSION = "compression";
  static final String ROW_GROUP_SIZE = "rowGroupSize";
  static final String ROW_GROUP_ROWS = "rowGroupRows";
  static final String PAGE_SIZE = "pageSize";
  static final String PAGE_ROWS = "pageRows";
  static final String PAGE_VERSION = "pageVersion";
  /** Spark's names for these two, as its file sources take them. */
  static final String MAX_RECORDS_PER_FILE = "maxRecordsPerFile";
  static final String PARTITION_OVERWRITE_MODE = "partitionOverwriteMode";
  private static final Set<String> KNOWN = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

  static {
    KNOWN.addAll(Set.of("path", SHREDDING, SAMPLE_ROWS, COMPRESSION, ROW_GROUP_SIZE,
        ROW_GROUP_ROWS, PAGE_SIZE, PAGE_ROWS, PAGE_VERSION, MAX_RECORDS_PER_FILE,
        PARTITION_OVERWRITE_MODE));
  }

  private static final String[] HADOOP_PREFIXES = {"fs.", "dfs.", "hadoop.", "mapreduce."};
  /** Set by DataFrameWriter for partitionBy (a JSON array of names) and for clusterBy. */
  private static final String PARTITION_COLUMNS = DataSourceUtils.PARTITIONING_COLUMNS_KEY();
  private static final String CLUSTERING_COLUMNS = "__clustering_columns";

  final String path;
  /** {@code auto}, {@code none}, {@code pin:<file>} or a shredding schema's text. */
  final String shredding;
  final int sampleRows;
  private final Codec codec;
  private final Long rowGroupSize;
  private final Integer rowGroupRows;
  private final Integer pageSize;
  private final Integer pageRows;
  private final Integer pageVersion;
  /** The columns of partitionBy as given (resolved against the DataFrame by PartitionColumns). */
  final List<String> partitionBy;
  /** Null: the session's {@code spark.sql.files.maxRecordsPerFile}. */
  private final Long maxRecordsPerFile;
  /** Null: the session's {@code spark.sql.sources.partitionOverwriteMode}. */
  private final String partitionOverwriteMode;
  private final HashMap<String, String> hadoop = new HashMap<>();

  /**
   * @param options as Spark passes them (case-insensitive keys)
   * @throws IllegalArgumentException naming the option and what was expected
   */
  WriteOptions(Map<String, String> options) {
    Map<String, String> given = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    given.putAll(options);
    if (given.containsKey(CLUSTERING_COLUMNS)) {
      throw new IllegalArgumentException("dendrite: clusterBy is not supported by"
          + " format(\"dendrite\"); write without it (partitionBy is supported)");
    }
    String partitioning = given.remove(PARTITION_COLUMNS);
    partitionBy = partitioning == null ? List.of() : new ArrayList<>(
        CollectionConverters.asJava(DataSourceUtils.decodePartitioningColumns(partitioning)));
    for (Map.Entry<String, String> e : given.entrySet()) {
      String key = e.getKey();
      if (isHadoopKey(key)) {
        hadoop.put(key, e.getValue());
      } else if (!KNOWN.contains(key)) {
        throw new IllegalArgumentException("dendrite: unknown write option '" + key
            + "'; the options are " + KNOWN + ", and Hadoop settings starting with "
            + String.join(", ", HADOOP_PREFIXES));
      }
    }
    path = given.get("path");
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException(
          "dendrite: no path given: use df.write().format(\"dendrite\").save(path)");
    }
    shredding = given.getOrDefault(SHREDDING, "auto").trim();
    if (shredding.isEmpty()) {
      throw new IllegalArgumentException("dendrite: option " + SHREDDING + " is empty; expected"
          + " auto, none, pin:<file> or a shredding schema such as 'payload: {a: int64}'");
    }
    sampleRows = (int) positive(given, SAMPLE_ROWS, InferenceOptions.DEFAULTS.sampleRows(),
        Integer.MAX_VALUE);
    codec = given.containsKey(COMPRESSION) ? parse(COMPRESSION, given.get(COMPRESSION),
        Codec::parse) : Codec.SNAPPY;
    rowGroupSize = given.containsKey(ROW_GROUP_SIZE) ? bytes(given, ROW_GROUP_SIZE,
        Long.MAX_VALUE) : null;
    rowGroupRows = optionalInt(given, ROW_GROUP_ROWS);
    pageSize = given.containsKey(PAGE_SIZE) ? (int) bytes(given, PAGE_SIZE, Integer.MAX_VALUE)
        : null;
    pageRows = optionalInt(given, PAGE_ROWS);
    pageVersion = optionalInt(given, PAGE_VERSION);
    if (pageVersion != null && pageVersion != 1 && pageVersion != 2) {
      throw new IllegalArgumentException("dendrite: option " + PAGE_VERSION
          + " must be 1 or 2, got " + pageVersion);
    }
    // Any long, as Spark takes it: zero or less means no limit.
    maxRecordsPerFile = given.containsKey(MAX_RECORDS_PER_FILE) ? parse(MAX_RECORDS_PER_FILE,
        given.get(MAX_RECORDS_PER_FILE), t -> Long.parseLong(t.trim())) : null;
    partitionOverwriteMode = given.containsKey(PARTITION_OVERWRITE_MODE)
        ? overwriteMode(given.get(PARTITION_OVERWRITE_MODE)) : null;
  }

  private static String overwriteMode(String text) {
    String mode = text.trim().toLowerCase(Locale.ROOT);
    if (!mode.equals("static") && !mode.equals("dynamic")) {
      throw new IllegalArgumentException("dendrite: option " + PARTITION_OVERWRITE_MODE
          + " must be static or dynamic, got '" + text + "'");
    }
    return mode;
  }

  /**
   * The most rows in one file ({@code maxRecordsPerFile}), or 0 for no limit.
   *
   * @param sessionDefault the session's {@code spark.sql.files.maxRecordsPerFile}
   */
  long maxRecordsPerFile(long sessionDefault) {
    long max = maxRecordsPerFile != null ? maxRecordsPerFile : sessionDefault;
    return Math.max(0, max);
  }

  /**
   * Whether an overwrite replaces only the partitions written ({@code dynamic}) rather than the
   * whole path; the option wins over the session's setting, as in Spark's file sources.
   *
   * @param sessionMode the session's {@code spark.sql.sources.partitionOverwriteMode}
   */
  boolean dynamicOverwrite(String sessionMode) {
    String mode = partitionOverwriteMode != null ? partitionOverwriteMode : sessionMode;
    return mode.equalsIgnoreCase("dynamic");
  }

  private static boolean isHadoopKey(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    for (String prefix : HADOOP_PREFIXES) {
      if (k.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** The Hadoop settings among the options, to lay over the session's configuration. */
  Map<String, String> hadoopSettings() {
    return hadoop;
  }

  /** The codec's part of a file name, as Spark names its files ({@code .snappy.parquet}). */
  String fileExtension() {
    String codecPart = switch (codec) {
      case SNAPPY -> ".snappy";
      case ZSTD -> ".zstd";
      case GZIP -> ".gz";
      case LZ4_RAW -> ".lz4raw";
      case NONE -> "";
    };
    return codecPart + ".parquet";
  }

  /** Sets the file options given (the others keep DendriteWriter's defaults). */
  DendriteWriter.Builder configure(DendriteWriter.Builder b) {
    b.codec(codec);
    if (rowGroupSize != null) {
      b.rowGroupSize(rowGroupSize);
    }
    if (rowGroupRows != null) {
      b.rowGroupRows(rowGroupRows);
    }
    if (pageSize != null) {
      b.pageSize(pageSize);
    }
    if (pageRows != null) {
      b.pageRows(pageRows);
    }
    if (pageVersion != null) {
      b.pageVersion(pageVersion);
    }
    return b;
  }

  private static Integer optionalInt(Map<String, String> given, String name) {
    return given.containsKey(name) ? (int) positive(given, name, 0, Integer.MAX_VALUE) : null;
  }

  private static long positive(Map<String, String> given, String name, long absent,
      long max) {
    String text = given.get(name);
    if (text == null) {
      return absent;
    }
    long n = parse(name, text, s -> Long.parseLong(s.trim()));
    return checkRange(name, text, n, max);
  }

  /** A size in bytes: a number of bytes, or with a unit as Spark's settings take it (64m). */
  private static long bytes(Map<String, String> given, String name, long max) {
    String text = given.get(name);
    return checkRange(name, text, parse(name, text, s -> JavaUtils.byteStringAsBytes(s.trim())),
        max);
  }

  private static long checkRange(String name, String text, long n, long max) {
    if (n < 1 || n > max) {
      throw new IllegalArgumentException("dendrite: option " + name + " must be between 1 and "
          + max + ", got " + text);
    }
    return n;
  }

  private static <T> T parse(String name, String text,
      java.util.function.Function<String, T> parser) {
    try {
      return parser.apply(text);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("dendrite: option " + name + " has a bad value '"
          + text + "': " + e.getMessage(), e);
    }
  }
}
