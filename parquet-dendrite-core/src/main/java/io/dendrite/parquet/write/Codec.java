package io.dendrite.parquet.write;

import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** Page compression codecs the writer offers. Snappy is the default, as in Spark. */
public enum Codec {
  SNAPPY(CompressionCodecName.SNAPPY),
  ZSTD(CompressionCodecName.ZSTD),
  GZIP(CompressionCodecName.GZIP),
  NONE(CompressionCodecName.UNCOMPRESSED);

  private final CompressionCodecName parquetName;

  Codec(CompressionCodecName parquetName) {
    this.parquetName = parquetName;
  }

  CompressionCodecName parquetName() {
    return parquetName;
  }

  /** Parses {@code snappy|zstd|gzip|none} (also {@code uncompressed}), case-insensitively. */
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
        "unknown codec '" + name + "': expected one of snappy, zstd, gzip, none");
  }
}
