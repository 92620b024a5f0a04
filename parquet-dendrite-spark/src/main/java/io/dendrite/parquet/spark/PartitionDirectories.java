package io.dendrite.parquet.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogUtils;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The Hive-style directory of a row, {@code a=1/b=x%2Fy}, from the partition values that
 * {@link PartitionColumns#arrange} appends to each row as strings: names and values escaped by
 * Spark's own {@code ExternalCatalogUtils.getPartitionPathString} (a null or empty value is
 * {@code __HIVE_DEFAULT_PARTITION__}), so that Spark's partition discovery reads the values back.
 * Without partition columns every row's directory is null (the output path itself).
 */
final class PartitionDirectories implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String[] names;
  /** The ordinal of the first partition value: they follow the data columns. */
  private final int first;

  PartitionDirectories(List<String> names, int first) {
    this.names = names.toArray(new String[0]);
    this.first = first;
  }

  boolean partitioned() {
    return names.length > 0;
  }

  /** A reader of one task's rows, which are sorted: it builds a name only when the key changes. */
  Current current() {
    return new Current();
  }

  /** The directory of the rows of one task, remembered from the row before. */
  final class Current {
    /** The last row's values, copied (Spark reuses a row's buffer for the next row). */
    private final UTF8String[] key = new UTF8String[names.length];
    private String directory;

    private Current() {}

    /** The directory of {@code row}; the same String as for the row before when the key is. */
    String of(InternalRow row) {
      if (names.length == 0 || (directory != null && sameKey(row))) {
        return directory;
      }
      StringBuilder dir = new StringBuilder();
      for (int i = 0; i < names.length; i++) {
        UTF8String value = row.isNullAt(first + i) ? null : row.getUTF8String(first + i).clone();
        key[i] = value;
        if (i > 0) {
          dir.append('/');
        }
        dir.append(ExternalCatalogUtils.getPartitionPathString(names[i],
            value == null ? null : value.toString()));
      }
      directory = dir.toString();
      return directory;
    }

    private boolean sameKey(InternalRow row) {
      for (int i = 0; i < names.length; i++) {
        boolean isNull = row.isNullAt(first + i);
        if (isNull != (key[i] == null)
            || (!isNull && !key[i].equals(row.getUTF8String(first + i)))) {
          return false;
        }
      }
      return true;
    }
  }
}
