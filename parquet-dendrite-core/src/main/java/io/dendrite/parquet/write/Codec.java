package io.dendrite.parquet.write;

import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** Page compression codecs the writer offers. Snappy is the default, as in Spark. */
public enum Codec {
  SNAPPY(CompressionCodecName.SNAPPY),
  ZSTD(CompressionCodecName.ZSTD),
  GZIP(CompressionCodecName.GZIP),
  /**
   * LZ4 block format (Parquet's LZ4_RAW; not the deprecated LZ4 with Hadoop framing): larger
   * files than ZSTD, faster to decompress. Readers: parquet-java 1.13+, Spark 3.4+, DuckDB,
   * pyarrow.
   */
  LZ4_RAW(CompressionCodecName.LZ4_RAW),
  NONE(CompressionCodecName.UNCOMPRESSED);

  private final CompressionCodecName parquetName;

  Codec(CompressionCodecName parquetName) {
    this.parquetName = parquetName;
  }

  CompressionCodecName parquetName() {
    return parquetName;
  }

  /**
   * Parses {@code snappy|zstd|gzip|lz4_raw|none} (also {@code uncompressed}),
   * case-insensitively.
   */
  public static Codec parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    if (n.equals("uncompressed")) {
      return NONE;
    }
    for (Codec c : values()) {
      if (c.name().toLowerCase(Locale.ROOT).equals(n)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "unknown codec '" + name + "': expected one of snappy, zstd, gzip, lz4_raw, none");
  }
}
